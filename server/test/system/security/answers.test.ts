import { createLoan, ENDPOINTS, uploadFile, uploadProof } from '@instalment/contract/api';
import { fromFen } from '@instalment/contract/loan';
import { validationMessage } from '@instalment/contract/validation';
import { loadConfig } from '../../../src/settings/config';
import { illustrationPath, ILLUSTRATION_NAMES } from '../../../src/static/images';
import { blob, PNG_BYTES, refusal, signUp, startServer, type TestServer } from '../../helpers';
import { productionEnv } from '../../production';
import { request } from './traffic';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('headers on every answer', () => {
  test('JSON answers are not sniffed and not stored: success, refusal, 401 and 404 alike', async () => {
    const user = await signUp(server);
    const answers = await Promise.all([
      request(server.baseURL, 'GET', ENDPOINTS.userIndex, undefined, { token: user.token! }),
      request(server.baseURL, 'POST', ENDPOINTS.login, { account: 'nobody', password: 'x1' }),
      request(server.baseURL, 'GET', ENDPOINTS.userIndex),
      request(server.baseURL, 'GET', '/no/such/path'),
      request(server.baseURL, 'GET', ENDPOINTS.newsLatest),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 401, 404, 200]);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  test('the news illustrations keep their public cache', async () => {
    const answer = await fetch(`${server.baseURL}${illustrationPath(ILLUSTRATION_NAMES[0])}`);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

test("absolute URLs come from the configuration, never from the request's Host", async () => {
  const forged = { host: 'evil.example' };
  const news = await request(server.baseURL, 'GET', ENDPOINTS.newsLatest, undefined, forged);
  const covers = (news.body.data as Array<{ cover: string }>).map((item) => item.cover);
  expect(covers.length).toBeGreaterThan(0);
  for (const cover of covers) expect(cover.startsWith(`${server.baseURL}/`)).toBe(true);

  const user = await signUp(server);
  const form = new FormData();
  form.append('file', blob(PNG_BYTES, 'image/png'), 'receipt.png');
  const uploaded = await fetch(`${server.baseURL}${ENDPOINTS.upload}`, {
    method: 'POST',
    body: form,
    headers: { token: user.token!, 'x-forwarded-host': 'evil.example' },
  });
  expect(((await uploaded.json()) as { data: { fullurl: string } }).data.fullurl.startsWith(`${server.baseURL}/uploads/`)).toBe(true);

  const configured = await startServer({ publicUrl: 'https://api.example.com/v1' });
  try {
    const answer = await request(configured.baseURL, 'GET', ENDPOINTS.newsLatest, undefined, forged);
    expect((answer.body.data as Array<{ cover: string }>)[0].cover).toMatch(/^https:\/\/api\.example\.com\/v1\/static\/news\//);
  } finally {
    await configured.close();
  }
});

test('in production CORS trusts the configured origins only, not localhost', async () => {
  const production = await startServer(loadConfig(productionEnv()));
  try {
    const from = (origin: string) => request(production.baseURL, 'GET', ENDPOINTS.newsLatest, undefined, { origin });
    const trusted = await from('https://app.example.com');
    expect(trusted.headers['access-control-allow-origin']).toBe('https://app.example.com');
    // The console names a CSV export's file as the server does.
    expect(trusted.headers['access-control-expose-headers']).toBe('Content-Disposition');
    expect((await from('http://localhost:3000')).headers['access-control-allow-origin']).toBeUndefined();
    expect((await from('http://127.0.0.1:3001')).headers['access-control-allow-origin']).toBeUndefined();
  } finally {
    await production.close();
  }
});

describe('free text refuses control and text-direction characters', () => {
  const unsafe = validationMessage('textUnsafe');

  test('bank name: NUL, line breaks and a right-to-left override', async () => {
    const user = await signUp(server);
    for (const bank_name of ['Bank\u0000of China', 'Bank of\r\nChina', 'ICBC \u202Egpj.exe']) {
      expect((await refusal(createLoan(user.http, { ...user.application, bank_name }))).message).toBe(unsafe);
    }
    await createLoan(user.http, { ...user.application, bank_name: '中国工商银行 <ICBC>' });
  });

  test('real name: no line breaks', async () => {
    const user = await signUp(server);
    expect((await refusal(createLoan(user.http, { ...user.application, real_name: 'Li\r\nLei' }))).message).toBe(
      validationMessage('realNameInvalid'),
    );
  });

  test('payment-proof remark', async () => {
    const user = await signUp(server);
    const { order_no } = await createLoan(user.http, user.application);
    const file = await uploadFile(user.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
    const amount = fromFen(1_000_000_00);
    const submit = (remark: string) => uploadProof(user.http, { order_no, periods: [1], amount, file_url: file.url, remark });
    expect((await refusal(submit('paid\u0000'))).message).toBe(unsafe);
    expect((await refusal(submit('order \u2066L123\u2069'))).message).toBe(unsafe);
  });
});
