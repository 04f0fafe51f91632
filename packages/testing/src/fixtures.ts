import type { Autopay, Instalment, LoanDetail, LoanSummary, LoginUserinfo, MyLoansPage } from '@instalment/contract/api';

// The contract's sample answers that more than one remote's tests build: one owner, one shape.

/** Far enough ahead that no test run sees it expire. */
export const FAR_EXPIRY = 4_102_444_800;

/** A login result as the server sends it (SPEC §3), valid well past any test run. */
export function loginUserinfo(overrides: Partial<LoginUserinfo> = {}): LoginUserinfo {
  return {
    token: 'token-abc',
    expiretime: FAR_EXPIRY,
    expires_in: 2_592_000,
    id: 7,
    user_id: 7,
    username: '13812345678',
    nickname: 'Li Lei',
    mobile: '13812345678',
    avatar: '',
    score: 20,
    money: '1234.50',
    createtime: 1_700_000_000,
    ...overrides,
  };
}

/** One period of a schedule: unpaid, 1,000.00 principal and 30.00 interest, due the 10th of month `period + 1` of 2025. */
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

/** A loan as my loans lists it: `index` thousand borrowed over 12 months, repaying. */
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

/** One page of my loans, ten to a page. */
export function page(list: LoanSummary[], total: number, pageNo = 1): MyLoansPage {
  return { list, total, page: pageNo, limit: 10 };
}

/** A loan whole: 3,000.00 over 3 months, one period paid. */
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

/** A borrower's automatic repayment as the server answers it: by default offered and never signed. */
export function autopayAgreement(overrides: Partial<Autopay> = {}): Autopay {
  return {
    offered: true,
    state: 'none',
    paused: false,
    terms_version: '2026-11-27',
    signed_at: null,
    ended_at: null,
    hours: [10, 16, 20],
    time_zone: 'Asia/Shanghai',
    charge_cap: '50000.00',
    monthly_cap: '500000.00',
    charges: [],
    ...overrides,
  };
}
