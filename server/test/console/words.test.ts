import { ADMIN_ENDPOINTS, adminPath, exportPath, type AuditEntry, type Listing } from '@instalment/contract/api';
import { CSV_BOM } from '../../src/services/csv';
import { startServer, type TestServer } from '../helpers';
import { operatorsOf, type LoggedInOperator } from '../operators';

/**
 * Every word of the console in the operator's language (issue 50): the exports' column headers
 * and the refusals' reasons on the audit screen, which the server files in English.
 */

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

/** A console GET as the console sends it: the operator's token and language. */
const fetched = (operator: LoggedInOperator, path: string, language: 'en' | 'zh-CN') =>
  fetch(`${server.baseURL}${path}`, { headers: { authorization: `Bearer ${operator.token}`, 'accept-language': language } });

async function headerOf(operator: LoggedInOperator, path: string, language: 'en' | 'zh-CN') {
  const response = await fetched(operator, path, language);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer())
    .toString('utf8')
    .slice(CSV_BOM.length)
    .split('\r\n')[0];
}

test('an export asked for in Chinese is headed in Chinese, its times still naming their zone; in English by the codes it always had', async () => {
  const [finance, auditor] = await Promise.all([loggedIn(['finance']), loggedIn(['auditor'])]);
  expect(await headerOf(finance, exportPath('payments', {}), 'zh-CN')).toBe(
    '支付单号,订单号,金额,状态,已退款金额,渠道,创建时间 (Asia/Shanghai),到账时间 (Asia/Shanghai)',
  );
  expect(await headerOf(finance, exportPath('loans', {}), 'zh-CN')).toBe(
    '订单号,姓名,手机号,金额,期数,状态,创建时间 (Asia/Shanghai),放款时间 (Asia/Shanghai)',
  );
  expect(await headerOf(finance, exportPath('overdue', {}), 'zh-CN')).toBe('订单号,姓名,手机号,逾期期次,逾期天数,今日应还（含罚息）,罚息');
  expect(await headerOf(auditor, exportPath('audit', {}), 'zh-CN')).toBe('时间 (Asia/Shanghai),操作员,角色,操作,对象,变更,结果,原因,地址');
  expect(await headerOf(finance, exportPath('payments', {}), 'en')).toBe(
    'payment_no,order_no,amount,status,refunded,channel,created_at (Asia/Shanghai),paid_at (Asia/Shanghai)',
  );
});

test('a refusal filed in English reads in Chinese on the audit screen, with its values; in English as it was said', async () => {
  const [reviewer, support, auditor] = await Promise.all([loggedIn(['reviewer']), loggedIn(['support']), loggedIn(['auditor'])]);
  // A day the calendar lacks (a sentence with a value) and a role that may not approve (the console's own sentence).
  expect((await reviewer.call('GET', `${ADMIN_ENDPOINTS.loans}?from=2025-02-30`)).body.code).not.toBe(1);
  expect((await support.call('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no: 'L-NONE' }))).body.code).not.toBe(1);

  const reasons = async (operator: LoggedInOperator, language: 'en' | 'zh-CN') => {
    const response = await fetched(auditor, `${ADMIN_ENDPOINTS.audit}?operator=${operator.username}&limit=50`, language);
    const listing = ((await response.json()) as { data: Listing<AuditEntry> }).data;
    return listing.list.filter((entry) => entry.outcome === 'refused').map((entry) => entry.reason);
  };
  expect(await reasons(reviewer, 'zh-CN')).toEqual(['日历上没有 2025-02-30 这一天。']);
  expect(await reasons(reviewer, 'en')).toEqual(['There is no day 2025-02-30 in the calendar.']);
  // The audit's export says it as the screen does.
  const file = await fetched(auditor, exportPath('audit', { operator: reviewer.username }), 'zh-CN');
  expect(Buffer.from(await file.arrayBuffer()).toString('utf8')).toContain('日历上没有 2025-02-30 这一天。');
  const [needs] = await reasons(support, 'zh-CN');
  expect(needs).toMatch(/^需要以下角色之一：/);
  expect((await reasons(support, 'en'))[0]).toMatch(/^needs one of /);
});
