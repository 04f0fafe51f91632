import {
  ADMIN_ENDPOINTS,
  askDifferenceApply,
  askDifferenceRefund,
  cashier,
  consolePayments,
  createLoan,
  DEV_ENDPOINTS,
  exportPath,
  GATEWAY_ENDPOINTS,
  installments,
  paymentState,
  uploadFile,
  uploadProof,
  type ApprovalAsked,
  type HttpClient,
  type OverdueLoan,
  type Queues,
  type ConsoleBorrower,
  type ConsolePayment,
} from '@instalment/contract/api';
import { fromFen, toFen } from '@instalment/contract/loan';
import { CSV_BOM } from '../../src/services/csv';
import { throughFake, withFakes } from '../fakes';
import { blob, DAY_MS, PNG_BYTES, signUp, startServer } from '../helpers';
import { operatorsOf } from '../operators';
import { differencesOf } from '../services/reconciliation/differences';

const loopback = withFakes(['alipay'], ({ alipay }) =>
  startServer({
    ...throughFake(alipay),
    // Sessions outlive the weeks the clock moves for the overdue report.
    tokenTtlSeconds: 90 * 24 * 3600,
  }),
);
const { loggedIn } = operatorsOf(() => loopback.server);
const { consoleOf, paidTwice, differenceOf, approve } = differencesOf(
  () => loopback.server,
  () => loopback.alipay,
);

const RETURN_URL = 'http://localhost:3000/';

/**
 * A payment as the three places staff read it show it: the payments list, the borrower's view and
 * the payments CSV, read by an operator who may open all three.
 */
async function shown(mobile: string, paymentNo: string) {
  const operator = await loggedIn(['finance', 'support']);
  const listed = (await consolePayments(consoleOf(operator), { limit: 200 })).list.find((row) => row.payment_no === paymentNo);
  const borrower = await operator.data<ConsoleBorrower>('GET', `${ADMIN_ENDPOINTS.users}?mobile=${mobile}`);
  const response = await fetch(`${loopback.server.baseURL}${exportPath('payments', {})}`, {
    headers: { authorization: `Bearer ${operator.token}` },
  });
  const [header, ...rows] = Buffer.from(await response.arrayBuffer())
    .toString('utf8')
    .slice(CSV_BOM.length)
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));
  const row = rows.find((cells) => cells[header.indexOf('payment_no')] === paymentNo)!;
  return {
    list: listed && { state: listed.state, refunded: listed.refunded },
    borrower: borrower.payments.filter((payment) => payment.payment_no === paymentNo).map(({ state, refunded }) => ({ state, refunded })),
    csv: { status: row[header.indexOf('status')], refunded: row[header.indexOf('refunded')] },
  };
}

/** What each place shows of a payment in `state`, `refunded` of it given back. */
const everywhere = (state: ConsolePayment['state'], refunded: string | null) => ({
  list: { state, refunded },
  borrower: [{ state, refunded }],
  csv: { status: state, refunded: refunded ?? '' },
});

/** A second finance operator carries out what the first asks for, of a payment's difference. */
async function decided(ask: (http: HttpClient, id: number) => Promise<ApprovalAsked>, paymentNo: string) {
  const [maker, checker] = await Promise.all([loggedIn(['finance']), loggedIn(['finance'])]);
  const asked = await ask(consoleOf(maker), (await differenceOf(maker, paymentNo)).id);
  expect((await approve(checker, asked.approval_id)).body.code).toBe(1);
}

describe("a payment's state, the same in the payments list, the borrower's view, the CSV and the borrower's app", () => {
  test('paid through Alipay and credited whole: paid', async () => {
    const borrower = await signUp(loopback.server);
    const { order_no } = await createLoan(borrower.http, borrower.application);
    const due = await cashier(borrower.http, { order_no, periods: '1', channel: 'alipay', return_url: RETURN_URL });
    expect((await fetch(due.pay_url!)).status).toBe(200);
    await loopback.alipay.pay(due.payment_no);
    expect(await shown(borrower.mobile, due.payment_no)).toEqual(everywhere('paid', null));
  });

  test('paid for an instalment a proof had settled: awaiting finance, then refunded whole', async () => {
    const { borrower, due } = await paidTwice();
    expect(await shown(borrower.mobile, due.payment_no)).toEqual(everywhere('awaiting_reconciliation', null));
    await decided(askDifferenceRefund, due.payment_no);
    expect(await shown(borrower.mobile, due.payment_no)).toEqual(everywhere('refunded', due.total));
    // And the borrower's app, back on the page the gateway returned them to.
    expect(await paymentState(borrower.http, { payment_no: due.payment_no })).toMatchObject({
      status: 'paid',
      state: 'refunded',
      refunded: due.total,
    });
  });

  test('paid for two instalments when a proof had settled the first: the second credited, the rest refunded: partly refunded', async () => {
    const borrower = await signUp(loopback.server);
    const { order_no } = await createLoan(borrower.http, borrower.application);
    const due = await cashier(borrower.http, { order_no, periods: '1,2', channel: 'alipay', return_url: RETURN_URL });
    expect((await fetch(due.pay_url!)).status).toBe(200);
    const first = due.items.find((item) => item.period === 1)!;
    const file = await uploadFile(borrower.http, blob(Buffer.concat([PNG_BYTES, Buffer.from('partly')]), 'image/png'), 'receipt.png');
    const proof = await uploadProof(borrower.http, { order_no, periods: [1], amount: first.total, file_url: file.fullurl, remark: '' });
    await loopback.server.client().http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: proof.id, decision: 'approve' });
    loopback.alipay.holdNotifies = true;
    try {
      await loopback.alipay.pay(due.payment_no);
      expect(
        await loopback.alipay.postNotify(
          `${loopback.server.baseURL}${GATEWAY_ENDPOINTS.alipayNotify}`,
          loopback.alipay.notifyFields(due.payment_no),
        ),
      ).toBe('success');
    } finally {
      loopback.alipay.holdNotifies = false;
    }
    expect((await installments(borrower.http, { order_no })).list.slice(0, 2).map((item) => item.status)).toEqual(['paid', 'paid']);
    await decided(askDifferenceRefund, due.payment_no);
    expect(await shown(borrower.mobile, due.payment_no)).toEqual(everywhere('partly_refunded', first.total));
    expect(await paymentState(borrower.http, { payment_no: due.payment_no })).toMatchObject({
      state: 'partly_refunded',
      refunded: first.total,
    });
  });

  test('a difference applied to the next instalment: credited', async () => {
    const { borrower, due } = await paidTwice();
    await decided((http, id) => askDifferenceApply(http, id), due.payment_no);
    expect(await shown(borrower.mobile, due.payment_no)).toEqual(everywhere('credited', null));
  });
});

test('the overdue amount staff read is what the borrower must pay today, penalty included', async () => {
  const borrower = await signUp(loopback.server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const start = loopback.server.clock.now;
  try {
    loopback.server.clock.advance(45 * DAY_MS);
    const collector = await loggedIn(['finance']);
    const report = await collector.data<OverdueLoan[]>('GET', ADMIN_ENDPOINTS.overdue);
    const row = report.find((loan) => loan.order_no === order_no)!;
    expect(toFen(row.penalty)).toBeGreaterThan(0);
    // The borrower's cashier, for the same instalments, today.
    const price = await cashier(borrower.http, { order_no, periods: row.overdue_periods.join(',') });
    expect(row.overdue_amount).toBe(price.total);

    const queues = await collector.data<Queues>('GET', ADMIN_ENDPOINTS.queues);
    expect(queues.loads.loans_overdue.amount).toBe(fromFen(report.reduce((sum, loan) => sum + toFen(loan.overdue_amount)!, 0)));

    const response = await fetch(`${loopback.server.baseURL}${exportPath('overdue', {})}`, {
      headers: { authorization: `Bearer ${collector.token}` },
    });
    const [header, ...lines] = Buffer.from(await response.arrayBuffer())
      .toString('utf8')
      .slice(CSV_BOM.length)
      .split('\r\n');
    const cells = lines.map((line) => line.split(',')).find((line) => line[0] === order_no)!;
    expect(cells[header.split(',').indexOf('overdue_amount')]).toBe(price.total);
  } finally {
    loopback.server.clock.now = start;
  }
});
