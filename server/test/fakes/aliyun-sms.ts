import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALIYUN_SMS_TIMEOUT_MS, type AliyunSmsSettings } from '../../src/settings/config';

/** A message Aliyun accepted, as its request carried it. */
export interface AliyunMessage {
  PhoneNumbers: string;
  SignName: string;
  TemplateCode: string;
  TemplateParam: Record<string, string>;
}

/** How the fake answers the next requests: as Aliyun does, or as it fails. */
export type AliyunMode = 'ok' | 'server-error' | 'refuse' | 'hang';

export interface AliyunFake {
  /** What ALIYUN_SMS_ENDPOINT is set to. */
  url: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** Accepted messages, oldest first. */
  messages: AliyunMessage[];
  /** Every message asked for, accepted or not (one left hanging too), oldest first. */
  asked: AliyunMessage[];
  /** Requests refused because their signature did not verify. */
  forged: number;
  mode(mode: AliyunMode): void;
  close(): Promise<void>;
}

/** What a test server takes to send its SMS through this fake; `changes` adds templates or a time-out. */
export function throughAliyun(aliyun: AliyunFake, changes: Partial<AliyunSmsSettings> = {}) {
  return {
    smsProvider: 'aliyun' as const,
    aliyun: {
      accessKeyId: aliyun.accessKeyId,
      accessKeySecret: aliyun.accessKeySecret,
      signName: '分期宝',
      templateCode: 'SMS_CODE',
      dueTemplateCode: null,
      overdueTemplateCode: null,
      endpoint: aliyun.url,
      timeoutMs: ALIYUN_SMS_TIMEOUT_MS,
      ...changes,
    },
  };
}

/** The environment of an API process sending its SMS through this fake, as a deployment sets it. */
export const aliyunEnv = (aliyun: AliyunFake) => ({
  ALIYUN_ACCESS_KEY_ID: aliyun.accessKeyId,
  ALIYUN_ACCESS_KEY_SECRET: aliyun.accessKeySecret,
  ALIYUN_SMS_ENDPOINT: aliyun.url,
});

/** RFC 3986 percent-encoding, as Aliyun's canonical query string uses it. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/**
 * Recomputes Aliyun's V3 signature (ACS3-HMAC-SHA256) of a request: the canonical request of
 * method, path, sorted query, the signed headers and the body's hash, hashed, then HMAC'd with
 * the secret. https://help.aliyun.com/zh/sdk/product-overview/v3-request-structure-and-signature
 */
export function aliyunSignatureOk(request: http.IncomingMessage, body: Buffer, secret: string, accessKeyId: string): boolean {
  const match = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(
    request.headers.authorization ?? '',
  );
  if (!match || match[1] !== accessKeyId) return false;
  const signedHeaders = match[2].split(';');
  if (
    !['host', 'x-acs-action', 'x-acs-content-sha256', 'x-acs-date', 'x-acs-signature-nonce', 'x-acs-version'].every((h) =>
      signedHeaders.includes(h),
    )
  )
    return false;
  if (request.headers['x-acs-content-sha256'] !== sha256(body)) return false;
  const url = new URL(request.url ?? '/', 'http://fake');
  const query = [...url.searchParams]
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const headers = [...signedHeaders]
    .sort()
    .map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`)
    .join('');
  const canonical = [request.method, url.pathname, query, headers, signedHeaders.join(';'), sha256(body)].join('\n');
  const expected = createHmac('sha256', secret)
    .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
    .digest();
  const given = Buffer.from(match[3], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A loopback stand-in for dysmsapi.aliyuncs.com that checks what the real one checks. */
export async function startAliyunFake(): Promise<AliyunFake> {
  let mode: AliyunMode = 'ok';
  const hanging = new Set<http.ServerResponse>();
  const fake = {
    accessKeyId: 'LTAI-test-key',
    accessKeySecret: 'test-secret-of-the-fake',
    messages: [] as AliyunMessage[],
    asked: [] as AliyunMessage[],
    forged: 0,
  };
  const answer = (response: http.ServerResponse, status: number, body: Record<string, string>) => {
    response.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
    response.end(JSON.stringify({ RequestId: 'FAKE-REQUEST', ...body }));
  };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const query = new URL(request.url ?? '/', 'http://fake').searchParams;
      const message: AliyunMessage = {
        PhoneNumbers: query.get('PhoneNumbers') ?? '',
        SignName: query.get('SignName') ?? '',
        TemplateCode: query.get('TemplateCode') ?? '',
        TemplateParam: JSON.parse(query.get('TemplateParam') ?? '{}') as Record<string, string>,
      };
      fake.asked.push(message);
      if (mode === 'hang') {
        hanging.add(response);
        return;
      }
      if (mode === 'server-error')
        return answer(response, 503, {
          Code: 'ServiceUnavailable',
          Message: 'The request has failed due to a temporary failure of the server.',
        });
      if (!aliyunSignatureOk(request, Buffer.concat(chunks), fake.accessKeySecret, fake.accessKeyId)) {
        fake.forged += 1;
        return answer(response, 400, {
          Code: 'SignatureDoesNotMatch',
          Message: 'Specified signature is not matched with our calculation.',
        });
      }
      if (request.headers['x-acs-action'] !== 'SendSms' || request.headers['x-acs-version'] !== '2017-05-25')
        return answer(response, 400, { Code: 'InvalidAction.NotFound', Message: 'Specified api is not found.' });
      if (mode === 'refuse') return answer(response, 200, { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控Permits:1' });
      fake.messages.push(message);
      return answer(response, 200, { Code: 'OK', Message: 'OK', BizId: `FAKE-${fake.messages.length}` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(fake, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode(next: AliyunMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}
