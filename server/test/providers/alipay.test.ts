import { createVerify } from 'node:crypto';
import {
  cashier,
  channels,
  createLoan,
  DEV_ENDPOINTS,
  GATEWAY_ENDPOINTS,
  installments,
  paymentState,
  uploadFile,
  uploadProof,
} from '@instalment/contract/api';
import { throughFake, withFakes } from '../fakes';
import { blob, PNG_BYTES, rowCount, signUp, startServer } from '../helpers';

const RETURN_URL = 'http://localhost:3000/#/pages/payment/repay?order_no=L1';

const loopback = withFakes(['alipay'], ({ alipay }) => startServer(throughFake(alipay)));

const notifyUrl = () => `${loopback.server.baseURL}${GATEWAY_ENDPOINTS.alipayNotify}`;

/** A borrower with a repaying loan who has opened Alipay's page for `periods`. */
async function atAlipay(periods = '1', returnUrl = RETURN_URL) {
  const user = await signUp(loopback.server);
  const { order_no } = await createLoan(user.http, user.application);
  const due = await cashier(user.http, { order_no, periods, channel: 'alipay', return_url: returnUrl });
  const page = await fetch(due.pay_url!);
  expect(page.status).toBe(200);
  return { user, order_no, due };
}

const statuses = async (user: Awaited<ReturnType<typeof signUp>>, order_no: string) =>
  (await installments(user.http, { order_no })).list.map((item) => item.status);

test('the cashier answers the complete signed alipay.trade.wap.pay URL, which Alipay verifies with the app key', async () => {
  const { due } = await atAlipay('1');
  const url = new URL(due.pay_url!);
  expect(`${url.origin}${url.pathname}`).toBe(loopback.alipay.gateway);
  const fields = Object.fromEntries(url.searchParams);
  expect(fields).toMatchObject({
    app_id: loopback.alipay.appId,
    method: 'alipay.trade.wap.pay',
    sign_type: 'RSA2',
    notify_url: notifyUrl(),
  });
  expect(JSON.parse(fields.biz_content)).toMatchObject({
    out_trade_no: due.payment_no,
    total_amount: due.total,
    product_code: 'QUICK_WAP_WAY',
  });
  // The return address carries the payment, so the app can ask about it when the browser is back.
  expect(fields.return_url).toContain(`payment_no=${due.payment_no}`);
  const signed = Object.keys(fields)
    .filter((key) => key !== 'sign')
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('&');
  expect(createVerify('RSA-SHA256').update(signed).verify(loopback.alipay.appPublicKey, fields.sign, 'base64')).toBe(true);
  expect(loopback.alipay.trades.get(due.payment_no)).toMatchObject({ status: 'WAIT_BUYER_PAY', totalAmount: due.total });
});

test('a return address outside the app is left out of the URL', async () => {
  const { due } = await atAlipay('1', 'https://evil.example/steal');
  expect(new URL(due.pay_url!).searchParams.has('return_url')).toBe(false);
});

test('paid at Alipay: the signed notify settles the instalment once, and replays answer success without paying twice', async () => {
  const { user, order_no, due } = await atAlipay('1');
  const back = await loopback.alipay.pay(due.payment_no);
  expect(loopback.alipay.trades.get(due.payment_no)!.notifyAnswers).toEqual(['success']);
  expect(back).toContain(`payment_no=${due.payment_no}`);
  expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
  const settlements = await rowCount(loopback.server, 'payments');
  for (let replay = 0; replay < 3; replay += 1)
    expect(await loopback.alipay.postNotify(notifyUrl(), loopback.alipay.notifyFields(due.payment_no))).toBe('success');
  expect(await rowCount(loopback.server, 'payments')).toBe(settlements);
  expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ status: 'paid', amount: due.total });
});

test('20 simultaneous identical notifies settle once', async () => {
  const { user, order_no, due } = await atAlipay('1,2');
  loopback.alipay.holdNotifies = true;
  await loopback.alipay.pay(due.payment_no);
  const notify = loopback.alipay.notifyFields(due.payment_no);
  const answers = await Promise.all(Array.from({ length: 20 }, () => loopback.alipay.postNotify(notifyUrl(), notify)));
  expect(new Set(answers)).toEqual(new Set(['success']));
  expect(await statuses(user, order_no)).toEqual(['paid', 'paid', 'unpaid']);
  const loan = (
    await loopback.server.app.store.q.selectFrom('loans').select('id').where('order_no', '=', order_no).executeTakeFirstOrThrow()
  ).id;
  const settled = await loopback.server.app.store.q
    .selectFrom('instalments')
    .select('paid_by')
    .where('loan_id', '=', loan)
    .where('paid_at', 'is not', null)
    .execute();
  expect(settled.map((row) => row.paid_by)).toEqual([`payment:${due.payment_no}`, `payment:${due.payment_no}`]);
});

test('a forged notify, one for another app, one for an unknown payment and one with the wrong amount settle nothing', async () => {
  const { user, order_no, due } = await atAlipay('1');
  loopback.alipay.holdNotifies = true;
  await loopback.alipay.pay(due.payment_no);
  const genuine = loopback.alipay.notifyFields(due.payment_no);
  const forgedSignature = { ...genuine, total_amount: '0.01' };
  const otherApp = loopback.alipay.notifyFields(due.payment_no, { app_id: '2021000000009999', auth_app_id: '2021000000009999' });
  const unknown = loopback.alipay.sign({ ...genuine, out_trade_no: 'P2026011500000000AA', sign: '', sign_type: '' });
  const wrongAmount = loopback.alipay.notifyFields(due.payment_no, {
    total_amount: '0.01',
    receipt_amount: '0.01',
    buyer_pay_amount: '0.01',
  });
  const unsigned = Object.fromEntries(Object.entries(genuine).filter(([key]) => key !== 'sign'));
  for (const notify of [forgedSignature, otherApp, unknown, wrongAmount, unsigned]) {
    expect(await loopback.alipay.postNotify(notifyUrl(), notify)).toBe('fail');
  }
  expect(await statuses(user, order_no)).toEqual(['unpaid', 'unpaid', 'unpaid']);
  // The genuine one still settles.
  expect(await loopback.alipay.postNotify(notifyUrl(), genuine)).toBe('success');
  expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
});

test('back from Alipay before the notify: the server asks Alipay (alipay.trade.query) and settles', async () => {
  const { user, order_no, due } = await atAlipay('1');
  expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ status: 'open' });
  loopback.alipay.holdNotifies = true;
  await loopback.alipay.pay(due.payment_no);
  expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ status: 'paid', periods: [1] });
  expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
  // The notify that comes late finds it paid.
  expect(await loopback.alipay.postNotify(notifyUrl(), loopback.alipay.notifyFields(due.payment_no))).toBe('success');
});

test('a lost notify is found by the reconciliation of open payments', async () => {
  const { user, order_no, due } = await atAlipay('1');
  loopback.alipay.holdNotifies = true;
  await loopback.alipay.pay(due.payment_no);
  expect(await loopback.server.app.services.payments.reconcileOpen()).toBeGreaterThanOrEqual(1);
  expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
});

describe('money that arrived is never refused', () => {
  test('paid after the price moved (penalties grew): what the money covers settles, the rest is recorded', async () => {
    const { user, order_no, due } = await atAlipay('1,2');
    await loopback.server.client().http.post(DEV_ENDPOINTS.ageLoan, { order_no, days: 40 });
    loopback.alipay.holdNotifies = true;
    await loopback.alipay.pay(due.payment_no);
    expect(await loopback.alipay.postNotify(notifyUrl(), loopback.alipay.notifyFields(due.payment_no))).toBe('success');
    const loan = (
      await loopback.server.app.store.q.selectFrom('loans').select('id').where('order_no', '=', order_no).executeTakeFirstOrThrow()
    ).id;
    const differences = await loopback.server.app.store.q
      .selectFrom('payment_differences')
      .selectAll()
      .where('loan_id', '=', loan)
      .execute();
    expect(differences).toHaveLength(1);
    expect(differences[0]).toMatchObject({ received_fen: Math.round(Number(due.total) * 100), reason: 'price_rose', status: 'open' });
    expect(differences[0].settled_fen).toBeGreaterThan(0);
    expect(differences[0].settled_fen).toBeLessThan(differences[0].received_fen);
    const [first, second] = await statuses(user, order_no);
    expect([first, second === 'paid']).toEqual(['paid', false]);
    expect(await paymentState(user.http, { payment_no: due.payment_no })).toMatchObject({ status: 'paid' });
    // Once: a replay records nothing more.
    expect(await loopback.alipay.postNotify(notifyUrl(), loopback.alipay.notifyFields(due.payment_no))).toBe('success');
    expect(
      await loopback.server.app.store.q.selectFrom('payment_differences').selectAll().where('loan_id', '=', loan).execute(),
    ).toHaveLength(1);
  });

  test('paid after a transfer proof settled the instalment: nothing is settled twice, the whole amount is recorded', async () => {
    const { user, order_no, due } = await atAlipay('1');
    const file = await uploadFile(user.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
    const proof = await uploadProof(user.http, { order_no, periods: [1], amount: due.total, file_url: file.fullurl, remark: '' });
    await loopback.server.client().http.post(DEV_ENDPOINTS.reviewProof, { voucher_id: proof.id, decision: 'approve' });
    loopback.alipay.holdNotifies = true;
    await loopback.alipay.pay(due.payment_no);
    expect(await loopback.alipay.postNotify(notifyUrl(), loopback.alipay.notifyFields(due.payment_no))).toBe('success');
    const loan = (
      await loopback.server.app.store.q.selectFrom('loans').select('id').where('order_no', '=', order_no).executeTakeFirstOrThrow()
    ).id;
    const [difference] = await loopback.server.app.store.q
      .selectFrom('payment_differences')
      .selectAll()
      .where('loan_id', '=', loan)
      .execute();
    expect(difference).toMatchObject({ settled_fen: 0, reason: 'settled_otherwise' });
    expect(await statuses(user, order_no)).toEqual(['paid', 'unpaid', 'unpaid']);
  });
});

test('with Alipay only Alipay and bank transfer are offered; WeChat Pay and UnionPay have no provider', async () => {
  const offered = await channels(loopback.server.client().http);
  expect(offered.map((channel) => channel.code).sort()).toEqual(['alipay', 'transfer']);
  const user = await signUp(loopback.server);
  const { order_no } = await createLoan(user.http, user.application);
  const refused = await cashier(user.http, { order_no, periods: '1', channel: 'wechat', return_url: RETURN_URL }).catch(
    (error: Error) => error,
  );
  expect((refused as Error).message).toMatch(/not available/);
  // The sandbox is not there to mark anything paid.
  expect((await fetch(`${loopback.server.baseURL}/sandbox/pay/confirm`, { method: 'POST' })).status).toBe(404);
});
