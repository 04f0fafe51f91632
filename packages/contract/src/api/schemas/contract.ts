import { Type } from '@sinclair/typebox';
import { IsoDateTime, Money, Nullable } from './common';
import { RepaymentMethod } from './catalogue';

export const ContractClause = Type.Object({ title: Type.String(), body: Type.String() });

export const ContractParty = Type.Object({
  role: Type.String(),
  name: Type.String(),
  /** Masked id card (borrower) or registration number (lender). */
  id: Type.String(),
  address: Type.Optional(Type.String()),
});

/** GET /api/loan/getContractInfo. Without order_no: the template shown before applying. */
export const ContractInfo = Type.Object({
  contract_no: Nullable(Type.String()),
  order_no: Nullable(Type.String()),
  title: Type.String(),
  lender: ContractParty,
  borrower: Type.Union([ContractParty, Type.Null()]),
  amount: Nullable(Money),
  term: Nullable(Type.Integer()),
  monthly_rate_bp: Nullable(Type.Integer()),
  monthly_fee_bp: Nullable(Type.Integer()),
  /** The annual percentage rate (see `TermRate.apr_bp`); null only on the template without a term. */
  apr_bp: Nullable(Type.Integer()),
  repayment_method: RepaymentMethod,
  signed_at: Nullable(IsoDateTime),
  clauses: Type.Array(ContractClause),
});
