/**
 * @jest-environment node
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpClient, TOAST_MS } from './client';
import { callName } from './early';
import { ApiError } from './errors';

/** SPEC §8 row by row, against a real local HTTP server that answers what each case needs. */
interface Answer {
  status?: number;
  body: unknown;
  /** Send `body` as it is (a string), not as JSON. */
  raw?: boolean;
  /** Send `body` as it is, as a file of this type and these headers. */
  file?: Record<string, string>;
}

let answer: Answer = { body: null };
let seen: { method?: string; url?: string; headers: http.IncomingHttpHeaders; body: string } = { headers: {}, body: '' };
const server = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => {
    body += chunk.toString('latin1');
  });
  request.on('end', () => {
    seen = { method: request.method, url: request.url, headers: request.headers, body };
    response.writeHead(answer.status ?? 200, answer.file ?? { 'content-type': answer.raw ? 'text/html' : 'application/json' });
    response.end(answer.raw || answer.file ? String(answer.body) : JSON.stringify(answer.body));
  });
});
let baseURL = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function setup(url = baseURL) {
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn() };
  const onUnauthorized = jest.fn();
  const session = { token: 'tok123' as string | null };
  const client = createHttpClient({ baseURL: url, getToken: () => session.token, onUnauthorized, ui });
  return { client, ui, onUnauthorized, session };
}

async function rejection(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected a rejection');
}

const envelope = (code: number, extra: object = {}) => ({ code, msg: '', time: 1, data: null, ...extra });
const form = () => {
  const data = new FormData();
  data.append('file', new Blob(['%PDF-1.7']), 'a.pdf');
  return data;
};

describe('success', () => {
  test.each([
    ['code 1', envelope(1, { data: { id: 7 } })],
    ['code 200', envelope(200, { data: { id: 7 } })],
    ['success: true', { success: true, data: { id: 7 } }],
  ])('%s resolves with data', async (_name, body) => {
    answer = { body };
    const { client, ui } = setup();
    await expect(client.get('/x', { page: 2 })).resolves.toEqual({ id: 7 });
    expect(ui.toast).not.toHaveBeenCalled();
  });

  test('requests carry the token header, query and JSON body, under the loading overlay', async () => {
    answer = { body: envelope(1) };
    const { client, ui, session } = setup();
    await client.get('/api/news/index', { page: 2, limit: 10 });
    expect(seen).toMatchObject({ method: 'GET', url: '/api/news/index?page=2&limit=10' });
    expect(seen.headers.token).toBe('tok123');
    expect(ui.showLoading).toHaveBeenCalledWith('loading...');
    expect(ui.hideLoading).toHaveBeenCalledTimes(1);

    await client.post('/api/user/login', { account: 'a', password: 'b' }, { loading: false });
    expect(seen.method).toBe('POST');
    expect(seen.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(seen.body)).toEqual({ account: 'a', password: 'b' });
    expect(ui.showLoading).toHaveBeenCalledTimes(1);

    session.token = null;
    await client.get('/x');
    expect(seen.headers.token).toBeUndefined();
  });

  test("every request names the user's language, so the server can answer in it", async () => {
    answer = { body: envelope(1) };
    let locale = 'zh-CN';
    const client = createHttpClient({ baseURL, getToken: () => null, onUnauthorized: jest.fn(), getLocale: () => locale });
    await client.post('/api/user/login', { account: 'a', password: 'b' });
    expect(seen.headers['accept-language']).toBe('zh-CN');
    locale = 'en';
    await client.get('/x');
    expect(seen.headers['accept-language']).toBe('en');
  });

  test('an upload accepts code 0 when it carries the file, and shows its own loading text', async () => {
    answer = { body: envelope(0, { data: { url: '/uploads/a.pdf' } }) };
    const { client, ui } = setup();
    await expect(client.upload('/api/common/upload', form())).resolves.toEqual({ url: '/uploads/a.pdf' });
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(ui.showLoading).toHaveBeenCalledWith('uploading...');
    await client.upload('/api/common/upload', form(), { loadingText: 'merging file...' });
    expect(ui.showLoading).toHaveBeenLastCalledWith('merging file...');
  });
});

describe('SPEC §8 error catalogue', () => {
  test('code 0 shows msg as an error toast for 2 s and rejects', async () => {
    answer = { body: envelope(0, { msg: 'Order not found.' }) };
    const { client, ui } = setup();
    const error = await rejection(client.get('/x'));
    expect(error).toMatchObject({ message: 'Order not found.', code: 0 });
    expect(ui.toast).toHaveBeenCalledWith('Order not found.', 'error', TOAST_MS);
    expect(TOAST_MS).toBe(2000);
    expect(ui.hideLoading).toHaveBeenCalledTimes(1);
  });

  test("code 0 without msg says 'request failed'", async () => {
    answer = { body: envelope(0) };
    expect((await rejection(setup().client.get('/x'))).message).toBe('request failed');
  });

  test.each([
    ['code 401 in the body', { status: 200, body: envelope(401, { msg: 'Please log in first.' }) }],
    ['HTTP 401 with an envelope', { status: 401, body: envelope(401) }],
    ['HTTP 401 without an envelope', { status: 401, body: 'Unauthorized', raw: true }],
  ])('%s clears the session and rejects with the login message', async (_name, reply) => {
    answer = reply;
    const { client, onUnauthorized, ui } = setup();
    const error = await rejection(client.get('/x'));
    expect(error).toMatchObject({ message: 'login expired, please log in again', code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(ui.toast).toHaveBeenCalledWith('login expired, please log in again', 'error', TOAST_MS);
  });

  test.each([
    ['message first', { code: 500, message: 'Gateway says no', msg: 'other' }, 'Gateway says no'],
    ['then msg', { code: 500, msg: 'Server busy' }, 'Server busy'],
    ["else 'request failed'", { code: 403 }, 'request failed'],
  ])('any other code: %s', async (_name, body, message) => {
    answer = { status: 200, body: { time: 1, data: null, ...body } };
    const error = await rejection(setup().client.get('/x'));
    expect(error).toMatchObject({ message, code: body.code });
  });

  test("network failure says 'network connection failed'", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { client, ui } = setup(`http://127.0.0.1:${port}`);
    const error = await rejection(client.get('/x'));
    expect(error).toMatchObject({ message: 'network connection failed', code: 'network' });
    expect(ui.toast).toHaveBeenCalledWith('network connection failed', 'error', TOAST_MS);
  });

  test.each([
    ['msg', envelope(0, { msg: 'The file is larger than 10 MB.' }), 'The file is larger than 10 MB.'],
    ['message', { code: 0, time: 1, data: null, message: 'Too big' }, 'Too big'],
    ["'upload failed'", envelope(0), 'upload failed'],
    ['another code', envelope(500, { msg: 'Disk full' }), 'Disk full'],
  ])('an upload failure shows %s', async (_name, body, message) => {
    answer = { body };
    expect((await rejection(setup().client.upload('/api/common/upload', form()))).message).toBe(message);
  });

  test("an unparseable answer is 'upload failed' for an upload, 'request failed' otherwise", async () => {
    answer = { body: '<html>502 Bad Gateway</html>', raw: true, status: 502 };
    const { client } = setup();
    expect(await rejection(client.upload('/api/common/upload', form()))).toMatchObject({ message: 'upload failed', code: 'unparseable' });
    expect(await rejection(client.get('/x'))).toMatchObject({ message: 'request failed', code: 'unparseable' });
  });
});

describe('per-call switches', () => {
  test('toasts and the loading overlay can be turned off', async () => {
    answer = { body: envelope(0, { msg: 'nope' }) };
    const { client, ui } = setup();
    await rejection(client.get('/x', undefined, { toast: false, loading: false }));
    expect(ui.toast).not.toHaveBeenCalled();
    expect(ui.showLoading).not.toHaveBeenCalled();
  });

  test('an aborted call rejects quietly', async () => {
    answer = { body: envelope(1) };
    const controller = new AbortController();
    controller.abort();
    const { client, ui } = setup();
    expect(await rejection(client.get('/x', undefined, { signal: controller.signal }))).toMatchObject({ code: 'aborted' });
    expect(ui.toast).not.toHaveBeenCalled();
  });
});

describe('files: an export, a proof’s image', () => {
  test('come as bytes with the name the server gave, asked for with the token and the query', async () => {
    answer = {
      body: 'order_no,amount\nL1,100.00\n',
      file: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="loans-2026-11-27.csv"' },
    };
    const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn() };
    const client = createHttpClient({
      baseURL,
      getToken: () => 'op-token',
      tokenAs: 'bearer',
      getLocale: () => 'zh-CN',
      onUnauthorized: jest.fn(),
      ui,
    });
    const file = await client.download('/admin/api/export/loans', { status: 'overdue' }, { loading: false });
    expect(seen).toMatchObject({ method: 'GET', url: '/admin/api/export/loans?status=overdue' });
    expect(seen.headers).toMatchObject({ authorization: 'Bearer op-token', 'accept-language': 'zh-CN' });
    expect(file.filename).toBe('loans-2026-11-27.csv');
    expect(file.blob.type).toBe('text/csv');
    expect(await file.blob.text()).toBe('order_no,amount\nL1,100.00\n');
    expect(ui.showLoading).not.toHaveBeenCalled();
  });

  test('a file without a name has none', async () => {
    answer = { body: 'PNG', file: { 'content-type': 'image/png' } };
    const { client } = setup();
    expect((await client.download('/admin/api/vouchers/7/file')).filename).toBeNull();
  });

  test('a refusal is read from its envelope, like any call’s', async () => {
    answer = { status: 403, body: envelope(403, { message: 'Not yours to export' }) };
    const { client, ui } = setup();
    expect(await rejection(client.download('/admin/api/export/audit'))).toMatchObject({ message: 'Not yours to export', code: 403 });
    expect(ui.toast).toHaveBeenCalledWith('Not yours to export', 'error', TOAST_MS);
  });

  test('an ended session sends the operator to sign in, as any call does', async () => {
    answer = { status: 401, body: envelope(401, { message: 'Your session ended. Sign in again.' }) };
    const { client, onUnauthorized } = setup();
    expect(await rejection(client.download('/admin/api/export/loans', undefined, { toast: false }))).toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalled();
  });
});

describe("early answers: the host page's opening calls", () => {
  const response = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

  function withEarly(takeEarly: jest.Mock) {
    const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn() };
    const client = createHttpClient({ baseURL, getToken: () => 'tok123', onUnauthorized: jest.fn(), ui, takeEarly });
    return { client, ui };
  }

  test('a GET takes the answer started for its name and token, and asks the server nothing', async () => {
    seen = { headers: {}, body: '' };
    const takeEarly = jest.fn().mockReturnValueOnce(Promise.resolve(response(envelope(1, { data: { id: 9 } }))));
    const { client, ui } = withEarly(takeEarly);
    await expect(client.get('/api/news/index', { page: 1, limit: 10 })).resolves.toEqual({ id: 9 });
    expect(takeEarly).toHaveBeenCalledWith('/api/news/index?limit=10&page=1', 'tok123');
    expect(seen.url).toBeUndefined();
    expect(ui.hideLoading).toHaveBeenCalledTimes(1);

    answer = { body: envelope(1, { data: { id: 10 } }) };
    await expect(client.get('/api/news/index', { page: 1, limit: 10 })).resolves.toEqual({ id: 10 });
    expect(seen.url).toBe('/api/news/index?page=1&limit=10');
  });

  test.each([
    ['is not a success', () => Promise.resolve(response(envelope(401, { msg: 'Please log in first' })))],
    ['is an error status', () => Promise.resolve(response({ message: 'bad gateway' }, 502))],
    ['failed on the network', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['never comes', () => new Promise<Response>(() => {})],
  ])('an early answer that %s is asked for again, as the page asked it', async (_case, early) => {
    answer = { body: envelope(1, { data: { fresh: true } }) };
    seen = { headers: {}, body: '' };
    const { client } = withEarly(jest.fn(early));
    await expect(client.get('/api/loan/due', undefined, { timeout: 200 })).resolves.toEqual({ fresh: true });
    expect(seen).toMatchObject({ method: 'GET', url: '/api/loan/due' });
  });

  test('only a GET takes an early answer', async () => {
    answer = { body: envelope(1) };
    const takeEarly = jest.fn();
    const { client } = withEarly(takeEarly);
    await client.post('/api/loan/apply', { amount: '3000.00' });
    expect(takeEarly).not.toHaveBeenCalled();
  });

  test('a call is named by its path and its parameters in name order, leaving out the absent ones', () => {
    expect(callName('/api/loan/rates')).toBe('/api/loan/rates');
    expect(callName('/api/loan/rates', {})).toBe('/api/loan/rates');
    expect(callName('/api/news/index', { page: 1, limit: 10, tag: undefined })).toBe('/api/news/index?limit=10&page=1');
    expect(callName('/api/news/detail', { id: 'a b&c' })).toBe('/api/news/detail?id=a+b%26c');
  });
});
