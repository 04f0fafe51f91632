import type { BankInfo, LoanRates, PaymentChannel, TermRate } from '@instalment/contract/api';
import { LOAN_PURPOSES } from '@instalment/contract/loan';

/** The rates as kept in `settings`: the price of each term, without what follows from it. */
export type StoredRates = Omit<LoanRates, 'terms'> & { terms: Array<Omit<TermRate, 'apr_bp'>> };

/**
 * The product the platform sells, as seeded into `settings` on first start. Prices are in
 * basis points: 0.80 %/month interest and 0.30 %/month fee for 3 months comes to an APR of
 * roughly 17 %, inside the 24 % ceiling Chinese courts enforce.
 */
export const SEED_RATES: StoredRates = {
  currency: 'CNY',
  min_amount: '1000.00',
  max_amount: '50000.00',
  amount_step: '100.00',
  terms: [
    { term: 3, monthly_rate_bp: 80, monthly_fee_bp: 30 },
    { term: 6, monthly_rate_bp: 75, monthly_fee_bp: 28 },
    { term: 12, monthly_rate_bp: 70, monthly_fee_bp: 25 },
    { term: 24, monthly_rate_bp: 65, monthly_fee_bp: 22 },
  ],
  repayment_method: 'equal_instalment',
  overdue_daily_penalty_bp: 5,
  grace_days: 0,
  purposes: [...LOAN_PURPOSES],
};

export const SEED_CHANNELS: PaymentChannel[] = [
  { code: 'alipay', name: 'Alipay', kind: 'gateway', description: 'Pay from your Alipay balance or a linked card.', enabled: true },
  { code: 'wechat', name: 'WeChat Pay', kind: 'gateway', description: 'Pay from your WeChat wallet.', enabled: true },
  { code: 'unionpay', name: 'UnionPay card', kind: 'gateway', description: 'Pay with any UnionPay debit card.', enabled: true },
  {
    code: 'transfer',
    name: 'Bank transfer',
    kind: 'transfer',
    description: 'Transfer to our account, then upload the receipt for review.',
    enabled: true,
  },
];

export const SEED_BANK_INFO: BankInfo = {
  account_name: 'Instalment Finance Co., Ltd.',
  account_no: '310066726018800012345',
  bank_name: 'Bank of Communications',
  branch: 'Shanghai Pudong Branch',
  remark_hint: 'Write your order number (it starts with L) in the transfer remark so that we can match your payment.',
};

/** The registration number of the lender of every contract (its name and address are in `server/src/i18n/contract.ts`). */
export const LENDER_ID = '91310115MA1K4XXXXX';
