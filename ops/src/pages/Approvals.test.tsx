import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN_ENDPOINTS, type Approval, type ApprovalDecided, type Listing, type OperatorRole } from '@instalment/contract/api';
import { HostContext } from '@instalment/host-sdk/host';
import { createConsoleHost } from '../host/createConsoleHost';
import { Approvals } from './Approvals';

const NOW = Date.parse('2026-11-26T04:00:00.000Z');
const DISBURSEMENT: Approval = {
  id: 7,
  kind: 'loan.disburse',
  target: 'loan:LN20261126001',
  payload: { bank_ref: 'ICBC-20261126-7' },
  before: { status: 'approved' },
  subject: { about: 'disbursement', borrower: 'Li Lei', phone: '138****5678', order_no: 'LN20261126001', amount: '12000.00', term: 3 },
  maker: 'fin.ann',
  created_at: '2026-11-26T01:00:00.000Z',
  status: 'awaiting',
  checker: null,
  decided_at: null,
  reason: null,
  may_decide: true,
};
const RATES: Approval = {
  ...DISBURSEMENT,
  id: 8,
  kind: 'setting.loan_rates',
  target: 'setting:loan_rates',
  payload: { value: {} },
  subject: {
    about: 'setting',
    changes: [
      { path: 'terms[2].monthly_rate_bp', term: 12, channel: null, field: 'monthly_rate_bp', before: '70', after: '65' },
      { path: 'terms[2].apr_bp', term: 12, channel: null, field: 'apr_bp', before: '1490', after: '1390' },
    ],
  },
};
const CHANNELS: Approval = {
  ...DISBURSEMENT,
  id: 10,
  kind: 'setting.payment_channels',
  target: 'setting:payment_channels',
  payload: { value: [] },
  subject: {
    about: 'setting',
    changes: [{ path: '[1].enabled', term: null, channel: 'Alipay', field: 'enabled', before: 'true', after: 'false' }],
  },
};

const PROOF: Approval = {
  ...DISBURSEMENT,
  id: 9,
  kind: 'voucher.confirm',
  target: 'voucher:4',
  subject: {
    about: 'proof',
    voucher_id: 4,
    borrower: 'Li Lei',
    phone: '138****5678',
    order_no: 'LN20261126001',
    periods: [1, 2],
    amount: '8200.00',
  },
};

/** The inbox as `username` with `roles` sees it, the server answering `list`. */
async function shown(
  username: string,
  roles: OperatorRole[],
  list: Approval[] = [DISBURSEMENT, RATES],
  locale: 'en' | 'zh-CN' = 'en',
  decided: ApprovalDecided = { ...DISBURSEMENT, enrolment: null },
  query: Record<string, string> = {},
) {
  window.location.hash = '';
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const host = createConsoleHost('http://api.test', ui, jest.fn());
  host.locale.set(locale);
  const answer: Listing<Approval> = { list, total: list.length };
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(answer);
  const post = jest.spyOn(host.http, 'post').mockResolvedValue(decided);
  const download = jest.spyOn(host.http, 'download').mockResolvedValue({ blob: new Blob(['png']), filename: null });
  render(
    <HostContext.Provider value={host}>
      <Approvals query={query} operator={{ username, roles, business_timezone: 'Asia/Shanghai' }} />
    </HostContext.Provider>,
  );
  await act(async () => {});
  return { ui, get, post, download };
}

afterEach(() => jest.restoreAllMocks());

test('each change reads in words: the borrower, the amount, the bank reference, who asked, when in the business zone and how long ago', async () => {
  await shown('fin.bob', ['finance']);
  const row = screen.getByRole('row', { name: /^7 / });
  expect(within(row).getByRole('cell', { name: 'Disburse a loan' })).toBeInTheDocument();
  expect(row).toHaveTextContent('Li Lei (138****5678) · order LN20261126001 · ¥12,000.00 over 3 months');
  expect(row).toHaveTextContent('ICBC-20261126-7');
  expect(row).toHaveTextContent('fin.ann2026-11-26 09:00 · 3 h ago');
  expect(screen.getByRole('columnheader', { name: 'Asked (Asia/Shanghai)' })).toBeInTheDocument();
});

test('a settings change reads in words: the term by its months, rates as percentages with the APR, a channel by its name', async () => {
  await shown('admin.ann', ['admin'], [RATES, CHANNELS]);
  expect(screen.getByRole('row', { name: /^8 / })).toHaveTextContent('12 months: monthly rate 0.70% → 0.65%, APR 14.90% → 13.90%');
  expect(screen.getByRole('row', { name: /^10 / })).toHaveTextContent('Channel Alipay: enabled → disabled');
});

test('in Chinese too', async () => {
  await shown('admin.ann', ['admin'], [RATES, CHANNELS], 'zh-CN');
  expect(screen.getByRole('row', { name: /^8 / })).toHaveTextContent('12 期：月利率 0.70% → 0.65%，年化利率 14.90% → 13.90%');
  expect(screen.getByRole('row', { name: /^10 / })).toHaveTextContent('渠道 Alipay：启用 → 停用');
});

test('the inbox opens on what waits; the status filter lists decided ones, with who decided, when and why one was declined', async () => {
  const declined: Approval = {
    ...DISBURSEMENT,
    status: 'declined',
    checker: 'fin.bob',
    decided_at: '2026-11-26T02:30:00.000Z',
    reason: 'wrong account',
    may_decide: false,
  };
  const { get } = await shown('fin.ann', ['finance']);
  expect(get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.approvals, expect.objectContaining({ status: 'awaiting', page: 1 }), undefined);
  fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'declined' } });
  expect(window.location.hash).toBe('#/approvals?status=declined');
  cleanup();

  const again = await shown('fin.ann', ['finance'], [declined], 'en', undefined, { status: 'declined', page: '2', limit: '25' });
  expect(again.get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.approvals, { status: 'declined', page: 2, limit: 25 }, undefined);
  const row = screen.getByRole('row', { name: /^7 / });
  expect(row).toHaveTextContent('Declinedfin.bob · 2026-11-26 10:30Why: wrong account');
  expect(within(row).queryByRole('button')).toBeNull();
  expect(screen.getByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
});

test('"All" asks the server for every status', async () => {
  const { get } = await shown('audrey', ['auditor'], [DISBURSEMENT], 'zh-CN', undefined, { status: 'all' });
  expect(get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.approvals, expect.objectContaining({ status: undefined }), undefined);
  expect(screen.getByRole('combobox', { name: '状态' })).toHaveValue('all');
});

test('the checker confirms before approving; a confirmation declined sends nothing', async () => {
  const { ui, post } = await shown('fin.bob', ['finance']);
  ui.confirm.mockResolvedValueOnce(false);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Approve #7' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith('Approve #7, Disburse a loan? It is carried out at once.');
  expect(post).not.toHaveBeenCalled();

  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Approve #7' }));
  });
  expect(post).toHaveBeenCalledWith('/admin/api/approvals/7/approve', { reason: '' }, undefined);
});

test('declining is confirmed too, and sends the reason', async () => {
  const { ui, post } = await shown('fin.bob', ['finance']);
  const row = screen.getByRole('row', { name: /^7 / });
  fireEvent.change(within(row).getByRole('textbox', { name: 'Reason' }), { target: { value: 'wrong account' } });
  await act(async () => {
    fireEvent.click(within(row).getByRole('button', { name: 'Decline #7' }));
  });
  expect(ui.confirm).toHaveBeenCalledWith('Decline #7, Disburse a loan?');
  expect(post).toHaveBeenCalledWith(ADMIN_ENDPOINTS.declineApproval.replace(':id', '7'), { reason: 'wrong account' }, undefined);
});

test('the maker is not offered a decision on their own request', async () => {
  await shown('fin.ann', ['finance']);
  expect(screen.queryByRole('button', { name: 'Approve #7' })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Decline #7' })).toBeNull();
  expect(screen.getByRole('row', { name: /^7 / })).toHaveTextContent('Yours: another operator decides it.');
});

test('a role that may not decide a kind is not offered the decision', async () => {
  await shown('audit.amy', ['auditor']);
  expect(screen.queryByRole('button', { name: /^Approve/ })).toBeNull();
  expect(screen.getByRole('row', { name: /^8 / })).toHaveTextContent('Your role does not decide this.');
});

test('an empty inbox says what is empty, in Chinese too', async () => {
  await shown('fin.bob', ['finance'], [], 'zh-CN');
  expect(screen.getByText('没有等待复核的变更。')).toBeInTheDocument();
});

test('a proof to confirm shows its periods, amount and the receipt image, fetched through the console’s client', async () => {
  URL.createObjectURL = jest.fn(() => 'blob:http://console.test/receipt');
  URL.revokeObjectURL = jest.fn();
  const { download } = await shown('fin.bob', ['finance'], [PROOF]);
  const row = screen.getByRole('row', { name: /^9 / });
  expect(row).toHaveTextContent('Li Lei (138****5678) · order LN20261126001 · periods 1, 2 · ¥8,200.00');
  expect(within(row).getByRole('img', { name: 'Receipt of proof #4' })).toHaveAttribute('src', 'blob:http://console.test/receipt');
  expect(download).toHaveBeenCalledWith('/admin/api/vouchers/4/file', undefined, { toast: false, loading: false });
  expect(within(row).getByRole('button', { name: 'Receipt of proof #4 at full size' })).toBeInTheDocument();
});

const RENEWAL: Approval = {
  ...DISBURSEMENT,
  id: 11,
  kind: 'operator.totp',
  target: 'operator:ada.admin',
  payload: {},
  before: null,
  subject: { about: 'account', username: 'ada.admin', change: 'totp', roles: ['admin'] },
  maker: 'root.admin',
};

test("an admin's account change reads in words, and one the server says this admin may not take is not offered", async () => {
  const confirmation: Approval = {
    ...RENEWAL,
    id: 12,
    kind: 'operator.confirm',
    subject: { about: 'account', username: 'rev.ray', change: 'confirm-new', roles: ['reviewer'] },
    may_decide: false,
  };
  await shown('ada.admin', ['admin'], [RENEWAL, confirmation]);
  expect(screen.getByRole('row', { name: /^11 / })).toHaveTextContent(
    "Renew an admin's authenticatorA new authenticator for ada.admin (Admin): you will be handed their enrolment code",
  );
  const row = screen.getByRole('row', { name: /^12 / });
  expect(row).toHaveTextContent('rev.ray (Reviewer), created by root.admin, is who they should be');
  expect(within(row).queryByRole('button', { name: /^Approve/ })).toBeNull();
  expect(row).toHaveTextContent('Another admin decides it');
});

test("the admin who approves another admin's new authenticator is shown the enrolment code to hand over", async () => {
  const enrolment = { username: 'ada.admin', enrolment_code: 'code-for-ada', expires_at: '2026-11-27T04:00:00.000Z' };
  await shown('bob.admin', ['admin'], [RENEWAL], 'en', { ...RENEWAL, status: 'approved', may_decide: false, enrolment });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Approve #11' }));
  });
  expect(screen.getByTestId('enrolment-code')).toHaveTextContent('code-for-ada');
});

test('applying a payment difference at the price shown reads the money, both prices and who forgoes the difference', async () => {
  const apply: Approval = {
    ...DISBURSEMENT,
    id: 11,
    kind: 'difference.apply',
    target: 'difference:3',
    payload: { amount: '1397.79', payment_no: 'P20261126ABCDEF0123', at_price_shown: true },
    subject: {
      about: 'apply',
      order_no: 'LN20261126001',
      amount: '1397.79',
      payment_no: 'P20261126ABCDEF0123',
      at_price_shown: true,
      asked: '1397.79',
      due: '1398.48',
    },
  };
  await shown('fin.bob', ['finance'], [apply]);
  const row = screen.getByRole('row', { name: /^11 / });
  expect(within(row).getByRole('cell', { name: 'Apply a payment difference to instalments' })).toBeInTheDocument();
  expect(row).toHaveTextContent(
    'Order LN20261126001: ¥1,397.79 of payment P20261126ABCDEF0123 settles what it paid for at the price shown (¥1,397.79; ¥1,398.48 when the money arrived): the lender forgoes the difference',
  );
});
