import {
  ADMIN_ENDPOINTS,
  adminPath,
  createLoan,
  loanRates,
  type ApprovalAsked,
  type AuditEntry,
  type Listing,
  type ConsoleBorrower,
} from '@instalment/contract/api';
import { APR_REFERENCE_AMOUNT_FEN, priceAprBp } from '@instalment/contract/loan';
import { signUp, startServer, type TestServer } from '../helpers';
import { operatorsOf } from '../operators';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ approvalMode: 'manual' });
});
afterAll(() => server.close());
const { loggedIn } = operatorsOf(() => server);

const audited = async (auditor: Awaited<ReturnType<typeof loggedIn>>, params: Record<string, string>) =>
  auditor.data<Listing<AuditEntry>>('GET', `${ADMIN_ENDPOINTS.audit}?${new URLSearchParams({ limit: '200', ...params })}`);

test('an operator is found by the start of their username, in any case; an action by its name', async () => {
  const [auditor, reviewer] = await Promise.all([loggedIn(['auditor']), loggedIn(['reviewer'])]);
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));

  const prefix = reviewer.username.toUpperCase().slice(0, -3);
  const found = await audited(auditor, { operator: prefix });
  expect(found.list.map((entry) => entry.username)).toContain(reviewer.username);
  expect(found.list.every((entry) => entry.username.toLowerCase().startsWith(prefix.toLowerCase()))).toBe(true);

  const approvals = await audited(auditor, { action: 'loan.approve' });
  expect(approvals.list.length).toBeGreaterThan(0);
  expect(approvals.list.every((entry) => entry.action === 'loan.approve')).toBe(true);
  // A wildcard typed is taken as it is.
  expect((await audited(auditor, { operator: '%' })).total).toBe(0);
});

test('an order number finds the rows about that loan, a phone those about the borrower and their loans, without a prefix', async () => {
  const [auditor, reviewer, support] = await Promise.all([loggedIn(['auditor']), loggedIn(['reviewer']), loggedIn(['support'])]);
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  await reviewer.data('POST', adminPath(ADMIN_ENDPOINTS.approveLoan, { order_no }));
  const { user } = await support.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${borrower.mobile}`);

  const byOrder = await audited(auditor, { target: order_no });
  expect(byOrder.list.map((entry) => [entry.action, entry.target])).toContainEqual(['loan.approve', `loan:${order_no}`]);
  expect(byOrder.list.every((entry) => entry.target === `loan:${order_no}`)).toBe(true);

  const byPhone = await audited(auditor, { target: borrower.mobile });
  const targets = new Set(byPhone.list.map((entry) => entry.target));
  expect(targets).toEqual(new Set([`loan:${order_no}`, `user:${user.id}`]));
});

test('reads fold into one row per operator, action and hour with their count; changes stay each a row', async () => {
  const [auditor, reader] = await Promise.all([loggedIn(['auditor']), loggedIn(['finance'])]);
  for (let read = 0; read < 3; read += 1) await reader.data('GET', ADMIN_ENDPOINTS.queues);
  await reader.data('GET', ADMIN_ENDPOINTS.approvals);
  const { terms, ...rest } = await loanRates(server.client().http);
  const stored = { ...rest, terms: terms.map(({ apr_bp: _apr, ...term }) => term) };
  const cheaper = {
    ...stored,
    terms: stored.terms.map((term, index) => (index === 0 ? { ...term, monthly_rate_bp: term.monthly_rate_bp - 5 } : term)),
  };
  await reader.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.setting, { key: 'loan_rates' }), { value: cheaper });

  const each = await audited(auditor, { operator: reader.username });
  expect(each.list.filter((entry) => entry.action === 'queues.read')).toHaveLength(3);

  const folded = await audited(auditor, { operator: reader.username, reads: 'folded' });
  const summary = folded.list.map((entry) => [entry.action, entry.reads?.count ?? null]);
  expect(summary).toContainEqual(['queues.read', 3]);
  expect(summary).toContainEqual(['approvals.list', 1]);
  expect(summary).toContainEqual(['setting.ask', null]);
  expect(folded.total).toBe(folded.list.length);
  expect(folded.total).toBeLessThan(each.total);

  // The change reads by term and with its APR, in the list and in the CSV.
  const { term, monthly_rate_bp: rate, monthly_fee_bp: fee } = stored.terms[0];
  const asked = folded.list.find((entry) => entry.action === 'setting.ask')!;
  expect(asked.changes).toEqual([
    { path: 'terms[0].monthly_rate_bp', term, channel: null, field: 'monthly_rate_bp', before: String(rate), after: String(rate - 5) },
    {
      path: 'terms[0].apr_bp',
      term,
      channel: null,
      field: 'apr_bp',
      before: String(terms[0].apr_bp),
      after: String(priceAprBp(APR_REFERENCE_AMOUNT_FEN, term, rate - 5, fee)),
    },
  ]);
  const csv = await (
    await fetch(`${server.baseURL}${ADMIN_ENDPOINTS.exportAudit}?operator=${reader.username}&target=setting:loan_rates`, {
      headers: { authorization: `Bearer ${auditor.token}` },
    })
  ).text();
  const percent = (bp: number) => `${(bp / 100).toFixed(2)}%`;
  expect(csv).toContain(
    `${term} months: monthly rate ${percent(rate)} → ${percent(rate - 5)}; ${term} months: APR ${percent(terms[0].apr_bp)}`,
  );
});
