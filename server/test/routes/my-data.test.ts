import {
  accountClosure,
  cashier,
  closeAccount,
  createLoan,
  dataExport,
  login,
  orderDetail,
  register,
  sendSms,
  updateProfile,
  uploadFile,
  userIndex,
  CURRENT_AGREEMENT,
} from '@instalment/contract/api';
import { idCardOf } from '@instalment/testing/people';
import { unzipSync } from 'fflate';
import { payAtGateway } from '../services/ledger/gateway';
import { approve, proof } from '../services/ledger/proofs';
import { blob, DAY_MS, ENGINE, latestCode, newPhone, PASSWORD, PNG_BYTES, refusal, signUp, startServer, type TestServer } from '../helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

type Borrower = Awaited<ReturnType<typeof signUp>>;

/** A borrower whose loan is settled: period 1 by a transfer proof (a receipt on file), the rest paid off at the cashier. */
async function settledBorrower(): Promise<Borrower & { order_no: string; receipt: string; payment_no: string }> {
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const voucher = await proof(borrower, order_no, [1]);
  await approve(borrower, voucher);
  const payoff = await cashier(borrower.http, { order_no, payoff: '1' });
  expect(await payAtGateway(server, payoff.payment_no)).toBe('success');
  expect((await orderDetail(borrower.http, { order_no })).status).toBe('settled');
  const receipt = (
    await server.app.store.q.selectFrom('vouchers').select('file_url').where('id', '=', voucher.id).executeTakeFirstOrThrow()
  ).file_url;
  return Object.assign(borrower, { order_no, receipt, payment_no: payoff.payment_no });
}

const userRow = (mobile: string) => server.app.store.q.selectFrom('users').selectAll().where('mobile', '=', mobile).executeTakeFirst();

async function closeWithCode(borrower: Borrower): Promise<void> {
  server.clock.advance(61_000);
  await sendSms(borrower.http, { mobile: borrower.mobile, event: 'closeaccount' });
  await closeAccount(borrower.http, { captcha: await latestCode(borrower, borrower.mobile, 'closeaccount') });
}

const auditOf = async (id: number) =>
  (await server.app.services.audit.list({ target: `user:${id}`, limit: 50, offset: 0 })).map((entry) => entry.action);

test(`a borrower's archive holds their account, loans, payments and receipts as files, and nothing of another borrower's (${ENGINE})`, async () => {
  const borrower = await settledBorrower();
  const other = await settledBorrower();

  const link = await dataExport(borrower.http);
  expect(link.expires_in).toBeGreaterThan(0);
  const response = await fetch(link.url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/zip');
  expect(response.headers.get('cache-control')).toBe('no-store');
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  const text = new TextDecoder().decode(files['data.json']);
  const data = JSON.parse(text);

  expect(data.account).toMatchObject({ mobile: borrower.mobile, id_card: idCardOf(borrower.mobile) });
  expect(data.loans).toHaveLength(1);
  const [loan] = data.loans;
  expect(loan).toMatchObject({ order_no: borrower.order_no, status: 'settled', bank_card: borrower.application.bank_card });
  expect(loan.payments).toEqual([expect.objectContaining({ payment_no: borrower.payment_no, status: 'paid' })]);
  expect(loan.proofs).toEqual([expect.objectContaining({ status: 'approved', file: borrower.receipt.slice(1) })]);
  expect(loan.instalments.every((instalment: { paid_at: string | null }) => instalment.paid_at !== null)).toBe(true);
  expect(data.consents.length).toBeGreaterThan(0);
  // The receipt itself, byte for byte as it was stored.
  const stored = await server.app.services.uploads.read(borrower.receipt);
  expect(Buffer.from(files[borrower.receipt.slice(1)])).toEqual(stored);

  expect(Object.keys(files)).not.toContain(other.receipt.slice(1));
  for (const theirs of [other.order_no, other.mobile, other.application.id_card, other.payment_no]) expect(text).not.toContain(theirs);
  expect(await auditOf((await userRow(borrower.mobile))!.id)).toContain('borrower.export');
});

test(`the archive's link opens only that borrower's archive, and only while it is good (${ENGINE})`, async () => {
  const borrower = await signUp(server);
  const other = await signUp(server);
  const link = new URL((await dataExport(borrower.http)).url);
  const otherId = (await userRow(other.mobile))!.id;

  const forged = new URL(link);
  forged.pathname = forged.pathname.replace(/\/\d+$/, `/${otherId}`);
  expect((await fetch(forged.toString())).status).toBe(404);
  const unsigned = new URL(link);
  unsigned.search = '';
  expect((await fetch(unsigned.toString())).status).toBe(404);

  server.clock.advance(3 * 60_000);
  expect((await fetch(link.toString())).status).toBe(404);
});

test(`an account with a loan in progress cannot be closed, and the app is told which loan (${ENGINE})`, async () => {
  const borrower = await signUp(server);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const status = (await orderDetail(borrower.http, { order_no })).status;

  expect(await accountClosure(borrower.http)).toEqual({ closable: false, open_loans: [{ order_no, status }], retention_years: 5 });
  await sendSms(borrower.http, { mobile: borrower.mobile, event: 'closeaccount' });
  const refused = await refusal(closeAccount(borrower.http, { captcha: await latestCode(borrower, borrower.mobile, 'closeaccount') }));
  expect(refused.message).toContain(order_no);
  expect((await userRow(borrower.mobile))!.closed_at).toBeNull();
  expect((await userIndex(borrower.http)).mobile).toBe(borrower.mobile);
});

test(`the code to close an account goes only to its own phone, asked for by its signed-in owner (${ENGINE})`, async () => {
  const borrower = await signUp(server);
  expect((await refusal(sendSms(server.client().http, { mobile: borrower.mobile, event: 'closeaccount' }))).code).toBe(401);
  expect((await refusal(sendSms(borrower.http, { mobile: newPhone(), event: 'closeaccount' }))).message).toBe(
    'The code to close an account is sent to the account’s own phone number.',
  );
  expect((await refusal(closeAccount(borrower.http, { captcha: '123456' }))).message).toBe('Request a verification code first.');
});

test(`closing erases the personal fields, ends every session, refuses every login, keeps the loan records and the phone and ID number reserved (${ENGINE})`, async () => {
  const borrower = await settledBorrower();
  const avatar = await uploadFile(borrower.http, blob(PNG_BYTES, 'image/png'), 'me.png');
  await updateProfile(borrower.http, { nickname: 'Lei', bio: 'I like kites', email: 'lei@example.com', avatar: avatar.url });
  const other = server.client();
  other.token = (await login(other.http, { account: borrower.mobile, password: PASSWORD })).userinfo.token;
  const before = (await userRow(borrower.mobile))!;

  expect(await accountClosure(borrower.http)).toEqual({ closable: true, open_loans: [], retention_years: 5 });
  await closeWithCode(borrower);

  const row = (await userRow(borrower.mobile))!;
  expect(row).toMatchObject({
    username: `closed-${row.id}`,
    nickname: `closed-${row.id}`,
    email: '',
    avatar: '',
    bio: '',
    password_hash: '',
    real_name: null,
    id_card: null,
    closed_at: server.clock.now,
    // What keeps the phone and the ID number from opening another account.
    mobile: borrower.mobile,
    id_card_index: before.id_card_index,
  });
  expect(JSON.stringify(row)).not.toMatch(/Lei|kites|lei@example\.com/);

  // Every session ended, this device's and the other.
  expect((await refusal(userIndex(borrower.http))).code).toBe(401);
  expect((await refusal(userIndex(other.http))).code).toBe(401);
  // Its password no longer matches: answered as an unknown account is (system/security/strangers.test.ts).
  expect((await refusal(login(server.client().http, { account: borrower.mobile, password: PASSWORD }))).message).toBe(
    'The account or password is incorrect.',
  );

  // The loan's records stay, its receipt too; the avatar, no loan record, is gone.
  const loans = await server.app.store.q.selectFrom('loans').select(['order_no', 'status']).where('user_id', '=', row.id).execute();
  expect(loans).toEqual([{ order_no: borrower.order_no, status: 'settled' }]);
  const payments = await server.app.store.q
    .selectFrom('payments')
    .select('payment_no')
    .where('payment_no', '=', borrower.payment_no)
    .execute();
  expect(payments).toHaveLength(1);
  expect(await server.app.services.uploads.read(borrower.receipt)).not.toBeNull();
  expect(await server.app.services.uploads.read(avatar.url)).toBeNull();

  // Neither the phone (its codes are never delivered: system/security/strangers.test.ts) nor the ID number opens a new account.
  const delivered = async () => (await server.app.services.outbox!.list(borrower.mobile)).length;
  const sent = await delivered();
  await sendSms(server.client().http, { mobile: borrower.mobile, event: 'register' });
  expect(await delivered()).toBe(sent);
  const newcomer = await signUp(server);
  expect((await refusal(createLoan(newcomer.http, { ...newcomer.application, id_card: borrower.application.id_card }))).message).toBe(
    'This ID card is registered to another account.',
  );
  expect(await auditOf(row.id)).toContain('borrower.close');
});

test(`the retention job erases a closed account and its records RETENTION_YEARS after it closed, and frees its phone (${ENGINE})`, async () => {
  const borrower = await settledBorrower();
  const kept = await settledBorrower();
  await closeWithCode(borrower);
  const { id } = (await userRow(borrower.mobile))!;
  const years = server.app.appConfig.retentionYears;
  expect(years).toBe(5);

  server.clock.advance(years * 365 * DAY_MS);
  // 5 × 365 days falls a day or two short of five calendar years: nothing is erased yet.
  expect(await server.app.services.retention.eraseExpired()).toBe(0);
  expect(await userRow(borrower.mobile)).toBeDefined();

  server.clock.advance(3 * DAY_MS);
  expect(await server.app.services.retention.eraseExpired()).toBe(1);
  expect(await userRow(borrower.mobile)).toBeUndefined();
  for (const table of ['loans', 'uploads', 'consents'] as const)
    expect(await server.app.store.q.selectFrom(table).select('user_id').where('user_id', '=', id).execute()).toEqual([]);
  expect(await server.app.store.q.selectFrom('payments').select('id').where('payment_no', '=', borrower.payment_no).execute()).toEqual([]);
  expect(await server.app.services.uploads.read(borrower.receipt)).toBeNull();
  expect(await auditOf(id)).toContain('retention.erase');

  // The other borrower's records are untouched; the phone opens a new account again.
  expect(await server.app.services.uploads.read(kept.receipt)).not.toBeNull();
  expect(await server.app.store.q.selectFrom('loans').select('status').where('order_no', '=', kept.order_no).execute()).toEqual([
    { status: 'settled' },
  ]);
  const again = server.client();
  await sendSms(again.http, { mobile: borrower.mobile, event: 'register' });
  const code = await latestCode(again, borrower.mobile, 'register');
  await register(again.http, { ...CURRENT_AGREEMENT, mobile: borrower.mobile, code, password: PASSWORD });
});
