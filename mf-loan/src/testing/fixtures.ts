import type { Instalment, LoanDetail, LoanRates, LoanSummary, MyLoansPage } from '@instalment/shared/api';

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

export function summary(index: number, overrides: Partial<LoanSummary> = {}): LoanSummary {
  return {
    order_no: `L2025${String(index).padStart(4, '0')}`,
    amount: `${1000 * index}.00`,
    term: 12,
    status: 'repaying',
    status_label: 'repaying',
    created_at: '2025-01-10T02:00:00.000Z',
    next_due_date: '2025-02-10',
    next_due_amount: '88.85',
    remaining_principal: `${1000 * index}.00`,
    ...overrides,
  };
}

export function page(list: LoanSummary[], total: number, pageNo = 1): MyLoansPage {
  return { list, total, page: pageNo, limit: 10 };
}

export function instalment(period: number, overrides: Partial<Instalment> = {}): Instalment {
  return {
    period,
    due_date: `2025-0${period + 1}-10`,
    principal: '1000.00',
    interest: '30.00',
    fee: '0.00',
    penalty: '0.00',
    total: '1030.00',
    status: 'unpaid',
    overdue_days: 0,
    paid_at: null,
    under_review: false,
    ...overrides,
  };
}

export function detail(overrides: Partial<LoanDetail> = {}): LoanDetail {
  return {
    ...summary(3),
    amount: '3000.00',
    term: 3,
    purpose: 'travel',
    real_name: 'Zhang San',
    id_card: '110***********1234',
    bank_card: '**** **** **** 6789',
    bank_name: 'Bank of China',
    monthly_rate_bp: 100,
    monthly_fee_bp: 0,
    monthly_payment: '1020.07',
    total_interest: '60.20',
    total_fee: '0.00',
    total_repayment: '3060.20',
    paid_periods: 1,
    approved_at: '2025-01-10T03:00:00.000Z',
    disbursed_at: '2025-01-10T03:00:00.000Z',
    reject_reason: null,
    settled_at: null,
    overdue_days: 0,
    penalty: '0.00',
    vouchers: [],
    apr_bp: 1200,
    ...overrides,
  };
}
