import { Type } from '@sinclair/typebox';
import { Id, Money, PageQuery } from './common';

/** The console's requests: shapes only; each value is judged beside its rule, which says what is wrong in the reader's language. */

/** POST /admin/api/auth/login. `totp`: the 6 digits of the operator's authenticator app. */
export const OperatorLoginRequest = Type.Object({ username: Type.String(), password: Type.String(), totp: Type.String() });
export const ReasonRequest = Type.Object({ reason: Type.String() });
/** A checker's decision on an approval: the reason is optional (an approval is often posted with no body). */
export const DecisionRequest = Type.Object({ reason: Type.Optional(Type.String()) });
export const BankRefRequest = Type.Object({ bank_ref: Type.String() });
export const CreditRequest = Type.Object({ limit: Money });
export const SettingRequest = Type.Object({ value: Type.Unknown() });
/** POST /admin/api/news: a draft, published later by `publish`. */
export const NewsDraftRequest = Type.Object({
  title: Type.String(),
  summary: Type.String(),
  content: Type.String(),
  author: Type.String(),
  cover: Type.Optional(Type.String()),
});

export const StatusQuery = Type.Composite([PageQuery, Type.Object({ status: Type.Optional(Type.String()) })]);
export const MobileQuery = Type.Object({ mobile: Type.String() });
export const AuditQuery = Type.Composite([PageQuery, Type.Object({ target: Type.Optional(Type.String()) })]);
export const IdParams = Type.Object({ id: Id });
export const OrderParams = Type.Object({ order_no: Type.String() });
export const SettingParams = Type.Object({ key: Type.String() });
