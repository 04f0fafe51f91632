import { Type, type TSchema } from '@sinclair/typebox';

export * from './common';
export * from './loan';
export * from './news';
export * from './user';

/** FastAdmin's envelope around an answer's data; a refusal on the same route carries null. */
export const envelopeOf = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), time: Type.Integer(), data: Type.Union([data, Type.Null()]) });
