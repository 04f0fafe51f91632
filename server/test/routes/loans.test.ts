import { cashier, createLoan, DEV_ENDPOINTS, installments, myLoans, orderDetail, uploadFile, uploadProof } from '@instalment/contract/api';
import { computeSchedule, formatMoney, fromFen, penaltyFen } from '@instalment/contract/loan';
import { blob, DAY_MS, PNG_BYTES, refusal, signUp, startServer, type TestServer } from '../helpers';

describe('overdue, cashier selection and payment proofs', () => {
  let server: TestServer;
  beforeAll(async () => {
    // Sessions outlive the weeks these tests move the clock.
    server = await startServer({ tokenTtlSeconds: 90 * 24 * 3600 });
  });
  afterAll(() => server.close());

  // 12 000.00 over 3 months at 0.80 %/month + 0.30 % fee, disbursed 2026-01-15.
  const schedule = computeSchedule({ amountFen: 1_200_000, term: 3, monthlyRateBp: 80, monthlyFeeBp: 30, startDate: '2026-01-15' });

  test('an unpaid instalment past its due date is overdue and accrues a daily penalty', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const created = server.clock.now;
    try {
      // 2026-02-15 is the first due date; 10 days later it is 10 days overdue.
      server.clock.now = Date.UTC(2026, 1, 25, 2, 0, 0);
      const plan = await installments(user.http, { order_no });
      const first = schedule.instalments[0];
      const penalty = penaltyFen(first.principalFen + first.interestFen, 10, 5);
      expect(penalty).toBe(Math.round(((first.principalFen + first.interestFen) * 5 * 10) / 10_000));
      expect(plan.list[0]).toMatchObject({
        status: 'overdue',
        overdue_days: 10,
        penalty: fromFen(penalty),
        total: fromFen(first.totalFen + penalty),
      });
      expect(plan.list[1]).toMatchObject({ status: 'unpaid', overdue_days: 0, penalty: '0.00' });

      const detail = await orderDetail(user.http, { order_no });
      expect(detail).toMatchObject({ status: 'overdue', status_label: 'overdue', overdue_days: 10, penalty: fromFen(penalty) });
      expect((await myLoans(user.http)).list[0].status).toBe('overdue');

      // The cashier never guesses: without periods or payoff it refuses.
      expect((await refusal(cashier(user.http, { order_no }))).message).toBe('Choose the instalments to pay.');
      const due = await cashier(user.http, { order_no, periods: '1,2' });
      expect(due.items.map((item) => item.period)).toEqual([1, 2]);
      expect(due.total).toBe(fromFen(first.totalFen + penalty + schedule.instalments[1].totalFen));
      expect((await refusal(cashier(user.http, { order_no, periods: '2' }))).message).toBe(
        'The earliest unpaid instalment must be paid first.',
      );
      expect((await refusal(cashier(user.http, { order_no, periods: '1,3' }))).message).toBe(
        'Instalments must be paid in order, without skipping one.',
      );
      expect((await refusal(cashier(user.http, { order_no, periods: '1,4' }))).message).toBe('That instalment is not due for payment.');
      expect((await refusal(cashier(user.http, { order_no, periods: 'one' }))).message).toMatch(/^periods must be instalment numbers/);

      // Pay the overdue one: its penalty is frozen at what it was on the day it was paid.
      const one = await cashier(user.http, { order_no, periods: '1' });
      const confirm = await fetch(`${server.baseURL}/sandbox/pay/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          payment_no: one.payment_no,
          channel: 'wechat',
          return_url: 'http://localhost:3000/#/pages/payment/repay',
        }),
        redirect: 'manual',
      });
      expect(confirm.headers.get('location')).toContain('result=success');
      server.clock.advance(5 * DAY_MS);
      const later = await installments(user.http, { order_no });
      expect(later.list[0]).toMatchObject({ status: 'paid', overdue_days: 10, penalty: fromFen(penalty) });
      expect((await orderDetail(user.http, { order_no })).status).toBe('repaying');
    } finally {
      server.clock.now = created;
    }
  });

  test('a payment proof is recorded pending review and blocks a second one for the same instalments', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const file = await uploadFile(user.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
    const amount = fromFen(schedule.instalments[0].totalFen);
    const voucher = await uploadProof(user.http, { order_no, periods: [1], amount, file_url: file.fullurl, remark: 'ICBC transfer' });
    expect(voucher).toMatchObject({ order_no, periods: [1], amount, status: 'pending', remark: 'ICBC transfer', file_url: file.fullurl });

    const detail = await orderDetail(user.http, { order_no });
    expect(detail.vouchers).toEqual([voucher]);
    expect(detail.paid_periods).toBe(0);
    const another = await uploadFile(user.http, blob(Buffer.concat([PNG_BYTES, Buffer.from([0])]), 'image/png'), 'receipt2.png');
    expect((await refusal(uploadProof(user.http, { order_no, periods: [1], amount, file_url: another.url }))).message).toBe(
      'Instalment 1 has a payment proof under review.',
    );
  });

  test('payment proofs are refused when they do not add up', async () => {
    const user = await signUp(server);
    const other = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const mine = await uploadFile(user.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
    const theirs = await uploadFile(other.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
    const amount = fromFen(schedule.instalments[0].totalFen);
    const cases: Array<[Parameters<typeof uploadProof>[1], string]> = [
      [{ order_no, periods: [], amount, file_url: mine.url }, 'Choose at least one instalment to pay.'],
      [{ order_no, periods: [2], amount, file_url: mine.url }, 'The earliest unpaid instalment must be paid first.'],
      [
        { order_no, periods: [1], amount: 'lots', file_url: mine.url },
        `The amount must be ${formatMoney(amount)}, what these instalments cost today.`,
      ],
      [
        { order_no, periods: [1], amount: '1.00', file_url: mine.url },
        `The amount must be ${formatMoney(amount)}, what these instalments cost today.`,
      ],
      [
        { order_no, periods: [1], amount: '999999999999.99', file_url: mine.url },
        `The amount must be ${formatMoney(amount)}, what these instalments cost today.`,
      ],
      [{ order_no, periods: [1], amount, file_url: theirs.url }, 'Upload the payment proof first, then submit it.'],
      [{ order_no, periods: [1], amount, file_url: 'https://evil.example/x.png' }, 'Upload the payment proof first, then submit it.'],
      [{ order_no, periods: [1], amount, file_url: mine.url, remark: 'x'.repeat(201) }, 'The remark may be at most 200 characters.'],
      [{ order_no: 'L20260115000000', periods: [1], amount, file_url: mine.url }, 'Order not found.'],
    ];
    for (const [body, message] of cases) {
      expect((await refusal(uploadProof(user.http, body))).message).toBe(message);
    }
  });
});

test('with AUTO_CONFIRM_VOUCHERS a proof pays its instalments at once', async () => {
  const server = await startServer({ autoConfirmProofs: true });
  try {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, { ...user.application, term: 6, amount: '3000' });
    const plan = await installments(user.http, { order_no });
    const file = await uploadFile(user.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
    const due = await cashier(user.http, { order_no, periods: '1,2' });
    const voucher = await uploadProof(user.http, { order_no, periods: [1, 2], amount: due.total, file_url: file.url });
    expect(voucher.status).toBe('approved');
    const after = await installments(user.http, { order_no });
    expect(after.list.map((item) => item.status)).toEqual(['paid', 'paid', 'unpaid', 'unpaid', 'unpaid', 'unpaid']);
    expect(after.list[0].total).toBe(plan.list[0].total);
    // The cashier's open payment for those instalments can no longer be paid.
    const confirm = await fetch(`${server.baseURL}/sandbox/pay/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment_no: due.payment_no, return_url: 'http://localhost:3000/' }),
      redirect: 'manual',
    });
    expect(confirm.headers.get('location')).toContain('result=failed');
  } finally {
    await server.close();
  }
});

test('delayed approval: pending until the review time, then repaying from that day', async () => {
  const server = await startServer({ approvalMode: 'delay', approvalDelaySeconds: 120 });
  try {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const pending = await orderDetail(user.http, { order_no });
    expect(pending).toMatchObject({
      status: 'pending',
      status_label: 'pending review',
      approved_at: null,
      next_due_date: null,
      remaining_principal: '0.00',
    });
    expect((await installments(user.http, { order_no })).list).toEqual([]);
    expect((await refusal(cashier(user.http, { order_no, periods: '1' }))).message).toBe(
      'This loan is still under review; there is nothing to pay yet.',
    );
    server.clock.advance(120_000);
    // Reading does not approve: the scheduled sweep does.
    expect((await myLoans(user.http)).list[0]).toMatchObject({ status: 'pending' });
    await server.app.services.loans.approveDue(null);
    expect((await myLoans(user.http)).list[0]).toMatchObject({ status: 'repaying', next_due_date: '2026-02-15' });
  } finally {
    await server.close();
  }
});

test('manual approval: a reviewer approves or rejects through the development route', async () => {
  const server = await startServer({ approvalMode: 'manual' });
  try {
    const user = await signUp(server);
    const approved = (await createLoan(user.http, user.application)).order_no;
    const rejected = (await createLoan(user.http, user.application)).order_no;
    server.clock.advance(DAY_MS);
    expect((await orderDetail(user.http, { order_no: approved })).status).toBe('pending');
    const review = (order_no: string, decision: string) =>
      user.http.post<{ status: string }>(DEV_ENDPOINTS.reviewLoan, { order_no, decision });
    expect(await review(approved, 'approve')).toEqual({ status: 'repaying' });
    expect(await review(rejected, 'reject')).toEqual({ status: 'rejected' });
    expect((await refusal(review(rejected, 'approve'))).message).toBe('This loan is rejected; that cannot be done to it now.');
    expect((await installments(user.http, { order_no: approved })).list[0].due_date).toBe('2026-02-16');
    expect((await orderDetail(user.http, { order_no: rejected })).status).toBe('rejected');
    expect((await refusal(cashier(user.http, { order_no: rejected, periods: '1' }))).message).toBe(
      'This application was rejected; there is nothing to pay.',
    );
    // Newest first.
    expect((await myLoans(user.http)).list.map((loan) => loan.order_no)).toEqual([rejected, approved]);
  } finally {
    await server.close();
  }
});

test('the development route ages a loan so its instalments fall overdue', async () => {
  const server = await startServer();
  try {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    await user.http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });
    const plan = await installments(user.http, { order_no });
    expect(plan.list[0]).toMatchObject({ due_date: '2026-01-06', status: 'overdue', overdue_days: 9 });
  } finally {
    await server.close();
  }
});

test('a loan aged across midnight in China moves its schedule by calendar days in China, not by whole 24 hours', async () => {
  const server = await startServer();
  try {
    const user = await signUp(server);
    // Made 2026-01-15 02:00 UTC (10:00 in China). 1 day and 10½ hours earlier is 2026-01-13 15:30 UTC,
    // 23:30 on 2026-01-13 in China: two calendar days earlier there, so the schedule starts two days earlier.
    const { order_no } = await createLoan(user.http, user.application);
    await user.http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 1, minutes: 630 });
    expect((await orderDetail(user.http, { order_no })).created_at).toBe('2026-01-13T15:30:00.000Z');
    expect((await installments(user.http, { order_no })).list[0]).toMatchObject({ due_date: '2026-02-13', status: 'unpaid' });
  } finally {
    await server.close();
  }
});

test('reading loans never writes: an instalment falls overdue on the page while the database is left as it was', async () => {
  const server = await startServer();
  try {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    await user.http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });
    // Everything a read could touch, row by row, before and after.
    const books = async () => {
      const { q } = server.app.store;
      return [
        await q.selectFrom('loans').selectAll().orderBy('id').execute(),
        await q.selectFrom('instalments').selectAll().orderBy('loan_id').orderBy('period').execute(),
        await q.selectFrom('payments').selectAll().orderBy('id').execute(),
      ];
    };
    const before = await books();
    expect((await myLoans(user.http)).list[0].status).toBe('overdue');
    expect((await orderDetail(user.http, { order_no })).status).toBe('overdue');
    expect((await installments(user.http, { order_no })).list[0].status).toBe('overdue');
    expect(await books()).toEqual(before);
    expect(before[0]).toEqual([expect.objectContaining({ order_no, status: 'repaying' })]);
  } finally {
    await server.close();
  }
});

test('my loans answered before a due date say overdue once the day has passed, with nothing written between', async () => {
  const server = await startServer({ tokenTtlSeconds: 90 * 24 * 3600 });
  try {
    const user = await signUp(server);
    await createLoan(user.http, user.application);
    const [loan] = (await myLoans(user.http)).list;
    expect(loan.status).toBe('repaying');
    server.clock.now = Date.parse(`${loan.next_due_date}T00:00:00+08:00`) + 2 * DAY_MS;
    expect((await myLoans(user.http)).list[0]).toMatchObject({ status: 'overdue', next_due_date: loan.next_due_date });
  } finally {
    await server.close();
  }
});

test('my loans turns overdue at the business midnight after the due date, though the page was read a minute before', async () => {
  const server = await startServer({ tokenTtlSeconds: 90 * 24 * 3600 });
  try {
    const user = await signUp(server);
    await createLoan(user.http, user.application);
    // 2026-02-15, the first due date, ends at 16:00 UTC in Asia/Shanghai.
    server.clock.now = Date.UTC(2026, 1, 15, 15, 59, 0);
    expect((await myLoans(user.http)).list[0]).toMatchObject({ status: 'repaying', next_due_date: '2026-02-15' });
    server.clock.advance(2 * 60_000);
    expect((await myLoans(user.http)).list[0]).toMatchObject({ status: 'overdue', next_due_date: '2026-02-15' });
  } finally {
    await server.close();
  }
});
