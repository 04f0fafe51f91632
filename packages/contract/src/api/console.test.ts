import { ADMIN_ENDPOINTS } from './admin';
import { consoleAudit, exportPath } from './console';
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
