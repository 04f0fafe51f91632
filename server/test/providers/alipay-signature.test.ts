import { createSign, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { AlipaySignature } from '../../src/providers/alipay-signature';

const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (key: KeyObject, type: 'pkcs1' | 'pkcs8' | 'spki') => key.export({ type, format: 'pem' } as never).toString();
/** A key as Alipay's console copies it: the base64 body alone, on one line. */
const body = (text: string) => text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');

const APP_ID = '2021000000000001';
const GATEWAY = 'https://openapi.alipay.com/gateway.do';
const signature = new AlipaySignature(APP_ID, pem(app.privateKey, 'pkcs8'), pem(alipay.publicKey, 'spki'));
const request = {
  method: 'alipay.trade.wap.pay',
  bizContent: { out_trade_no: 'P1', total_amount: '1050.00', subject: '第 1 期' },
  notifyUrl: 'https://api.example.com/api/pay/alipay/notify',
  returnUrl: 'https://app.example.com/#/pages/payment/repay?payment_no=P1',
};

/** Alipay's check of the app's signature, written from its documentation rather than from the code under test. */
function alipayAccepts(url: string): boolean {
  const fields = Object.fromEntries(new URL(url).searchParams);
  const text = Object.keys(fields)
    .filter((name) => name !== 'sign')
    .sort()
    .map((name) => `${name}=${fields[name]}`)
    .join('&');
  return createVerify('RSA-SHA256').update(text).verify(app.publicKey, fields.sign, 'base64');
}

/** A notify as Alipay signs it: every field but `sign` and `sign_type`, with Alipay's key. */
function notify(fields: Record<string, string>, signed: Record<string, string> = fields) {
  const text = Object.keys(signed)
    .sort()
    .map((name) => `${name}=${signed[name]}`)
    .join('&');
  return { ...fields, sign_type: 'RSA2', sign: createSign('RSA-SHA256').update(text).sign(alipay.privateKey, 'base64') };
}

test('a page URL carries every field Alipay reads and a signature Alipay verifies with the app key', () => {
  const now = Date.UTC(2026, 10, 27, 18, 30, 5);
  const url = new URL(signature.pageUrl(GATEWAY, request, now));
  expect(`${url.origin}${url.pathname}`).toBe(GATEWAY);
  expect(Object.fromEntries(url.searchParams)).toMatchObject({
    app_id: APP_ID,
    method: 'alipay.trade.wap.pay',
    charset: 'utf-8',
    sign_type: 'RSA2',
    version: '1.0',
    notify_url: request.notifyUrl,
    return_url: request.returnUrl,
  });
  expect(JSON.parse(url.searchParams.get('biz_content')!)).toEqual(request.bizContent);
  // Alipay reads the time in Beijing, whatever zone the server runs in: 18:30 UTC is 02:30 the next day.
  expect(url.searchParams.get('timestamp')).toBe('2026-11-28 02:30:05');
  expect(alipayAccepts(url.toString())).toBe(true);
});

test('without a return address the URL names none, and a changed field no longer verifies', () => {
  const url = new URL(signature.pageUrl(GATEWAY, { ...request, returnUrl: null }));
  expect(url.searchParams.has('return_url')).toBe(false);
  expect(alipayAccepts(url.toString())).toBe(true);
  url.searchParams.set('biz_content', JSON.stringify({ ...request.bizContent, total_amount: '1.00' }));
  expect(alipayAccepts(url.toString())).toBe(false);
});

test('keys as the console copies them, PKCS#1, PKCS#8 or a bare body, sign alike, and the SDK is handed PEM', () => {
  const now = Date.now();
  const expected = signature.pageUrl(GATEWAY, request, now);
  for (const privateKey of [pem(app.privateKey, 'pkcs1'), body(pem(app.privateKey, 'pkcs8')), body(pem(app.privateKey, 'pkcs1'))]) {
    const other = new AlipaySignature(APP_ID, privateKey, body(pem(alipay.publicKey, 'spki')));
    expect(other.pageUrl(GATEWAY, request, now)).toBe(expected);
  }
  expect(signature.pem.keyType).toBe('PKCS8');
  expect(signature.pem.privateKey).toBe(pem(app.privateKey, 'pkcs8'));
  expect(signature.pem.alipayPublicKey).toBe(pem(alipay.publicKey, 'spki'));
});

test('a key that is none is refused at start, naming its variable', () => {
  expect(() => new AlipaySignature(APP_ID, 'not a key', pem(alipay.publicKey, 'spki'))).toThrow(/ALIPAY_PRIVATE_KEY/);
  expect(() => new AlipaySignature(APP_ID, pem(app.privateKey, 'pkcs8'), 'not a key')).toThrow(/ALIPAY_PUBLIC_KEY/);
});

describe("a notify is Alipay's only when its signature verifies with Alipay's key", () => {
  const fields = {
    app_id: APP_ID,
    out_trade_no: 'P1',
    total_amount: '1050.00',
    trade_status: 'TRADE_SUCCESS',
    notify_time: '2026-11-28 02:30:05',
  };

  test('signed as Alipay signs a notify, without sign_type', () => {
    expect(signature.signedByAlipay(notify(fields))).toBe(true);
  });

  test('signed with sign_type, as older products sign', () => {
    const signed = notify(fields, { ...fields, sign_type: 'RSA2' });
    expect(signature.signedByAlipay(signed)).toBe(true);
  });

  test('a field without a value is left out of what is signed', () => {
    const signed = notify(fields);
    expect(signature.signedByAlipay({ ...signed, passback_params: '' })).toBe(true);
  });

  test('a changed amount, another key, or no signature at all is refused', () => {
    const signed = notify(fields);
    expect(signature.signedByAlipay({ ...signed, total_amount: '0.01' })).toBe(false);
    expect(signature.signedByAlipay({ ...signed, sign: '' })).toBe(false);
    const { sign: _, ...unsigned } = signed;
    expect(signature.signedByAlipay(unsigned)).toBe(false);
    const forged = new AlipaySignature(APP_ID, pem(app.privateKey, 'pkcs8'), pem(app.publicKey, 'spki'));
    expect(forged.signedByAlipay(signed)).toBe(false);
  });
});
