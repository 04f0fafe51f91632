import { autopay, cashier, createLoan, GATEWAY_ENDPOINTS, installments, runJob, signAutopay, type Autopay } from '@instalment/contract/api';
import type { AppOptions } from '../../../src/app';
import type { AutopaySettings } from '../../../src/settings/config';
import type { ReminderKind } from '../../../src/db/tables';
import { throughFake, type AlipayFake } from '../../fakes/alipay';
import { signUp, startServer, type TestClient, type TestServer } from '../../helpers';

/** What the tests charge with unless they say: on, at 10:00, 16:00 and 20:00, three attempts, caps far above a test loan. */
export const AUTOPAY: AutopaySettings = {
  enabled: true,
  hours: [10, 16, 20],
  attempts: 3,
  chargeCapFen: 5_000_000,
  monthlyCapFen: 50_000_000,
};

export const RETURN_URL = 'http://localhost:3000/#/pages/autopay';

/** The API with Alipay as its gateway (the loopback fake) and autopay on. */
export function startAutopayServer(alipay: AlipayFake, autopaySettings: Partial<AutopaySettings> = {}, options: AppOptions = {}) {
  return startServer({
    ...throughFake(alipay),
    autopay: { ...AUTOPAY, ...autopaySettings },
    // The clock moves to due dates a month and more away: sessions outlast it.
    tokenTtlSeconds: 365 * 24 * 3600,
    ...options,
  });
}

export type Borrower = Awaited<ReturnType<typeof signUp>> & { order_no: string };

/** A borrower with a repaying loan (made at the server's clock). */
export async function borrower(server: TestServer): Promise<Borrower> {
  const user = await signUp(server);
  const { order_no } = await createLoan(user.http, user.application);
  return Object.assign(user, { order_no });
}

/** The agreement number the sign URL asks Alipay to sign (its biz_content's `external_agreement_no`). */
export const externalNoOf = (signUrl: string) =>
  (JSON.parse(new URL(signUrl).searchParams.get('biz_content')!) as { external_agreement_no: string }).external_agreement_no;

/** The borrower confirms, opens Alipay's signing page and signs there: Alipay's notify makes the agreement active. */
export async function signAtAlipay(alipay: AlipayFake, user: TestClient): Promise<string> {
  const { sign_url } = await signAutopay(user.http, RETURN_URL);
  expect((await fetch(sign_url)).status).toBe(200);
  const externalNo = externalNoOf(sign_url);
  await alipay.signAgreement(externalNo);
  expect(alipay.agreements.get(externalNo)!.notifyAnswers).toEqual(['success']);
  return externalNo;
}

export async function signedBorrower(server: TestServer, alipay: AlipayFake): Promise<Borrower & { externalNo: string }> {
  const user = await borrower(server);
  return Object.assign(user, { externalNo: await signAtAlipay(alipay, user) });
}

export const agreementOf = (user: TestClient): Promise<Autopay> => autopay(user.http);

/** The instalments' statuses, in order. */
export const statuses = async (user: Borrower) =>
  (await installments(user.http, { order_no: user.order_no })).list.map((item) => item.status);

export const dueDates = async (user: Borrower) =>
  (await installments(user.http, { order_no: user.order_no })).list.map((item) => item.due_date);

/** Sets the clock to an hour (and minute) of a calendar day in Shanghai, the tests' business time zone. */
export function at(server: TestServer, day: string, hour: number, minute = 0): void {
  server.clock.now = Date.parse(`${day}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+08:00`);
}

/** The development route: the due-date charge now, whatever the hour. */
export const runNow = (server: TestServer) => runJob(server.client().http, { job: 'autopay' });

/** The borrower pays instalments by hand at Alipay's cashier (opened now, paid now). */
export async function payByHand(alipay: AlipayFake, user: Borrower, periods: string) {
  const due = await cashier(user.http, { order_no: user.order_no, periods, channel: 'alipay', return_url: RETURN_URL });
  expect((await fetch(due.pay_url!)).status).toBe(200);
  return { paymentNo: due.payment_no, pay: () => alipay.pay(due.payment_no) };
}

/** The SMS notices on record for a loan, of one kind. */
export async function notices(server: TestServer, orderNo: string, kind: ReminderKind) {
  return server.app.store.q
    .selectFrom('reminders')
    .innerJoin('loans', 'loans.id', 'reminders.loan_id')
    .select(['reminders.period', 'reminders.status'])
    .where('loans.order_no', '=', orderNo)
    .where('reminders.kind', '=', kind)
    .execute();
}

/** Every charge of a loan, in order. */
export async function chargesOf(server: TestServer, orderNo: string) {
  return server.app.store.q
    .selectFrom('autopay_charges')
    .innerJoin('loans', 'loans.id', 'autopay_charges.loan_id')
    .select([
      'autopay_charges.attempt',
      'autopay_charges.state',
      'autopay_charges.reason',
      'autopay_charges.amount_fen',
      'autopay_charges.due_date',
    ])
    .where('loans.order_no', '=', orderNo)
    .orderBy('autopay_charges.id')
    .execute();
}

export const agreementNotifyUrl = (server: TestServer) => `${server.baseURL}${GATEWAY_ENDPOINTS.alipayAgreementNotify}`;
