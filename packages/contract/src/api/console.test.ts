import { ADMIN_ENDPOINTS } from './admin';
import { consoleAudit, exportPath } from './console';
import { createConsoleApi } from './index';
import type { HttpClient } from './transport';

describe('an export link', () => {
  it('carries the list’s filters, encoded, and leaves out the empty ones', () => {
    expect(exportPath('loans', { status: 'overdue', q: '王 & 1', from: '2026-11-01', to: undefined, sort: 'amount', order: 'desc' })).toBe(
      `${ADMIN_ENDPOINTS.exportLoans}?status=overdue&q=%E7%8E%8B+%26+1&from=2026-11-01&sort=amount&order=desc`,
    );
    expect(exportPath('audit', { operator: '', target: 'loan:L1' })).toBe(`${ADMIN_ENDPOINTS.exportAudit}?target=loan%3AL1`);
  });

  it('is the bare path without filters', () => {
    expect(exportPath('overdue', {})).toBe(ADMIN_ENDPOINTS.exportOverdue);
  });
});

test('a console list is asked for with its query as parameters, never a hand-built string', async () => {
  const get = jest.fn().mockResolvedValue({ list: [], total: 0 });
  await consoleAudit({ get } as unknown as HttpClient, { operator: 'ann', from: '2026-11-26', page: 3, limit: 25 });
  expect(get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.audit, { operator: 'ann', from: '2026-11-26', page: 3, limit: 25 }, undefined);
});

describe('the console’s calls, bound to one client as the borrower’s are', () => {
  const client = () => {
    const answer = jest.fn().mockResolvedValue({});
    const http = { baseURL: 'http://api.test', get: answer, post: answer, upload: answer, download: answer } as unknown as HttpClient;
    return { api: createConsoleApi(http), http };
  };

  test('an action is sent to its endpoint with its parameters filled in, and its body', async () => {
    const { api, http } = client();
    await api.loans.approve('L 1');
    expect(http.post).toHaveBeenCalledWith('/admin/api/loans/L%201/approve', undefined, undefined);
    await api.proofs.askConfirm(7, 'ICBC-77', { toast: false });
    expect(http.post).toHaveBeenLastCalledWith(ADMIN_ENDPOINTS.confirmProof.replace(':id', '7'), { bank_ref: 'ICBC-77' }, { toast: false });
    await api.approvals.approve(9);
    expect(http.post).toHaveBeenLastCalledWith('/admin/api/approvals/9/approve', { reason: '' }, undefined);
  });

  test('a search sends its words as a parameter, not in a hand-built string', async () => {
    const { api, http } = client();
    await api.borrowers.search('王 & 1', { toast: false });
    expect(http.get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.userSearch, { q: '王 & 1' }, { toast: false });
  });

  test('a proof’s image and an export are files, asked for through the client with the session’s token', async () => {
    const { api, http } = client();
    await api.proofs.file(4, { toast: false, loading: false });
    expect(http.download).toHaveBeenCalledWith('/admin/api/vouchers/4/file', undefined, { toast: false, loading: false });
    await api.reports.export('loans', { status: 'overdue' });
    expect(http.download).toHaveBeenLastCalledWith(`${ADMIN_ENDPOINTS.exportLoans}?status=overdue`, undefined, undefined);
  });
});
