import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AuditEntry, OperatorRole, ConsoleLoanView } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { Underwriting } from './Underwriting';

const VIEW: ConsoleLoanView = {
  order_no: 'L20261125000002',
  user_id: 7,
  mobile: '13800001234',
  real_name: 'Li Lei',
  amount: '3000.00',
  term: 6,
  status: 'pending',
  bank_name: 'Industrial and Commercial Bank of China',
  bank_card: '**** **** **** 3445',
  // 23:30 UTC is the next day in Shanghai.
  created_at: '2026-11-25T23:30:00.000Z',
  approved_at: null,
  disbursed_at: null,
  disbursement_ref: null,
  reject_reason: null,
  approval_id: null,
  disbursement_ask: null,
  instalments: [],
  vouchers: [],
  payments: [],
  audit: [],
  apr_bp: 2222,
  penalty: '0.00',
  overdue_days: 0,
  account_closed_at: null,
  identity: { real_name: 'Li Lei', id_card: '110***********1234', age: 35, age_allowed: true, matches_account: true },
  purpose: 'education',
  monthly_rate_bp: 100,
  monthly_fee_bp: 50,
  credit: { limit: '50000.00', used: '11000.00', available: '39000.00', blocked: null },
  earlier_loans: [
    {
      order_no: 'L20261001000001',
      status: 'repaying',
      amount: '12000.00',
      term: 3,
      created_at: '2026-10-01T02:00:00.000Z',
      paid_on_time: 0,
      paid_late: 1,
      worst_overdue_days: 14,
    },
  ],
  consents: [
    { document: 'terms', version: '2026-11-23', agreed_at: '2026-10-01T01:00:00.000Z', address: '10.0.0.1' },
    { document: 'privacy', version: '2026-11-23', agreed_at: '2026-10-01T01:00:00.000Z', address: '10.0.0.1' },
  ],
  reject_code: null,
};

async function shown(
  view: ConsoleLoanView,
  { locale = 'en', roles = ['reviewer'] }: { locale?: 'en' | 'zh-CN'; roles?: OperatorRole[] } = {},
) {
  const { host, ui } = createTestHost({ locale });
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(view);
  const post = jest.spyOn(host.http, 'post').mockResolvedValue({ order_no: view.order_no, status: 'rejected' });
  renderWithHost(host, <Underwriting orderNo={view.order_no} operator={{ username: 'ann', roles, business_timezone: 'Asia/Shanghai' }} />);
  await act(async () => {});
  return { get, post, ui };
}

const part = (name: string) => screen.getByRole('region', { name });
/** The value beside a label in a part's rows. */
const row = (container: HTMLElement, label: string) => within(container).getByText(label).nextElementSibling;

test('each section is named and shows what the reviewer weighs, times in the business zone', async () => {
  const { get } = await shown(VIEW);
  expect(get).toHaveBeenCalledWith('/admin/api/loans/L20261125000002', undefined, undefined);
  expect(row(part('Identity'), 'ID number')).toHaveTextContent('110***********1234');
  expect(row(part('Identity'), 'Age')).toHaveTextContent('35, within the product’s 18–60');
  expect(row(part('Application'), 'Purpose')).toHaveTextContent('education');
  expect(row(part('Application'), 'Applied (Asia/Shanghai)')).toHaveTextContent('2026-11-26 07:30');
  expect(row(part('Price and APR'), 'APR the borrower was shown')).toHaveTextContent('22.22%');
  expect(row(part('Price and APR'), 'Monthly service fee')).toHaveTextContent('0.50%');
  expect(row(part('Bank card'), 'Card')).toHaveTextContent('**** **** **** 3445');
  expect(row(part('Credit line'), 'Available')).toHaveTextContent('¥39,000.00');

  const earlier = within(part('Earlier loans')).getByRole('table');
  expect(within(earlier).getByRole('columnheader', { name: 'Worst overdue (days)' })).toBeInTheDocument();
  expect(within(earlier).getAllByRole('row')[1]).toHaveTextContent(/L20261001000001.*2026-10-01.*repaying.*0.*1.*14/);
  const consents = within(part('Consents')).getAllByRole('row');
  expect(consents[1]).toHaveTextContent(/Terms of service.*2026-11-23.*2026-10-01 09:00/);

  // Empty parts say what they lack.
  expect(within(part('Transfer proofs')).getByText('No transfer proofs.')).toBeInTheDocument();
  expect(within(part('Staff actions')).getByText('No staff action on this loan yet.')).toBeInTheDocument();
});

test('a reviewer rejects with a reason from the picklist and words of their own', async () => {
  const { post, ui } = await shown(VIEW);
  const form = screen.getByRole('form', { name: 'Reject application L20261125000002' });
  const reject = within(form).getByRole('button', { name: 'Reject' });
  expect(reject).toBeDisabled();
  fireEvent.change(within(form).getByRole('combobox', { name: 'Reason for rejecting' }), { target: { value: 'income_insufficient' } });
  const words = within(form).getByRole('textbox', { name: 'Words for the borrower (needed with “Another reason”)' });
  expect(words).toHaveAttribute('maxLength', '200');
  fireEvent.change(words, { target: { value: 'Payslips cover two months only.' } });
  await act(async () => {
    fireEvent.submit(form);
  });
  expect(post).toHaveBeenCalledWith(
    '/admin/api/loans/L20261125000002/reject',
    {
      reason_code: 'income_insufficient',
      reason: 'Payslips cover two months only.',
    },
    undefined,
  );
  expect(ui.toast).toHaveBeenCalledWith('Done.', 'success');
});

test('a reviewer approves from the view', async () => {
  const { post, get } = await shown(VIEW);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Approve L20261125000002' }));
  });
  expect(post).toHaveBeenCalledWith('/admin/api/loans/L20261125000002/approve', undefined, undefined);
  // The view is read again, so it shows the loan's new status.
  expect(get).toHaveBeenCalledTimes(2);
});

test('a support operator reads the view without the decision', async () => {
  await shown(VIEW, { roles: ['support'] });
  expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  expect(screen.queryByRole('form', { name: /^Reject/ })).toBeNull();
});

test('in Chinese: the picklist, an empty history and the reason the borrower reads', async () => {
  await shown(
    { ...VIEW, status: 'rejected', earlier_loans: [], reject_code: 'existing_overdue', reject_reason: '第二期逾期 14 天' },
    { locale: 'zh-CN' },
  );
  expect(within(part('历史借款')).getByText('没有历史借款。')).toBeInTheDocument();
  expect(within(part('员工操作')).getByText('借款人看到：您有逾期未还的分期：第二期逾期 14 天')).toBeInTheDocument();
  expect(screen.queryByRole('form')).toBeNull();
});

test("the loan's history says why a change was declined", async () => {
  const declined: AuditEntry = {
    id: 40,
    at: '2026-11-26T02:00:00.000Z',
    username: 'fin.bob',
    roles: ['finance'],
    action: 'approval.decline',
    target: `loan:${VIEW.order_no}`,
    before: { status: 'approved' },
    after: { approval_id: 3, kind: 'loan.disburse', status: 'declined', reason: 'payee name differs', result: null },
    changes: [],
    outcome: 'done',
    reason: 'payee name differs',
    address: '10.0.0.2',
  };
  await shown({ ...VIEW, audit: [declined] });
  expect(screen.getByRole('table', { name: 'History' })).toHaveTextContent('Change declined (Done): payee name differs');
});

test("a closed account's loan reads closed and offers no decision, even to a reviewer", async () => {
  await shown({ ...VIEW, account_closed_at: '2026-11-26T02:00:00.000Z' });
  expect(screen.getByRole('status')).toHaveTextContent('The borrower closed their account on 2026-11-26: this loan is read-only.');
  expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  expect(screen.queryByRole('form', { name: /^Reject/ })).toBeNull();
});
