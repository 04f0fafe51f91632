import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN_ENDPOINTS, type AuditEntry, type Listing } from '@instalment/contract/api';
import { HostContext } from '@instalment/host-sdk/host';
import { ApiError } from '@instalment/host-sdk/http';
import { createConsoleHost } from '../host/createConsoleHost';
import { Audit } from './Audit';

const ENTRY: AuditEntry = {
  id: 7,
  // 23:30 UTC is 07:30 the next day in Shanghai.
  at: '2026-11-25T23:30:00.000Z',
  username: 'ann',
  roles: ['reviewer'],
  action: 'loan.approve',
  target: 'loan:L1',
  before: null,
  after: null,
  changes: [],
  outcome: 'done',
  reason: null,
  address: '10.0.0.1',
};
const OPERATOR = { username: 'audrey', roles: ['auditor' as const], business_timezone: 'Asia/Shanghai' };

/** The audit page in the console's own host, at the URL `query` names, its API answering 120 entries (or none). */
async function shown(query: Record<string, string>, locale: 'en' | 'zh-CN' = 'en', entries = 120, list = [ENTRY]) {
  window.location.hash = '';
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  const host = createConsoleHost('http://api.test', ui, jest.fn());
  host.locale.set(locale);
  host.session.setToken('operator-token', Math.floor(Date.now() / 1000) + 3600);
  const listing: Listing<AuditEntry> = { list: entries === 0 ? [] : list, total: entries };
  const get = jest.spyOn(host.http, 'get').mockResolvedValue(listing);
  const download = jest.spyOn(host.http, 'download');
  render(
    <HostContext.Provider value={host}>
      <Audit query={query} operator={OPERATOR} />
    </HostContext.Provider>,
  );
  await act(async () => {});
  return { ui, get, download };
}

/** A CSV answer as the console's client gives it (it sends the operator's token and language: its own tests prove it). */
const csvAnswer = (name: string) => ({ blob: new Blob(['\uFEFFat,operator\n'], { type: 'text/csv' }), filename: name });

afterEach(() => jest.restoreAllMocks());

test('the URL names the page, size, operator, target and days the server is asked for, times in the business zone', async () => {
  const { get } = await shown({ page: '3', limit: '25', operator: 'ann', target: 'loan:L1', from: '2026-11-01', to: '2026-11-25' });
  expect(get).toHaveBeenCalledWith(
    ADMIN_ENDPOINTS.audit,
    expect.objectContaining({ page: 3, limit: 25, operator: 'ann', target: 'loan:L1', from: '2026-11-01', to: '2026-11-25' }),
    undefined,
  );
  expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Page 3 of 5 · 120 in all');
  expect(screen.getByRole('columnheader', { name: 'When (Asia/Shanghai)' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: '2026-11-26 07:30' })).toBeInTheDocument();
});

test('filtering by an operator and days, and paging past 50, change the URL a new tab opens the same view from', async () => {
  await shown({ limit: '50' });
  const filters = screen.getByRole('form', { name: 'Filters' });
  fireEvent.change(within(filters).getByRole('searchbox', { name: 'Operator' }), { target: { value: 'ann' } });
  fireEvent.change(within(filters).getByLabelText('From day (Asia/Shanghai)'), { target: { value: '2026-11-20' } });
  fireEvent.submit(filters);
  expect(window.location.hash).toBe('#/audit?limit=50&from=2026-11-20&operator=ann');
  fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
  expect(window.location.hash).toBe('#/audit?limit=50&page=2');
});

test("the export downloads the filtered CSV through the console's client, under the server's file name", async () => {
  const createObjectURL = jest.fn(() => 'blob:csv');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const saved: Array<{ href: string; download: string }> = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.href, download: this.download });
  });
  const { download } = await shown({ page: '2', operator: 'ann', from: '2026-11-01' });
  download.mockResolvedValue(csvAnswer('audit-2026-11-26.csv'));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  });
  expect(download).toHaveBeenCalledWith('/admin/api/export/audit?from=2026-11-01&operator=ann', undefined, {
    toast: false,
    loading: false,
  });
  expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  expect(saved).toEqual([{ href: 'blob:csv', download: 'audit-2026-11-26.csv' }]);
});

test("a refused export says why, and one that cannot reach the server says so, in the operator's language", async () => {
  const { ui, download } = await shown({}, 'zh-CN');
  download
    .mockRejectedValueOnce(new ApiError('没有导出操作日志的权限', 403))
    .mockRejectedValueOnce(new ApiError('网络连接失败', 'network'));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
  });
  expect(ui.toast).toHaveBeenLastCalledWith('导出失败：没有导出操作日志的权限', 'error');
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
  });
  expect(ui.toast).toHaveBeenLastCalledWith('导出失败：网络连接失败', 'error');
});

test('what was done and how it ended read as words in the operator’s language', async () => {
  await shown({}, 'zh-CN');
  expect(screen.getByRole('cell', { name: '批准借款' })).toBeInTheDocument();
  expect(screen.getByRole('cell', { name: '已完成' })).toBeInTheDocument();
});

test('an empty view says nothing matches its filters', async () => {
  await shown({ operator: 'nobody' }, 'zh-CN', 0);
  expect(screen.getByText('没有符合这些筛选条件的操作记录。')).toBeInTheDocument();
});

test('reads come folded unless every read is asked for; a fold says how many, of how many things, until when', async () => {
  const folded: AuditEntry = {
    ...ENTRY,
    id: 9,
    action: 'queues.read',
    target: 'queues',
    reads: { count: 14, targets: 1, last_at: '2026-11-26T00:20:00.000Z' },
  };
  const { get } = await shown({}, 'en', 1, [folded]);
  expect(get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.audit, expect.objectContaining({ reads: 'folded' }), undefined);
  expect(screen.getByRole('row', { name: /Queues read/ })).toHaveTextContent('14 reads; targets: 1; the last at 2026-11-26 08:20');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Every read a row' }));
  expect(window.location.hash).toBe('#/audit?reads=each');
  cleanup();
  const again = await shown({ reads: 'each' });
  expect(again.get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.audit, expect.objectContaining({ reads: 'each' }), undefined);
});

test('an action is chosen from a list of actions in words; an order number or phone goes in the target box as typed', async () => {
  const { get } = await shown({ action: 'loan.approve', target: 'L20261125000002' });
  expect(get).toHaveBeenCalledWith(
    ADMIN_ENDPOINTS.audit,
    expect.objectContaining({ action: 'loan.approve', target: 'L20261125000002' }),
    undefined,
  );
  const actions = screen.getByRole('combobox', { name: 'Action' });
  expect(actions).toHaveValue('loan.approve');
  expect(within(actions).getByRole('option', { name: 'Every action' })).toBeInTheDocument();
  fireEvent.change(actions, { target: { value: 'approval.decline' } });
  expect(window.location.hash).toBe('#/audit?action=approval.decline&target=L20261125000002');
});

test("each row shows what it changed: a setting by term with its APR, another state field by field, in the operator's language", async () => {
  const rates: AuditEntry = {
    ...ENTRY,
    id: 10,
    action: 'setting.ask',
    target: 'setting:loan_rates',
    changes: [
      { path: 'terms[2].monthly_rate_bp', term: 12, channel: null, field: 'monthly_rate_bp', before: '70', after: '65' },
      { path: 'terms[2].apr_bp', term: 12, channel: null, field: 'apr_bp', before: '1490', after: '1390' },
    ],
  };
  const loan: AuditEntry = {
    ...ENTRY,
    id: 11,
    changes: [{ path: 'status', term: null, channel: null, field: 'status', before: 'pending', after: 'approved' }],
  };
  await shown({}, 'zh-CN', 2, [rates, loan]);
  const table = screen.getByRole('table');
  expect(within(table).getByRole('columnheader', { name: '变更内容' })).toBeInTheDocument();
  expect(within(table).getByText('12 期：月利率 0.70% → 0.65%，年化利率 14.90% → 13.90%')).toBeInTheDocument();
  expect(within(table).getByText('status pending → approved')).toBeInTheDocument();
});
