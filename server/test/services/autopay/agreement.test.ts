import { cancelAutopay, signAutopay } from '@instalment/contract/api';
import { withFakes } from '../../fakes';
import { refusal, signUp, startServer } from '../../helpers';
import { AUTOPAY, agreementNotifyUrl, agreementOf, externalNoOf, RETURN_URL, signAtAlipay, startAutopayServer } from './autopay';

/** Signing and ending a withholding agreement, as Alipay's notifies and answers record it. */
const loopback = withFakes(['alipay'], ({ alipay }) => startAutopayServer(alipay));

test('the sign URL is a signed alipay.user.agreement.page.sign for our agreement number; the sign notify makes it active', async () => {
  const user = await signUp(loopback.server);
  expect(await agreementOf(user)).toMatchObject({ offered: true, state: 'none', hours: [10, 16, 20], charge_cap: '50000.00' });
  const { sign_url } = await signAutopay(user.http, RETURN_URL);
  const fields = Object.fromEntries(new URL(sign_url).searchParams);
  expect(fields).toMatchObject({
    app_id: loopback.alipay.appId,
    method: 'alipay.user.agreement.page.sign',
    sign_type: 'RSA2',
    notify_url: agreementNotifyUrl(loopback.server),
  });
  expect(JSON.parse(fields.biz_content)).toMatchObject({
    personal_product_code: 'GENERAL_WITHHOLDING_P1',
    product_code: 'GENERAL_WITHHOLDING',
    external_agreement_no: externalNoOf(sign_url),
  });
  // Alipay's page opens only for a request the app signed.
  expect((await fetch(sign_url)).status).toBe(200);
  expect(loopback.alipay.forged).toBe(0);
  expect((await agreementOf(user)).state).toBe('pending');

  const back = await loopback.alipay.signAgreement(externalNoOf(sign_url));
  expect(back).toContain('localhost:3000');
  const signed = await agreementOf(user);
  expect(signed).toMatchObject({ state: 'active', terms_version: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  expect(signed.signed_at).not.toBeNull();
});

test('back before the notify, the borrower reads the agreement Alipay answers to a query', async () => {
  const user = await signUp(loopback.server);
  const { sign_url } = await signAutopay(user.http, RETURN_URL);
  await fetch(sign_url);
  const externalNo = externalNoOf(sign_url);
  // Signed at Alipay, but the notify never arrives.
  const agreement = loopback.alipay.agreements.get(externalNo)!;
  agreement.status = 'NORMAL';
  agreement.agreementNo = '20260000000000000001';
  expect((await agreementOf(user)).state).toBe('active');
});

test('a forged sign notify, one for another app, or one naming no agreement of ours is refused and changes nothing', async () => {
  const user = await signUp(loopback.server);
  const { sign_url } = await signAutopay(user.http, RETURN_URL);
  await fetch(sign_url);
  const externalNo = externalNoOf(sign_url);
  loopback.alipay.agreements.get(externalNo)!.agreementNo = '20260000000000000002';
  loopback.alipay.agreements.get(externalNo)!.status = 'NORMAL';
  const genuine = loopback.alipay.agreementNotifyFields(externalNo);
  loopback.alipay.agreements.get(externalNo)!.status = 'TEMP';

  expect(await loopback.alipay.postNotify(agreementNotifyUrl(loopback.server), { ...genuine, agreement_no: '20269999999999999999' })).toBe(
    'fail',
  );
  expect(
    await loopback.alipay.postNotify(
      agreementNotifyUrl(loopback.server),
      loopback.alipay.agreementNotifyFields(externalNo, { app_id: '2021999999999999' }),
    ),
  ).toBe('fail');
  expect(
    await loopback.alipay.postNotify(
      agreementNotifyUrl(loopback.server),
      loopback.alipay.agreementNotifyFields(externalNo, { external_agreement_no: 'A2026NOTOURS' }),
    ),
  ).toBe('fail');
  expect((await agreementOf(user)).state).toBe('pending');
  // The genuine one is recorded, and a repeat of it (Alipay retrying) answered without change.
  expect(await loopback.alipay.postNotify(agreementNotifyUrl(loopback.server), genuine)).toBe('success');
  expect(await loopback.alipay.postNotify(agreementNotifyUrl(loopback.server), genuine)).toBe('success');
  expect((await agreementOf(user)).state).toBe('active');
});

test('ended in Alipay: the unsign notify ends it, and the old sign notify replayed afterwards is refused', async () => {
  const user = await signUp(loopback.server);
  const externalNo = await signAtAlipay(loopback.alipay, user);
  const oldSign = loopback.alipay.agreementNotifyFields(externalNo);
  expect(await loopback.alipay.endAgreement(externalNo)).toBe('success');
  expect((await agreementOf(user)).state).toBe('ended');
  expect(await loopback.alipay.postNotify(agreementNotifyUrl(loopback.server), oldSign)).toBe('fail');
  const after = await agreementOf(user);
  expect(after.state).toBe('ended');
  expect(after.ended_at).not.toBeNull();
});

test('the borrower ends autopay in the app: unsigned at Alipay, then recorded; signing again makes a new agreement', async () => {
  const user = await signUp(loopback.server);
  const externalNo = await signAtAlipay(loopback.alipay, user);
  expect((await refusal(signAutopay(user.http))).message).toBe('Automatic repayment is already on.');
  const ended = await cancelAutopay(user.http);
  expect(ended.state).toBe('ended');
  expect(loopback.alipay.agreements.get(externalNo)!.status).toBe('UNSIGN');
  expect((await refusal(cancelAutopay(user.http))).message).toBe('Automatic repayment is not on.');

  const again = await signAtAlipay(loopback.alipay, user);
  expect(again).not.toBe(externalNo);
  expect((await agreementOf(user)).state).toBe('active');
});

test('with autopay off nothing can be signed', async () => {
  const off = await startAutopayServer(loopback.alipay, { enabled: false });
  try {
    const user = await signUp(off);
    expect((await agreementOf(user)).offered).toBe(false);
    expect((await refusal(signAutopay(user.http))).message).toBe('Automatic repayment is not offered.');
  } finally {
    await off.close();
  }
});

test('the sandbox offers the same: its signing page records the agreement, and the borrower comes back to the app', async () => {
  const sandbox = await startServer({ autopay: AUTOPAY });
  try {
    const user = await signUp(sandbox);
    const { sign_url } = await signAutopay(user.http, RETURN_URL);
    const url = new URL(sign_url);
    expect(url.origin).toBe(sandbox.baseURL);
    const page = await fetch(sign_url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sign');
    const form = new URLSearchParams({
      external_agreement_no: url.searchParams.get('external_agreement_no')!,
      return_url: RETURN_URL,
      decision: 'sign',
    });
    const back = await fetch(`${sandbox.baseURL}/sandbox/agreement/confirm`, { method: 'POST', body: form, redirect: 'manual' });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toContain('result=signed');
    expect((await agreementOf(user)).state).toBe('active');
  } finally {
    await sandbox.close();
  }
});
