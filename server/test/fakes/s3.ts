import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/settings/config';

/** How the fake answers: as S3 does, or as a storage that is down. */
export type S3Mode = 'ok' | 'down';

export interface S3Fake {
  /** What S3_ENDPOINT is set to. */
  endpoint: string;
  /** A new empty bucket of its own, and the settings that reach it. */
  bucket(): Promise<S3Settings>;
  /** The environment of an API process storing in this bucket. */
  env(settings: S3Settings): Record<string, string>;
  /** Every key in a bucket, read behind the API. */
  keys(bucket: string): Promise<string[]>;
  /** Requests refused because their signature did not verify. */
  forged: number;
  mode(mode: S3Mode): void;
  close(): Promise<void>;
}

/** s3rver knows this key id only; the secret it never checks is checked here. */
const ACCESS_KEY_ID = 'S3RVER';
const REGION = 'cn-hangzhou';
/** How far a request's X-Amz-Date may be from now, as S3 allows. */
const SKEW_MS = 15 * 60 * 1000;

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
/** RFC 3986 percent-encoding, as SigV4's canonical query string uses it. */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Recomputes AWS Signature Version 4 of a request (Authorization header): the canonical request
 * of method, path, sorted query, the signed headers and the payload's SHA-256 (which must be the
 * body's), hashed into the string to sign, HMAC'd with a key derived from the secret, date,
 * region and service. https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 */
export function sigV4Ok(request: http.IncomingMessage, body: Buffer, secret: string): boolean {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? '',
    );
  const amzDate = String(request.headers['x-amz-date'] ?? '');
  const payloadHash = String(request.headers['x-amz-content-sha256'] ?? '');
  if (!match || match[1] !== ACCESS_KEY_ID || match[3] !== REGION || !amzDate.startsWith(match[2])) return false;
  const at = Date.parse(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  if (!(Math.abs(Date.now() - at) <= SKEW_MS)) return false;
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256(body)) return false;
  const signedHeaders = match[4].split(';');
  if (!['host', 'x-amz-content-sha256', 'x-amz-date'].every((name) => signedHeaders.includes(name))) return false;
  const [pathname, rawQuery = ''] = (request.url ?? '/').split('?');
  const query = [...new URLSearchParams(rawQuery)]
    .map(([name, value]) => `${encode(name)}=${encode(value)}`)
    .sort()
    .join('&');
  const headers = signedHeaders
    .map(
      (name) =>
        `${name}:${String(request.headers[name] ?? '')
          .trim()
          .replace(/\s+/g, ' ')}\n`,
    )
    .join('');
  const canonical = [request.method, pathname, query, headers, match[4], payloadHash].join('\n');
  const scope = `${match[2]}/${REGION}/s3/aws4_request`;
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, match[2]), REGION), 's3'), 'aws4_request');
  const expected = Buffer.from(hmac(key, ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonical)].join('\n')).toString('hex'));
  const given = Buffer.from(match[5]);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

/**
 * A loopback S3 (s3rver, which keeps objects in a folder of its own and answers S3's REST API)
 * behind a front that verifies every request's SigV4 signature with the secret the settings
 * carry, as S3 does: a request signed with another secret, or not at all, is refused 403.
 */
export async function startS3(): Promise<S3Fake> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-s3-'));
  const inner = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port: innerPort } = await inner.run();
  const secret = randomBytes(20).toString('hex');
  let mode: S3Mode = 'ok';

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const refuse = (status: number, code: string, message: string) =>
        response.writeHead(status, { 'content-type': 'application/xml' }).end(xmlError(code, message));
      if (mode === 'down') return refuse(503, 'ServiceUnavailable', 'Please reduce your request rate.');
      if (!sigV4Ok(request, body, secret)) {
        fake.forged += 1;
        return refuse(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
      }
      const forwarded = http.request(
        { host: '127.0.0.1', port: innerPort, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      forwarded.on('error', () => refuse(502, 'InternalError', 'The loopback store did not answer.'));
      forwarded.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const settings = (bucket: string): S3Settings => ({
    endpoint,
    region: REGION,
    bucket,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: secret,
    forcePathStyle: true,
  });
  const client = new S3Client({
    endpoint,
    region: REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: secret },
  });

  const fake: S3Fake = {
    endpoint,
    forged: 0,
    async bucket() {
      const name = `uploads-${randomBytes(6).toString('hex')}`;
      await client.send(new CreateBucketCommand({ Bucket: name }));
      return settings(name);
    },
    env: (given) => ({
      STORAGE: 's3',
      S3_ENDPOINT: given.endpoint!,
      S3_REGION: given.region,
      S3_BUCKET: given.bucket,
      S3_ACCESS_KEY_ID: given.accessKeyId,
      S3_SECRET_ACCESS_KEY: given.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    }),
    async keys(bucket) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    mode(next) {
      mode = next;
    },
    async close() {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await inner.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
  return fake;
}
