import type { Static } from '@sinclair/typebox';
import type * as schema from '../schemas';

/**
 * The loan contract's types, each derived from its schema in `schemas/` (the one owner of the
 * shape and its meaning): the server validates and serializes with the schema, clients compile
 * against the type.
 */

/** Loan statuses; the rules for moving between them live in `loan/status.ts`. */
export type LoanStatus = Static<typeof schema.LoanStatus>;
export type TermRate = Static<typeof schema.TermRate>;
export type RepaymentMethod = Static<typeof schema.RepaymentMethod>;
export type LoanRates = Static<typeof schema.LoanRates>;
export type OfferedRates = Static<typeof schema.OfferedRates>;
export type LoanPurpose = Static<typeof schema.LoanPurpose>;

/** POST /api/loan/create (the schema takes any purpose text, so the shared rules can say what is wrong with it). */
export type LoanApplication = Omit<Static<typeof schema.LoanApplication>, 'purpose'> & { purpose: LoanPurpose };
export type LoanCreated = Static<typeof schema.LoanCreated>;

export type LoanSummary = Static<typeof schema.LoanSummary>;
export type MyLoansQuery = Static<typeof schema.MyLoansQuery>;
export type MyLoansPage = Static<typeof schema.MyLoansPage>;
export type OrderQuery = Static<typeof schema.OrderQuery>;
export type LoanDetail = Static<typeof schema.LoanDetail>;

export type InstalmentStatus = Static<typeof schema.InstalmentStatus>;
export type Instalment = Static<typeof schema.Instalment>;
export type ScheduleInstalment = Static<typeof schema.ScheduleInstalment>;
export type InstalmentsResult = Static<typeof schema.InstalmentsResult>;

export type ProofStatus = Static<typeof schema.ProofStatus>;
export type Proof = Static<typeof schema.Proof>;
export type ProofRequest = Static<typeof schema.ProofRequest>;
export type WithdrawProofRequest = Static<typeof schema.WithdrawProofRequest>;

export type ContractClause = Static<typeof schema.ContractClause>;
export type ContractParty = Static<typeof schema.ContractParty>;
export type ContractInfo = Static<typeof schema.ContractInfo>;

export type CashierQuery = Static<typeof schema.CashierQuery>;
export type PayoffQuote = Static<typeof schema.PayoffQuote>;
export type Cashier = Static<typeof schema.Cashier>;
export type PaymentStatus = Static<typeof schema.PaymentStatus>;
export type PaymentStanding = Static<typeof schema.PaymentStanding>;
export type PaymentState = Static<typeof schema.PaymentState>;
export type CreditLine = Static<typeof schema.CreditLine>;
export type CreditBlock = Static<typeof schema.CreditBlock>;

export type PaymentChannel = Static<typeof schema.PaymentChannel>;
export type ChannelKind = Static<typeof schema.ChannelKind>;
/** GET /api/loan/bankInfo: the platform's receiving account for a bank transfer. */
export type BankInfo = Static<typeof schema.BankInfo>;

/**
 * How a gateway payment ended, as the gateway reports it in the return URL's `result`.
 * `repriced`: what is due changed since the payment was opened (a day passed, a penalty grew);
 * nothing was charged or recorded and the cashier shows the new price.
 */
export type PaymentResult = 'success' | 'cancelled' | 'failed' | 'repriced';
