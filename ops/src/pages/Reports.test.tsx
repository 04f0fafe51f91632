import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ADMIN_ENDPOINTS, type DailyReport, type DailyReportRange, type DayFigures } from '@instalment/contract/api';
import { addDays } from '@instalment/contract/loan';
import { HostContext } from '@instalment/host-sdk/host';
import { createConsoleHost } from '../host/createConsoleHost';
import { Reports } from './Reports';

const OPERATOR = { username: 'fay', roles: ['finance' as const], business_timezone: 'Asia/Shanghai' };
// 20:00 UTC on the 26th is 04:00 on the 27th in Shanghai: yesterday there is the 26th, not the 25th.
const NOW = Date.parse('2026-11-26T20:00:00.000Z');

const none = { count: 0, amount: '0.00' };
const FIGURES: DayFigures = {
  disbursed: { count: 3, amount: '74000.00' },
  repaid: { count: 4, amount: '4360.50' },
  repaid_by: [
    { channel: 'alipay', count: 1, amount: '1090.00' },
    { channel: 'difference', count: 1, amount: '1090.00' },
    { channel: 'transfer', count: 2, amount: '2180.50' },
  ],
  refunded: { count: 1, amount: '1090.00' },
  differences_open: { count: 1, amount: '12.34' },
  overdue: { count: 2, amount: '2797.27' },
  autopay_charged: { count: 2, amount: '2180.00' },
  autopay_failed: 1,
};
const QUIET: DayFigures = {
  disbursed: none,
  repaid: none,
  repaid_by: [],
  refunded: none,
  differences_open: none,
  overdue: none,
  autopay_charged: none,
  autopay_failed: 0,
};

/** The report the API answers for the days asked: the 26th busy, every other day quiet. */
function answer(query: { date?: string; from?: string; to?: string }): DailyReportRange {
  const from = query.from ?? query.date!;
  const to = query.to ?? query.date!;
  const days: DailyReport[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) days.push({ date, ...(date === '2026-11-26' ? FIGURES : QUIET) });
  return { from, to, time_zone: 'Asia/Shanghai', days, total: FIGURES };
}

async function shown(locale: 'en' | 'zh-CN' = 'en') {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  const host = createConsoleHost(
    'http://api.test',
    { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn() },
    jest.fn(),
  );
  host.locale.set(locale);
  host.session.setToken('operator-token', Math.floor(NOW / 1000) + 3600);
  const get = jest.spyOn(host.http, 'get').mockImplementation(async (_path, query) => answer(query as { date?: string }));
  const download = jest.spyOn(host.http, 'download');
  render(
    <HostContext.Provider value={host}>
      <Reports query={{}} operator={OPERATOR} opens={() => true} />
    </HostContext.Provider>,
  );
  await act(async () => {});
  return { get, download };
}

afterEach(() => jest.restoreAllMocks());

test('it opens on yesterday in the business time zone: each figure with its count, amounts with thousands separators, channels in words', async () => {
  const { get } = await shown();
  expect(get).toHaveBeenCalledWith(ADMIN_ENDPOINTS.dailyReport, { date: '2026-11-26' }, undefined);
  expect(screen.getByLabelText('Day (Asia/Shanghai)')).toHaveValue('2026-11-26');
  const table = screen.getByRole('table', { name: 'Daily report, 2026-11-26 (Asia/Shanghai)' });
  const [header, row, ...more] = within(table).getAllByRole('row');
  expect(more).toEqual([]);
  expect(
    within(header)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Day', 'Disbursed', 'Repaid', 'Repaid by channel', 'Refunded', 'Open differences', 'Overdue at day end', 'Autopay']);
  expect(
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  ).toEqual([
    '2026-11-26',
    '¥74,000.00Records: 3',
    '¥4,360.50Records: 4',
    'Alipay: ¥1,090.00 · Records: 1Applied difference: ¥1,090.00 · Records: 1Bank transfer: ¥2,180.50 · Records: 2',
    '¥1,090.00Records: 1',
    '¥12.34Records: 1',
    '¥2,797.27Loans: 2',
    '¥2,180.00Charged: 2 · Failed: 1',
  ]);
});

test('a range of a week reads a row a day and the totals, in Chinese too', async () => {
  const { get } = await shown('zh-CN');
  fireEvent.click(screen.getByRole('radio', { name: '日期范围' }));
  await act(async () => {});
  expect(get).toHaveBeenLastCalledWith(ADMIN_ENDPOINTS.dailyReport, { from: '2026-11-20', to: '2026-11-26' }, undefined);
  const table = screen.getByRole('table', { name: '日报，2026-11-20 至 2026-11-26 (Asia/Shanghai)' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
    '2026-11-20',
    '2026-11-21',
    '2026-11-22',
    '2026-11-23',
    '2026-11-24',
    '2026-11-25',
    '2026-11-26',
    '合计',
  ]);
  expect(within(rows[0]).getAllByRole('cell')[3]).toHaveTextContent('无');
  expect(within(rows[7]).getAllByRole('cell')[6]).toHaveTextContent('¥2,797.27借款：2 笔');
  expect(screen.getByText('合计中的逾期为最后一天日终的数字：是当时的余额，而非各日相加。')).toBeInTheDocument();

  fireEvent.change(screen.getByLabelText('起始日期 (Asia/Shanghai)'), { target: { value: '2026-11-01' } });
  await act(async () => {});
  expect(get).toHaveBeenLastCalledWith(ADMIN_ENDPOINTS.dailyReport, { from: '2026-11-01', to: '2026-11-26' }, undefined);
});

test('the export downloads the days shown, through the console’s client', async () => {
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:csv'), revokeObjectURL: jest.fn() });
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const { download } = await shown();
  download.mockResolvedValue({ blob: new Blob(['\uFEFFdate\r\n'], { type: 'text/csv' }), filename: 'daily-2026-11-20-2026-11-26.csv' });
  fireEvent.click(screen.getByRole('radio', { name: 'A range of days' }));
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  });
  expect(download).toHaveBeenCalledWith('/admin/api/export/reports/daily?from=2026-11-20&to=2026-11-26', undefined, {
    toast: false,
    loading: false,
  });
  expect(saved).toEqual(['daily-2026-11-20-2026-11-26.csv']);
});

test('a range the server refuses shows its reason', async () => {
  const { get } = await shown();
  fireEvent.click(screen.getByRole('radio', { name: 'A range of days' }));
  await act(async () => {});
  get.mockRejectedValueOnce(new Error('A report covers at most 92 days; 2026-01-01 to 2026-11-26 is 330.'));
  fireEvent.change(screen.getByLabelText('From (Asia/Shanghai)'), { target: { value: '2026-01-01' } });
  await act(async () => {});
  expect(screen.getByText('A report covers at most 92 days; 2026-01-01 to 2026-11-26 is 330.')).toBeInTheDocument();
});
