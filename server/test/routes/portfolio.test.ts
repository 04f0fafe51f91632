import {
  cashier,
  createLoan,
  DEV_ENDPOINTS,
  dueLoans,
  ENDPOINTS,
  installments,
  overdueLoans,
  uploadFile,
  uploadProof,
  type DueLoan,
} from '@instalment/contract/api';
import { fromFen, owedNow, toFen } from '@instalment/contract/loan';
import { blob, PNG_BYTES, signUp, startServer, type TestClient, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const sumFen = (values: readonly string[]) => fromFen(values.reduce((sum, value) => sum + toFen(value)!, 0));

/** A loan's row on the repayments tab as the borrower's own instalments answer and the cashier price it. */
async function expectedDue(user: TestClient, order_no: string): Promise<Partial<DueLoan>> {
  const { list } = await installments(user.http, { order_no });
  const owed = owedNow(list);
  const periods = owed.map((item) => item.period);
  expect((await cashier(user.http, { order_no, periods: periods.join(',') })).total).toBe(sumFen(owed.map((item) => item.total)));
  return {
    order_no,
    owed: sumFen(owed.map((item) => item.total)),
    owed_periods: periods,
    overdue_days: Math.max(0, ...owed.map((item) => item.overdue_days)),
    penalty: sumFen(owed.map((item) => item.penalty)),
    under_review: list.some((item) => item.under_review),
  };
}

test('what is due and what is overdue across loans are the figures of each loan’s own instalments', async () => {
  const user = await signUp(server);
  const borrow = async () => (await createLoan(user.http, { ...user.application, amount: '3000.00', term: 6 })).order_no;
  const onTime = await borrow();
  const withProof = await borrow();
  const overdue = await borrow();
  const file = await uploadFile(user.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
  const first = (await installments(user.http, { order_no: withProof })).list[0];
  await uploadProof(user.http, { order_no: withProof, periods: [1], amount: first.total, file_url: file.url });
  // Two periods past due: the loan owes both, with their penalties.
  await user.http.post(DEV_ENDPOINTS.ageLoan, { order_no: overdue, days: 70 });

  const due = await dueLoans(user.http);
  expect(due.list.map((loan) => loan.order_no)).toEqual([overdue, withProof, onTime]);
  for (const loan of due.list) expect(loan).toMatchObject(await expectedDue(user, loan.order_no));
  expect(due.list[0]).toMatchObject({ status: 'overdue', owed_periods: [1, 2] });
  expect(due.list[1]).toMatchObject({ under_review: true, owed_periods: [2] });

  // The overdue list's instalments are the schedule's, but for how one was paid: none of them was.
  const behind = (await installments(user.http, { order_no: overdue })).list
    .filter((item) => item.status === 'overdue')
    .map(({ paid_by_autopay: _autopay, ...item }) => item);
  expect(await overdueLoans(user.http)).toEqual({
    list: [{ order_no: overdue, amount: '3000.00', instalments: behind }],
    total_penalty: sumFen(behind.map((item) => item.penalty)),
  });
});

test('a borrower sees only their own loans, and nothing when they owe nothing', async () => {
  const other = await signUp(server);
  const { order_no } = await createLoan(other.http, other.application);
  await other.http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });
  const user = await signUp(server);
  expect(await dueLoans(user.http)).toEqual({ list: [] });
  expect(await overdueLoans(user.http)).toEqual({ list: [], total_penalty: '0.00' });
  expect((await dueLoans(other.http)).list.map((loan) => loan.order_no)).toEqual([order_no]);
});

test('without a token both answer 401', async () => {
  for (const path of [ENDPOINTS.dueLoans, ENDPOINTS.overdueLoans]) {
    expect((await fetch(`${server.baseURL}${path}`)).status).toBe(401);
  }
});

test('30 loans cost the same SQL statements as 1', async () => {
  const few = await signUp(server);
  const many = await signUp(server);
  await createLoan(few.http, { ...few.application, amount: '1000.00' });
  const orders: string[] = [];
  // 30 × ¥1,000 (the smallest loan) stays inside one account's ¥50,000 credit line.
  for (let n = 0; n < 30; n += 1) orders.push((await createLoan(many.http, { ...many.application, amount: '1000.00' })).order_no);
  for (const order_no of orders.slice(0, 3)) await many.http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });

  // Nothing else may query while statements are counted.
  await server.app.background.stop();
  let statements = 0;
  const counting = server.app.store.q.withPlugin({
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      statements += 1;
      return args.result;
    },
  });
  Object.defineProperty(server.app.store, 'q', { get: () => counting, configurable: true });
  const cost = async (call: () => Promise<unknown>) => {
    statements = 0;
    await call();
    return statements;
  };
  try {
    for (const call of [dueLoans, overdueLoans]) {
      const one = await cost(() => call(few.http));
      expect(one).toBeGreaterThan(0);
      expect(await cost(() => call(many.http))).toBe(one);
    }
    expect((await dueLoans(many.http)).list).toHaveLength(30);
    expect((await overdueLoans(many.http)).list).toHaveLength(3);
  } finally {
    delete (server.app.store as { q?: unknown }).q;
  }
});
