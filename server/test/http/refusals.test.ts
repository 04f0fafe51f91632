import {
  CURRENT_AGREEMENT,
  cashier,
  contractInfo,
  createLoan,
  installments,
  login,
  mobileLogin,
  myLoans,
  newsIndex,
  orderDetail,
  register,
  sendSms,
  uploadProof,
  type LoanApplication,
} from '@instalment/contract/api';
import { APPLICATION, PASSWORD, refusal, signUp, startServer, type TestClient, type TestServer } from '../helpers';

let server: TestServer;
let user: Awaited<ReturnType<typeof signUp>>;
let orderNo: string;
beforeAll(async () => {
  server = await startServer();
  user = await signUp(server);
  orderNo = (await createLoan(user.http, user.application)).order_no;
});
afterAll(() => server.close());

/** Each bad input, the call that sends it, and the message the user reads. */
const badInput: Array<[string, (client: TestClient) => Promise<unknown>, string]> = [
  [
    'register: phone',
    (c) => register(c.http, { ...CURRENT_AGREEMENT, mobile: '12345', code: '123456', password: PASSWORD }),
    'Enter an 11-digit phone number starting with 13-19.',
  ],
  [
    'register: password',
    (c) => register(c.http, { ...CURRENT_AGREEMENT, mobile: '13912345678', code: '123456', password: 'short' }),
    'Use 6-20 letters, digits or @$!%*#?&, with at least one letter and one digit.',
  ],
  [
    'register: e-mail',
    (c) => register(c.http, { ...CURRENT_AGREEMENT, mobile: '13912345678', code: '123456', password: PASSWORD, email: 'me@' }),
    'Enter a valid e-mail address, like name@example.com.',
  ],
  [
    'register: code',
    (c) => register(c.http, { ...CURRENT_AGREEMENT, mobile: '13912345678', code: '12', password: PASSWORD }),
    'The verification code has 4 to 6 digits.',
  ],
  [
    'register: username',
    (c) => register(c.http, { ...CURRENT_AGREEMENT, mobile: '13912345678', code: '123456', password: PASSWORD, username: 'a b' }),
    'A username has 3 to 32 letters, digits or underscores.',
  ],
  ['login: account', (c) => login(c.http, { account: '', password: PASSWORD }), 'Enter your username or phone number.'],
  ['login: password', (c) => login(c.http, { account: 'someone', password: '' }), 'Enter your password.'],
  ['mobilelogin: phone', (c) => mobileLogin(c.http, { mobile: '', captcha: '123456' }), 'Enter your phone number.'],
  ['mobilelogin: code', (c) => mobileLogin(c.http, { mobile: '13912345678', captcha: 'abcd' }), 'The verification code has 4 to 6 digits.'],
  [
    'sms: phone',
    (c) => sendSms(c.http, { mobile: '23912345678', event: 'register' }),
    'Enter an 11-digit phone number starting with 13-19.',
  ],
  [
    'sms: event',
    (c) => sendSms(c.http, { mobile: '13912345678', event: 'unbind' as 'register' }),
    'event must be one of: register, mobilelogin, resetpwd, changemobile, closeaccount.',
  ],
  ['myLoans: page', (c) => myLoans(c.http, { page: 0 }), 'page must be a whole number from 1 to 100000.'],
  ['myLoans: limit', (c) => myLoans(c.http, { limit: 51 }), 'limit must be a whole number from 1 to 50.'],
  ['orderDetail: no order', (c) => orderDetail(c.http, {}), 'Enter the order number.'],
  ['installments: unknown order', (c) => installments(c.http, { order_no: 'L20260115999999' }), 'Order not found.'],
  ['contract: unknown order', (c) => contractInfo(c.http, { order_no: 'nope' }), 'Order not found.'],
  ['cashier: no order', (c) => cashier(c.http, { order_no: '' }), 'Enter the order number.'],
  [
    'voucher: no order',
    (c) => uploadProof(c.http, { order_no: '', periods: [1], amount: '1.00', file_url: '' }),
    'Enter the order number.',
  ],
  ['news: page', (c) => newsIndex(c.http, { page: -1 }), 'page must be a whole number from 1 to 100000.'],
];

test.each(badInput)('%s', async (_name, call, message) => {
  const error = await refusal(call(user));
  expect(error).toMatchObject({ code: 0, message, data: null });
});

const application = (change: Partial<LoanApplication>) => ({ ...APPLICATION, ...change });
const badApplications: Array<[string, Partial<LoanApplication>, string]> = [
  ['amount not a number', { amount: '12k' }, 'Enter an amount in yuan.'],
  ['amount too small', { amount: '900' }, 'The amount must be between ¥1,000.00 and ¥50,000.00.'],
  ['amount too large', { amount: '50100.00' }, 'The amount must be between ¥1,000.00 and ¥50,000.00.'],
  ['amount off the step', { amount: '1050' }, 'The amount must be a multiple of ¥100.00.'],
  ['term not offered', { term: 5 }, 'Choose one of the terms offered.'],
  ['purpose unknown', { purpose: 'gambling' as LoanApplication['purpose'] }, 'Choose what the loan is for.'],
  ['real name', { real_name: '' }, 'Enter your real name as on your ID card.'],
  ['id card', { id_card: '110101199002301234' }, 'Enter a valid 18-character ID card number (the last may be X).'],
  ['bank card', { bank_card: '1234' }, 'A bank card number has 16 to 19 digits.'],
  ['bank name', { bank_name: ' ' }, 'Enter the name of your bank.'],
  ['no consent', { agree_contract: false }, 'You must agree to the loan contract to apply.'],
];

test.each(badApplications)('create: %s', async (_name, change, message) => {
  expect((await refusal(createLoan(user.http, application(change)))).message).toBe(message);
});

test('malformed bodies are refused with code 0, never a 500', async () => {
  const post = (body: string, type = 'application/json') =>
    fetch(`${server.baseURL}/api/loan/create`, { method: 'POST', headers: { token: user.token!, 'content-type': type }, body });
  for (const body of ['{"amount":', '[]', 'null', '"text"', '{"amount":{"$gt":1},"term":[3]}', '{"__proto__":{"x":1}}']) {
    const response = await post(body);
    expect(response.status).toBeLessThan(500);
    expect(await response.json()).toMatchObject({ code: 0, data: null });
  }
  const form = await post(
    `amount=5000&term=6&purpose=travel&real_name=Li+Lei&id_card=${user.application.id_card}&bank_card=6222020200112233&bank_name=BOC&agree_contract=true`,
    'application/x-www-form-urlencoded',
  );
  expect(await form.json()).toMatchObject({ code: 1, data: { order_no: expect.stringMatching(/^L/) } });
  const xml = await post('<a/>', 'application/xml');
  expect(xml.status).toBe(415);
  expect(await xml.json()).toMatchObject({ code: 0, msg: 'This content type is not accepted; send JSON or a form.' });
  const missing = await fetch(`${server.baseURL}/api/nothing`);
  expect(await missing.json()).toMatchObject({ code: 0, msg: 'No such endpoint: GET /api/nothing' });
});

test("another user's order answers exactly as a missing one", async () => {
  const stranger = await signUp(server);
  const calls: Array<(order_no: string) => Promise<unknown>> = [
    (order_no) => orderDetail(stranger.http, { order_no }),
    (order_no) => installments(stranger.http, { order_no }),
    (order_no) => contractInfo(stranger.http, { order_no }),
    (order_no) => cashier(stranger.http, { order_no }),
    (order_no) => uploadProof(stranger.http, { order_no, periods: [1], amount: '5000.00', file_url: '/uploads/x.png' }),
  ];
  for (const call of calls) {
    const theirs = await refusal(call(orderNo));
    const missing = await refusal(call('L20260115000000'));
    expect(theirs).toMatchObject({ code: 0, message: 'Order not found.', data: null });
    expect({ code: theirs.code, message: theirs.message, data: theirs.data }).toEqual({
      code: missing.code,
      message: missing.message,
      data: missing.data,
    });
  }
  expect((await myLoans(stranger.http)).total).toBe(0);
  // The owner still sees it.
  expect((await orderDetail(user.http, { order_no: orderNo })).order_no).toBe(orderNo);
});

test('protected calls need a token', async () => {
  const anonymous = server.client();
  const calls = [
    () => createLoan(anonymous.http, APPLICATION),
    () => myLoans(anonymous.http),
    () => orderDetail(anonymous.http, { order_no: orderNo }),
    () => installments(anonymous.http, { order_no: orderNo }),
    () => contractInfo(anonymous.http, { order_no: orderNo }),
    () => cashier(anonymous.http, { order_no: orderNo }),
    () => uploadProof(anonymous.http, { order_no: orderNo, periods: [1], amount: '1.00', file_url: '' }),
  ];
  for (const call of calls) expect((await refusal(call())).code).toBe(401);
  expect(anonymous.onUnauthorized).toHaveBeenCalledTimes(calls.length);
});

describe("requests that do not fit a route's schema", () => {
  const send = (path: string, body: unknown, locale = 'en') =>
    fetch(`${server.baseURL}${path}`, {
      method: 'POST',
      headers: { token: user.token!, 'content-type': 'application/json', 'accept-language': locale },
      body: JSON.stringify(body),
    });

  test('are refused with code 0 and the field named, in the caller’s language', async () => {
    const wrongKind = await send('/api/user/login', { account: { $ne: '' }, password: 'x' });
    expect(wrongKind.status).toBe(200);
    expect(await wrongKind.json()).toMatchObject({ code: 0, msg: 'account is missing or not in the right form.', data: null });
    expect(await (await send('/api/user/login', { password: 'x' })).json()).toMatchObject({ code: 0, msg: 'account is required.' });
    expect(await (await send('/api/loan/withdrawVoucher', { voucher_id: 0 }, 'zh-CN')).json()).toMatchObject({
      code: 0,
      msg: 'voucher_id 须为 1 到 1000000000 的整数。',
    });
    const page = await fetch(`${server.baseURL}/api/loan/myLoans?limit=51`, { headers: { token: user.token! } });
    expect(await page.json()).toMatchObject({ code: 0, msg: 'limit must be a whole number from 1 to 50.' });
  });

  test('answers carry exactly the contract’s fields', async () => {
    const answer = await (await fetch(`${server.baseURL}/api/loan/myLoans`, { headers: { token: user.token! } })).json();
    expect(Object.keys(answer.data)).toEqual(['list', 'total', 'page', 'limit']);
    expect(Object.keys(answer.data.list[0]).sort()).toEqual(
      [
        'amount',
        'created_at',
        'next_due_amount',
        'next_due_date',
        'order_no',
        'remaining_principal',
        'status',
        'status_label',
        'term',
      ].sort(),
    );
  });
});
