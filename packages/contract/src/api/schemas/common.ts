import { Type, type Static, type TInteger, type TSchema, type TString } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../paging';
import { MONEY_MAX } from './bounds';

/**
 * Shapes shared by every part of the contract, as JSON Schema (TypeBox): the server validates
 * requests and serializes answers with them, and the contract's TypeScript types are derived
 * from them (`types/`), so the two cannot drift.
 *
 * Money travels as a string with exactly two decimals ("1234.56"): the server computes in
 * integer fen and the client never does arithmetic on floats it did not create itself.
 * Times travel as ISO 8601 strings (`*_at`) or, where SPEC §3 fixes it, epoch seconds
 * (`expiretime`, `createtime`); never both for one field. Calendar dates (due dates) are
 * `YYYY-MM-DD` in the platform's time zone.
 */
export const Money = Type.String({ maxLength: MONEY_MAX, description: 'Yuan with exactly two decimals, e.g. "1234.56".' });
export const IsoDateTime = Type.String({ description: 'ISO 8601 instant.' });
export const CalendarDate = Type.String({ description: 'YYYY-MM-DD in the platform time zone.' });

/**
 * A text or number that may be null, as `type: [..., 'null']` rather than an `anyOf`: the
 * serializer writes it directly instead of testing each branch against the value.
 */
export const Nullable = <T extends TString | TInteger>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });

/** One page of a list, for every paged call (SPEC §7: page defaults to 1, limit to 10). */
export const Paged = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), page: Type.Integer(), limit: Type.Integer() });

/** A whole number in [minimum, maximum] (the refusal names the range). */
export const WholeNumber = (minimum: number, maximum: number, fallback?: number) =>
  Type.Integer({ minimum, maximum, ...(fallback === undefined ? {} : { default: fallback }) });

/** A record's id. */
export const Id = WholeNumber(1, 1_000_000_000);

export const PageQuery = Type.Object({
  page: Type.Optional(WholeNumber(1, 100_000, 1)),
  limit: Type.Optional(WholeNumber(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE)),
});

/** GET /health and /health/live (the process answers), /health/ready when it may take traffic. */
export const Health = Type.Object({ status: Type.Literal('up') });
/** GET /health/ready's 503: why this process should not be sent requests now. */
export const NotReady = Type.Object({
  status: Type.Literal('not_ready'),
  problems: Type.Array(
    Type.Union([
      Type.Literal('draining'),
      Type.Literal('database'),
      Type.Literal('migrations'),
      Type.Literal('keys'),
      Type.Literal('storage'),
    ]),
  ),
});
