import { Type, type TSchema } from '@sinclair/typebox';

export * from './admin';
export * from './autopay';
export * from './bounds';
export * from './catalogue';
export * from './common';
export * from './console-lists';
export * from './contract';
export * from './dev';
export * from './loan';
export * from './news';
export * from './operator-accounts';
export * from './operators';
export * from './portfolio';
export * from './reconciliation';
export * from './releases';
export * from './reports';
export * from './repayment';
export * from './sandbox';
export * from './console-reads';
export * from './telemetry';
export * from './underwriting';
export * from './upload';
export * from './user';

/**
 * FastAdmin's envelope around a successful answer's data. (A refusal on the same route is
 * written without the schema: its data is null or the refusal's own.)
 */
/** The data of an answer that only says it was done. */
export const NoData = Type.Null();

export const envelopeOf = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), time: Type.Integer(), data });
