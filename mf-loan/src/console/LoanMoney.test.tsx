import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AuditEntry, OperatorRole, ConsoleInstalment, ConsoleLoanView, ConsoleProof } from '@instalment/contract/api';
import { createTestHost, renderWithHost } from '@instalment/testing/host';
import { Underwriting } from './Underwriting';

const ORDER = 'L20261125000009';

const instalment = (period: number, paid: Pick<ConsoleInstalment, 'paid_at' | 'paid_how'> | null): ConsoleInstalment => ({
  period,
  due_date: `2026-0${period + 1}-15`,
  principal: '4000.00',
  interest: '100.00',
  fee: '20.00',
  penalty: '0.00',
  total: '4120.00',
  status: paid ? 'paid' : 'unpaid',
  overdue_days: 0,
  paid_at: paid?.paid_at ?? null,
  under_review: false,
  paid_how: paid?.paid_how ?? null,
});

const proof = (id: number, status: ConsoleProof['status'], decided: Partial<ConsoleProof>): ConsoleProof => ({
  id,
  order_no: ORDER,
  mobile: '13800001234',
  real_name: 'Li Lei',
  periods: [1],
  amount: '4120.00',
  remark: '',
  status,
  created_at: '2026-02-10T02:00:00.000Z',
  bank_ref: null,
  reject_reason: null,
  approval_id: null,
  decided_by: null,
  decided_at: null,
  ...decided,
});

const APPROVED: ConsoleLoanView = {
  order_no: ORDER,
  user_id: 7,
  mobile: '13800001234',
  real_name: 'Li Lei',
  amount: '12000.00',
  term: 3,
  status: 'approved',
  bank_name: 'Industrial and Commercial Bank of China',
  bank_card: '**** **** **** 3445',
  created_at: '2026-01-15T02:00:00.000Z',
  approved_at: '2026-01-15T03:00:00.000Z',
  disbursed_at: null,
  disbursement_ref: null,
  reject_reason: null,
  approval_id: null,
  disbursement_ask: null,
  instalments: [],
  vouchers: [],
  payments: [],
  audit: [],
  apr_bp: 1490,
  penalty: '0.00',
  overdue_days: 0,
  account_closed_at: null,
  identity: { real_name: 'Li Lei', id_card: '110***********1234', age: 35, age_allowed: true, matches_account: true },
  purpose: 'consumption',
  monthly_rate_bp: 70,
  monthly_fee_bp: 0,
  credit: { limit: '50000.00', used: '12000.00', available: '38000.00', blocked: null },
  earlier_loans: [],
  consents: [],
  reject_code: null,
};

const PAYEE = {
  order_no: ORDER,
  real_name: 'Li Lei',
  bank_name: 'Industrial and Commercial Bank of China',
  bank_card: '6222020200112233445',
};

async function shown(view: ConsoleLoanView, { locale = 'en', roles }: { locale?: 'en' | 'zh-CN'; roles: OperatorRole[] }) {
  const { host, ui } = createTestHost({ locale });
  const get = jest.spyOn(host.http, 'get').mockImplementation(async (url: string) => (url.endsWith('/payee') ? PAYEE : view));
  const post = jest.spyOn(host.http, 'post').mockResolvedValue({ approval_id: 12, status: 'awaiting' });
  renderWithHost(host, <Underwriting orderNo={ORDER} operator={{ username: 'fin.ann', roles, business_timezone: 'Asia/Shanghai' }} />);
  await act(async () => {});
  return { get, post, ui };
}

const part = (name: string) => screen.getByRole('region', { name });

test('finance reads the full payee account when it asks, and asks to disburse from the loan page', async () => {
  const { get, post, ui } = await shown(APPROVED, { roles: ['finance'] });
  const disbursement = part('Disbursement');
  expect(disbursement).toHaveTextContent('Not sent yet');
  expect(disbursement).not.toHaveTextContent('6222020200112233445');

  await act(async () => {
    fireEvent.click(within(disbursement).getByRole('button', { name: `Full payee account of ${ORDER}` }));
  });
  expect(get).toHaveBeenCalledWith(`/admin/api/loans/${ORDER}/payee`, undefined, undefined);
  expect(within(disbursement).getByText('Card number').nextElementSibling).toHaveTextContent('6222020200112233445');
  expect(within(disbursement).getByText('Payee').nextElementSibling).toHaveTextContent('Li Lei');

  fireEvent.change(within(disbursement).getByRole('textbox', { name: 'Bank reference' }), { target: { value: 'ICBC-77' } });
  await act(async () => {
    fireEvent.click(within(disbursement).getByRole('button', { name: `Ask to disburse ${ORDER}` }));
  });
  expect(post).toHaveBeenCalledWith(`/admin/api/loans/${ORDER}/disburse`, { bank_ref: 'ICBC-77' }, undefined);
  expect(ui.toast).toHaveBeenCalledWith('Waiting for a second operator (approval #12).', 'info');
});

test('support and reviewers keep the masked card and are offered neither the payee nor the ask', async () => {
  for (const roles of [['support'], ['reviewer']] as OperatorRole[][]) {
    const { get } = await shown(APPROVED, { roles });
    const disbursement = part('Disbursement');
    expect(within(disbursement).queryByRole('button', { name: /Full payee account/ })).toBeNull();
    expect(within(disbursement).queryByRole('button', { name: /Ask to disburse/ })).toBeNull();
    expect(get).not.toHaveBeenCalledWith(`/admin/api/loans/${ORDER}/payee`);
    document.body.innerHTML = '';
  }
});

test('a disbursement waiting for a second operator is shown instead of the ask; a declined one says by whom and why', async () => {
  const ask = { id: 12, maker: 'fin.ann', created_at: '2026-01-15T04:00:00.000Z', checker: null, decided_at: null, reason: null };
  await shown({ ...APPROVED, approval_id: 12, disbursement_ask: { ...ask, status: 'awaiting' } }, { roles: ['finance'] });
  expect(part('Disbursement')).toHaveTextContent('Asked for by fin.ann: waiting #12 for a second finance operator.');
  expect(screen.queryByRole('button', { name: /Ask to disburse/ })).toBeNull();
  document.body.innerHTML = '';

  const declined = {
    ...ask,
    status: 'declined' as const,
    checker: 'fin.bob',
    decided_at: '2026-01-15T05:00:00.000Z',
    reason: 'payee name differs',
  };
  await shown({ ...APPROVED, disbursement_ask: declined }, { roles: ['finance'], locale: 'zh-CN' });
  expect(part('放款')).toHaveTextContent('fin.bob 已驳回（2026-01-15 13:00）：payee name differs');
  expect(screen.getByRole('button', { name: `发起放款 ${ORDER}` })).toBeInTheDocument();
});

test('a repaying loan shows when its money was sent, and each instalment when and how it was paid', async () => {
  const repaying: ConsoleLoanView = {
    ...APPROVED,
    status: 'repaying',
    disbursed_at: '2026-01-15T06:00:00.000Z',
    disbursement_ref: 'ICBC-78',
    instalments: [
      instalment(1, { paid_at: '2026-02-10T02:00:00.000Z', paid_how: { by: 'proof', channel: null, payment_no: null, voucher_id: 4 } }),
      instalment(2, {
        paid_at: '2026-03-10T02:00:00.000Z',
        paid_how: { by: 'cashier', channel: 'alipay', payment_no: 'P2026031000AAAAAAAAAA', voucher_id: null },
      }),
      instalment(3, null),
    ],
    vouchers: [
      proof(5, 'rejected', {
        reject_reason: 'The amount on the receipt differs.',
        decided_by: 'fin.bob',
        decided_at: '2026-02-09T02:00:00.000Z',
      }),
      proof(4, 'approved', { decided_by: 'fin.cat', decided_at: '2026-02-10T02:00:00.000Z' }),
    ],
    audit: [
      {
        id: 41,
        at: '2026-02-09T02:00:00.000Z',
        username: 'fin.bob',
        roles: ['finance'],
        action: 'voucher.reject',
        target: 'voucher:5',
        before: { status: 'pending' },
        after: { status: 'rejected', reject_reason: 'The amount on the receipt differs.' },
        changes: [],
        outcome: 'done',
        reason: 'The amount on the receipt differs.',
        address: '10.0.0.2',
      } satisfies AuditEntry,
    ],
  };
  await shown(repaying, { roles: ['support'] });
  expect(part('Disbursement')).toHaveTextContent(/Sent \(Asia\/Shanghai\)\s*2026-01-15 14:00/);
  expect(part('Disbursement')).toHaveTextContent(/Bank reference\s*ICBC-78/);
  const rows = within(screen.getByRole('table', { name: 'Instalments' })).getAllByRole('row');
  expect(rows[1]).toHaveTextContent(/2026-02-10 10:00.*Transfer proof #4/);
  expect(rows[2]).toHaveTextContent(/2026-03-10 10:00.*Cashier · Alipay/);
  expect(rows[3]).not.toHaveTextContent(/Cashier|proof/);
  const proofs = within(screen.getByRole('table', { name: 'Transfer proofs' })).getAllByRole('row');
  expect(proofs[1]).toHaveTextContent('Rejected by fin.bob: The amount on the receipt differs.');
  expect(proofs[2]).toHaveTextContent('Confirmed by fin.cat');
  expect(screen.getByRole('table', { name: 'History' })).toHaveTextContent(
    'Proof rejected · proof #5 (Done): The amount on the receipt differs.',
  );
});
