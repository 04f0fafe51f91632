import { Type, type TLiteral } from '@sinclair/typebox';
import { CONSOLE_MAX_PAGE_SIZE, CONSOLE_SORTS, DEFAULT_CONSOLE_PAGE_SIZE } from '../../paging';
import { TARGET_MAX, Text, USERNAME_MAX, WORD_MAX } from './bounds';
import { WholeNumber } from './common';

/**
 * The console's list queries: pages of up to `CONSOLE_MAX_PAGE_SIZE` rows (the borrower's app
 * keeps `PageQuery`'s smaller pages), a sort by one of the columns each list shows, and filters.
 * `from`/`to` are calendar days in the business time zone, both included.
 */

/** The longest search a loan list accepts: an order number, a phone or a name. */
export const SEARCH_MAX = 64;

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)) as Array<TLiteral<T>>);

const page = {
  page: Type.Optional(WholeNumber(1, 100_000, 1)),
  limit: Type.Optional(WholeNumber(1, CONSOLE_MAX_PAGE_SIZE, DEFAULT_CONSOLE_PAGE_SIZE)),
};

/** A calendar day, YYYY-MM-DD. */
export const Day = Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$', maxLength: 10 });

const days = { from: Type.Optional(Day), to: Type.Optional(Day) };
const status = { status: Type.Optional(Text(WORD_MAX)) };
const sorted = <T extends string>(columns: readonly T[]) => ({
  sort: Type.Optional(literals(columns)),
  order: Type.Optional(literals(['asc', 'desc'] as const)),
});

/** GET /admin/api/loans; `q`: part of an order number or a phone, or part of the borrower's name. */
export const LoanListQuery = Type.Object({
  ...page,
  ...status,
  ...days,
  ...sorted(CONSOLE_SORTS.loans),
  q: Type.Optional(Text(SEARCH_MAX)),
});
/** `q`: part of an order number or of a phone. */
export const ProofListQuery = Type.Object({
  ...page,
  ...status,
  ...days,
  ...sorted(CONSOLE_SORTS.vouchers),
  q: Type.Optional(Text(SEARCH_MAX)),
});
export const PaymentListQuery = Type.Object({ ...page, ...status, ...days, ...sorted(CONSOLE_SORTS.payments) });
/** The approvals and news lists: a status and a page. */
export const ConsoleStatusQuery = Type.Object({ ...page, ...status });
/**
 * GET /admin/api/audit, between two days: `operator`, the start of a username in any case;
 * `target`, what a row is about (`loan:L1`, `settings`), or an order number or a phone, which
 * finds the rows about that loan or that borrower and their loans; `action`, one action.
 * `reads: 'folded'` answers the reads as one row per operator, action and hour with their
 * count (`AuditEntry.reads`); changes and refusals are always each a row.
 */
export const AuditListQuery = Type.Object({
  ...page,
  ...days,
  ...sorted(CONSOLE_SORTS.audit),
  target: Type.Optional(Text(TARGET_MAX)),
  operator: Type.Optional(Text(USERNAME_MAX)),
  action: Type.Optional(Text(WORD_MAX)),
  reads: Type.Optional(literals(['each', 'folded'] as const)),
});

/** The exports take their list's filters and sort; they write every row, so no page. */
export const LoanExportQuery = Type.Omit(LoanListQuery, ['page', 'limit']);
export const PaymentExportQuery = Type.Omit(PaymentListQuery, ['page', 'limit']);
/** An audit export is evidence: every row, reads unfolded. */
export const AuditExportQuery = Type.Omit(AuditListQuery, ['page', 'limit', 'reads']);

/** An export's answer: a CSV file in UTF-8 with its byte order mark. */
export const CsvFile = Type.Unsafe<unknown>({ type: 'string', description: 'text/csv; charset=utf-8, with a BOM.' });
