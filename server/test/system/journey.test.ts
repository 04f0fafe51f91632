import { maskIdCard } from '@instalment/contract/format';
import {
  bankInfo,
  cashier,
  channels,
  contractInfo,
  createLoan,
  installments,
  loanRates,
  login,
  logout,
  myLoans,
  orderDetail,
  SANDBOX_ENDPOINTS,
  userIndex,
} from '@instalment/contract/api';
import { computeSchedule, fromFen, toFen } from '@instalment/contract/loan';
import { newPhone, PASSWORD, refusal, signUp, smsLogin, startServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const APP = 'http://localhost:3000/';

/** Submits the sandbox gateway's form the way the browser does and returns where it redirects. */
async function submitGateway(fields: Record<string, string>): Promise<{ status: number; location: string }> {
  const response = await fetch(`${server.baseURL}${SANDBOX_ENDPOINTS.confirm}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: response.status, location: response.headers.get('location') ?? '' };
}

test('register → SMS login → apply → list → detail → instalments → contract → cashier → sandbox pay → settled', async () => {
  const mobile = newPhone();
  const registered = await signUp(server, mobile);
  const me = await userIndex(registered.http);
  expect(me).toMatchObject({ mobile, username: mobile, money: '0.00', score: 0, level: 1 });
  expect(me.nickname).toBe(`${mobile.slice(0, 3)}****${mobile.slice(7)}`);

  // Password login by phone and by username, then SMS login: each gives a token of its own.
  const byPhone = await login(registered.http, { account: mobile, password: PASSWORD });
  expect(byPhone.userinfo.token).not.toBe(registered.token);
  expect(byPhone.userinfo.expires_in).toBe(30 * 24 * 3600);
  expect(byPhone.userinfo.expiretime).toBe(Math.floor(server.clock.now / 1000) + 30 * 24 * 3600);
  const user = await smsLogin(server, mobile);
  expect(await userIndex(user.http)).toMatchObject({ id: me.id });

  const rates = await loanRates(user.http);
  expect(rates).toMatchObject({
    min_amount: '1000.00',
    max_amount: '50000.00',
    amount_step: '100.00',
    repayment_method: 'equal_instalment',
  });
  expect(rates.terms.map((offer) => offer.term)).toEqual([3, 6, 12, 24]);
  expect((await channels(user.http)).map((channel) => channel.code)).toEqual(['alipay', 'wechat', 'unionpay', 'transfer']);
  expect((await bankInfo(user.http)).account_name).toBe('Instalment Finance Co., Ltd.');
  const template = await contractInfo(user.http);
  expect(template).toMatchObject({ contract_no: null, borrower: null, lender: { name: 'Instalment Finance Co., Ltd.' } });
  expect(template.clauses.length).toBeGreaterThanOrEqual(8);

  const { order_no } = await createLoan(user.http, registered.application);
  expect(order_no).toMatch(/^L20260115\d{6}$/);

  const page = await myLoans(user.http);
  expect(page).toMatchObject({ total: 1, page: 1, limit: 10 });
  const offer = rates.terms.find((item) => item.term === 3)!;
  const schedule = computeSchedule({
    amountFen: 1_200_000,
    term: 3,
    monthlyRateBp: offer.monthly_rate_bp,
    monthlyFeeBp: offer.monthly_fee_bp,
    startDate: '2026-01-15',
  });
  expect(page.list[0]).toMatchObject({
    order_no,
    amount: '12000.00',
    term: 3,
    status: 'repaying',
    status_label: 'repaying',
    next_due_date: '2026-02-15',
    next_due_amount: fromFen(schedule.instalments[0].totalFen),
    remaining_principal: '12000.00',
  });

  const detail = await orderDetail(user.http, { order_no });
  expect(detail).toMatchObject({
    status: 'repaying',
    id_card: maskIdCard(registered.application.id_card),
    bank_card: '**** **** **** 3445',
    monthly_payment: fromFen(schedule.monthlyPaymentFen),
    total_repayment: fromFen(schedule.totalRepaymentFen),
    paid_periods: 0,
    settled_at: null,
    overdue_days: 0,
    penalty: '0.00',
    vouchers: [],
  });
  expect(detail.approved_at).toBe(new Date(server.clock.now).toISOString());

  const plan = await installments(user.http, { order_no });
  expect(plan.list.map((item) => [item.period, item.due_date, item.status])).toEqual([
    [1, '2026-02-15', 'unpaid'],
    [2, '2026-03-15', 'unpaid'],
    [3, '2026-04-15', 'unpaid'],
  ]);
  expect(plan.list.reduce((sum, item) => sum + toFen(item.principal)!, 0)).toBe(1_200_000);

  const contract = await contractInfo(user.http, { order_no });
  expect(contract).toMatchObject({
    order_no,
    amount: '12000.00',
    term: 3,
    borrower: { name: 'Li Lei', id: maskIdCard(registered.application.id_card) },
  });
  expect(contract.contract_no).toBe(`HT${order_no.slice(1)}`);

  // The cashier pays what it is asked for; asking again gives the same payment.
  const first = await cashier(user.http, { order_no, periods: '1' });
  expect(first.items.map((item) => item.period)).toEqual([1]);
  expect((await cashier(user.http, { order_no, periods: '1' })).payment_no).toBe(first.payment_no);

  const all = await cashier(user.http, { order_no, periods: '1,2,3' });
  expect(all.payment_no).not.toBe(first.payment_no);
  expect(all.total).toBe(fromFen(schedule.totalRepaymentFen));
  // Without a channel there is no gateway page yet; with one, the complete address of the sandbox's.
  expect(all.pay_url).toBeNull();
  const returnUrl = `${APP}#/pages/payment/repay?order_no=${order_no}`;
  const chosen = await cashier(user.http, { order_no, periods: '1,2,3', channel: 'alipay', return_url: returnUrl });
  expect(chosen.payment_no).toBe(all.payment_no);
  const payUrl = new URL(chosen.pay_url!);
  expect(`${payUrl.origin}${payUrl.pathname}`).toBe(`${server.baseURL}${SANDBOX_ENDPOINTS.payPage}`);
  expect(Object.fromEntries(payUrl.searchParams)).toEqual({
    payment_no: all.payment_no,
    channel: 'alipay',
    return_url: `${APP}#/pages/payment/repay?order_no=${order_no}&payment_no=${all.payment_no}`,
  });
  const gateway = await fetch(chosen.pay_url!);
  expect(gateway.status).toBe(200);
  const html = await gateway.text();
  expect(html).toContain('>Pay</button>');
  expect(html).toContain('>Cancel</button>');
  expect(html).toContain(order_no);
  expect(html).toContain(`¥${Number(all.total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`);

  // The superseded first payment can no longer be paid.
  const stale = await submitGateway({ payment_no: first.payment_no, channel: 'alipay', return_url: returnUrl, decision: 'pay' });
  expect(stale.location).toContain('result=failed');

  const cancelled = await submitGateway({ payment_no: all.payment_no, channel: 'alipay', return_url: returnUrl, decision: 'cancel' });
  expect(cancelled.status).toBe(303);
  expect(cancelled.location).toBe(`${APP}#/pages/payment/repay?order_no=${order_no}&payment_no=${all.payment_no}&result=cancelled`);
  expect((await orderDetail(user.http, { order_no })).paid_periods).toBe(0);

  const paid = await submitGateway({ payment_no: all.payment_no, channel: 'alipay', return_url: returnUrl, decision: 'pay' });
  expect(paid).toEqual({
    status: 303,
    location: `${APP}#/pages/payment/repay?order_no=${order_no}&payment_no=${all.payment_no}&result=success`,
  });
  // Confirming twice is harmless.
  expect((await submitGateway({ payment_no: all.payment_no, channel: 'alipay', return_url: returnUrl })).location).toContain(
    'result=success',
  );

  const settled = await orderDetail(user.http, { order_no });
  expect(settled).toMatchObject({
    status: 'settled',
    status_label: 'settled',
    paid_periods: 3,
    next_due_date: null,
    next_due_amount: null,
    remaining_principal: '0.00',
  });
  expect(settled.settled_at).toBe(new Date(server.clock.now).toISOString());
  const after = await installments(user.http, { order_no });
  expect(after.list.every((item) => item.status === 'paid' && item.paid_at === settled.settled_at)).toBe(true);
  expect((await refusal(cashier(user.http, { order_no, periods: '1' }))).message).toBe(
    'This loan is settled; there is nothing left to pay.',
  );

  await logout(user.http);
  expect((await refusal(userIndex(user.http))).code).toBe(401);
});

test('the gateway returns only to the app and leaves the payment open when refused', async () => {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);
  const due = await cashier(user.http, { order_no, periods: '1', channel: 'alipay', return_url: 'https://evil.example/steal' });
  // The server leaves a foreign return address out, and the gateway refuses to go anywhere without one.
  expect(new URL(due.pay_url!).searchParams.has('return_url')).toBe(false);
  const forged = new URL(due.pay_url!);
  forged.searchParams.set('return_url', 'https://evil.example/steal');
  expect((await fetch(forged)).status).toBe(400);
  const confirm = await submitGateway({ payment_no: due.payment_no, return_url: 'https://evil.example/', decision: 'pay' });
  expect(confirm.status).toBe(400);
  expect((await orderDetail(user.http, { order_no })).paid_periods).toBe(0);

  // A return address without a hash gets the result in its query.
  const plain = await submitGateway({ payment_no: due.payment_no, return_url: 'http://127.0.0.1:3003/done?x=1', decision: 'pay' });
  expect(plain.location).toBe(`http://127.0.0.1:3003/done?x=1&payment_no=${due.payment_no}&result=success`);
  expect((await orderDetail(user.http, { order_no })).paid_periods).toBe(1);
  const unknown = await fetch(
    `${server.baseURL}${SANDBOX_ENDPOINTS.payPage}?payment_no=P20260101ABCDEF0123&return_url=${encodeURIComponent(APP)}`,
  );
  expect(unknown.status).toBe(404);
});

test('CORS admits the app origins and the token header only', async () => {
  const preflight = (origin: string) =>
    fetch(`${server.baseURL}/api/user/index`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'token' },
    });
  const allowed = await preflight('http://localhost:3002');
  expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:3002');
  expect(allowed.headers.get('access-control-allow-headers')).toContain('token');
  expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
});
