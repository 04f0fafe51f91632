import { Type } from '@sinclair/typebox';
import { BANK_INFO_LIMITS, BANK_NAME_INPUT_MAX, CHANNEL_LIMITS, LONGEST_TERM } from './bounds';
import { Money, WholeNumber } from './common';
import { LoanPurpose } from './loan';

/**
 * The product as configured in `settings`: its rates, payment channels and receiving account.
 * The same shapes judge an operator's new value (POST /admin/api/settings/:key) and write the
 * answers that show them (GET /api/loan/rates, channels, bankInfo; GET /admin/api/settings).
 *
 * Rates are integers in basis points (1 bp = 0.01 %) so that client and server compute the
 * same fen from the same integers: `monthly_rate_bp: 80` is 0.80 % interest per month.
 */

/** One term offered, with its price, as kept. */
export const TermPrice = Type.Object({
  /** Months. */
  term: WholeNumber(1, LONGEST_TERM),
  /** Interest per month on the outstanding principal, in bp. */
  monthly_rate_bp: WholeNumber(0, 1000),
  /** Service fee per month on the original amount, in bp. */
  monthly_fee_bp: WholeNumber(0, 1000),
});

/** How the schedule is built: equal monthly instalments of principal and interest. */
export const RepaymentMethod = Type.Literal('equal_instalment');

/** The rates as kept in `settings`: the price of each term, without what follows from it. */
export const StoredRates = Type.Object({
  currency: Type.Literal('CNY'),
  min_amount: Money,
  max_amount: Money,
  amount_step: Money,
  terms: Type.Array(TermPrice, { minItems: 1, maxItems: LONGEST_TERM }),
  repayment_method: RepaymentMethod,
  /** Penalty per overdue day on the overdue instalment's principal + interest, in bp. */
  overdue_daily_penalty_bp: WholeNumber(0, 100),
  /** Days after the due date before an unpaid instalment counts as overdue. */
  grace_days: WholeNumber(0, 30),
  /** Only purposes the app can name: the answers that show the rates write no other. */
  purposes: Type.Array(LoanPurpose, { minItems: 1, maxItems: LoanPurpose.anyOf.length }),
});

/** One term offered, with its price and the rate that follows from it. */
export const TermRate = Type.Composite([
  TermPrice,
  Type.Object({
    /**
     * The annual percentage rate disclosed to the borrower (PBoC announcement [2021] No. 3):
     * 12 × the monthly internal rate of return of the amount disbursed against every instalment
     * with its fee, in bp. Computed by `annualRateBp` in `loan/`.
     */
    apr_bp: Type.Integer(),
  }),
]);

/** GET /api/loan/rates: the offer, each term with its APR. */
export const LoanRates = Type.Composite([Type.Omit(StoredRates, ['terms']), Type.Object({ terms: Type.Array(TermRate) })]);

/**
 * GET /api/loan/rates as the app reads it: the offer, and the lender's calendar. `business_timezone`
 * is the server's BUSINESS_TIMEZONE, in which due dates, "today" and the days of instants are read
 * (absent from an older server: the default zone).
 */
export const OfferedRates = Type.Composite([LoanRates, Type.Object({ business_timezone: Type.Optional(Type.String()) })]);

export const ChannelKind = Type.Union([Type.Literal('gateway'), Type.Literal('transfer')]);

export const PaymentChannel = Type.Object({
  code: Type.String({ minLength: 1, maxLength: CHANNEL_LIMITS.code }),
  name: Type.String({ minLength: 1, maxLength: CHANNEL_LIMITS.name }),
  kind: ChannelKind,
  description: Type.String({ maxLength: CHANNEL_LIMITS.description }),
  enabled: Type.Boolean(),
});

/** GET /api/loan/channels. */
export const PaymentChannels = Type.Array(PaymentChannel, { minItems: 1, maxItems: CHANNEL_LIMITS.channels });

/** GET /api/loan/bankInfo: the platform's receiving account for a bank transfer. */
export const BankInfo = Type.Object({
  account_name: Type.String({ minLength: 1, maxLength: BANK_INFO_LIMITS.accountName }),
  account_no: Type.String({ minLength: 1, maxLength: BANK_INFO_LIMITS.accountNo }),
  bank_name: Type.String({ minLength: 1, maxLength: BANK_NAME_INPUT_MAX }),
  branch: Type.String({ maxLength: BANK_INFO_LIMITS.branch }),
  /** What to write in the transfer's remark so the payment can be matched. */
  remark_hint: Type.String({ maxLength: BANK_INFO_LIMITS.remarkHint }),
});
