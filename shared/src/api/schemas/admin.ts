import { Type } from '@sinclair/typebox';
import { Id, Money, PageQuery, WholeNumber } from './common';

/** The console's requests: shapes only; each value is judged beside its rule, which says what is wrong in the reader's language. */
export const OperatorLoginRequest = Type.Object({ username: Type.String(), password: Type.String(), totp: Type.String() });
export const ReasonRequest = Type.Object({ reason: Type.String() });
export const BankRefRequest = Type.Object({ bank_ref: Type.String() });
export const CreditRequest = Type.Object({ limit: Money });
export const SettingRequest = Type.Object({ value: Type.Unknown() });
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

/** The settings' values, as kept in `settings`. */
export const TermPrice = Type.Object({
  term: WholeNumber(1, 60),
  monthly_rate_bp: WholeNumber(0, 1000),
  monthly_fee_bp: WholeNumber(0, 1000),
});
export const StoredRates = Type.Object({
  currency: Type.Literal('CNY'),
  min_amount: Money,
  max_amount: Money,
  amount_step: Money,
  terms: Type.Array(TermPrice, { minItems: 1 }),
  repayment_method: Type.Literal('equal_instalment'),
  overdue_daily_penalty_bp: WholeNumber(0, 100),
  grace_days: WholeNumber(0, 30),
  purposes: Type.Array(Type.String(), { minItems: 1 }),
});
export const PaymentChannels = Type.Array(
  Type.Object({
    code: Type.String({ minLength: 1 }),
    name: Type.String({ minLength: 1 }),
    kind: Type.Union([Type.Literal('gateway'), Type.Literal('transfer')]),
    description: Type.String(),
    enabled: Type.Boolean(),
  }),
  { minItems: 1 },
);
export const BankInfo = Type.Object({
  account_name: Type.String({ minLength: 1 }),
  account_no: Type.String({ minLength: 1 }),
  bank_name: Type.String({ minLength: 1 }),
  branch: Type.String(),
  remark_hint: Type.String(),
});
