import type { LoanRates } from '@instalment/contract/api';

/** The loan terms on offer, as only this remote's tests ask for them. */
export const RATES: LoanRates = {
  currency: 'CNY',
  min_amount: '1000.00',
  max_amount: '50000.00',
  amount_step: '100.00',
  terms: [
    { term: 3, monthly_rate_bp: 100, monthly_fee_bp: 0, apr_bp: 1200 },
    { term: 6, monthly_rate_bp: 100, monthly_fee_bp: 50, apr_bp: 2222 },
    { term: 12, monthly_rate_bp: 100, monthly_fee_bp: 0, apr_bp: 1200 },
  ],
  repayment_method: 'equal_instalment',
  overdue_daily_penalty_bp: 5,
  grace_days: 3,
  purposes: ['consumption', 'education', 'travel', 'home', 'medical', 'other'],
};
