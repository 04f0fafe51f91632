import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  ADMIN_ENDPOINTS,
  adminPath,
  createLoan,
  installments,
  mergeChunks,
  TOKEN_HEADER,
  uploadChunk,
  uploadProof,
  type ApprovalAsked,
} from '@instalment/contract/api';
import { type UploadStage, uploadWithChunks } from '@instalment/ui/upload';
import { blob, ENGINE, PNG_BYTES, sharedDatabase, signUp, startServer, type TestDatabase } from '../helpers';
import { withFakes } from '../fakes';
import { processOperator } from '../operators';
import { startProcess, stop, type ApiProcess } from '../process';
import { request } from '../system/security/traffic';
import type { S3Settings } from '../../src/settings/config';

/**
 * Uploads on object storage (issue 39): two API processes on one database and one bucket, with
 * no folder in common, as two hosts behind a load balancer run. What one process stored, the
 * other serves, merges and confirms, to those allowed only.
 */
const loopback = withFakes(['s3']);
let database: TestDatabase;
let bucket: S3Settings;
let first: ApiProcess;
let second: ApiProcess;
beforeAll(async () => {
  database = await sharedDatabase();
  bucket = await loopback.s3.bucket();
  // One link key for both, as a deployment sets it: a link one process signed opens on the other.
  const env = { ...loopback.s3.env(bucket), FILE_URL_SECRET: randomBytes(32).toString('hex') };
  // One after the other: the first creates and seeds the database, the second finds it ready.
  first = await startProcess(database.options, env);
  second = await startProcess(database.options, env);
}, 60_000);
afterAll(async () => {
  await Promise.all([first, second].filter(Boolean).map(stop));
  await database.drop();
}, 30_000);

const bytesAt = async (url: string, headers: Record<string, string> = {}) => {
  const answer = await fetch(url, { headers });
  return { status: answer.status, bytes: Buffer.from(await answer.arrayBuffer()) };
};

test(`a proof uploaded in chunks through one process is confirmed through the other; its image opens for its owner and the operator only (${ENGINE})`, async () => {
  const borrower = await signUp(first);
  const stranger = await signUp(second);
  const { order_no } = await createLoan(borrower.http, borrower.application);
  const due = (await installments(borrower.http, { order_no })).list[0];

  // The app's own uploader, in three chunks.
  const stages = new Set<UploadStage>();
  const receipt = await uploadWithChunks(borrower.http, blob(PNG_BYTES, 'image/png'), {
    chunkSize: Math.ceil(PNG_BYTES.length / 3),
    filename: 'receipt.png',
    onStage: (stage) => stages.add(stage),
  });
  expect([...stages]).toEqual(['uploadingChunk', 'mergingFile']);
  const proof = await uploadProof(borrower.http, { order_no, periods: [1], amount: due.total, file_url: receipt.url });

  const [maker, checker] = await Promise.all([
    processOperator(database.options, ['finance'], second.baseURL),
    processOperator(database.options, ['finance'], second.baseURL),
  ]);
  const proofFile = `${second.baseURL}${adminPath(ADMIN_ENDPOINTS.proofFile, { id: proof.id })}`;
  expect(await bytesAt(proofFile, { authorization: `Bearer ${maker.token}` })).toEqual({ status: 200, bytes: PNG_BYTES });
  const asked = await maker.data<ApprovalAsked>('POST', adminPath(ADMIN_ENDPOINTS.confirmProof, { id: proof.id }), {
    bank_ref: 'ICBC-7',
  });
  await checker.data('POST', adminPath(ADMIN_ENDPOINTS.approveApproval, { id: asked.approval_id }));
  expect((await installments(borrower.http, { order_no })).list.map((item) => item.status)).toEqual(['paid', 'unpaid', 'unpaid']);

  // The owner: by the link the first process signed, and by the token, on the other process.
  const signed = receipt.fullurl.replace(first.baseURL, second.baseURL);
  expect(await bytesAt(signed)).toEqual({ status: 200, bytes: PNG_BYTES });
  expect(await bytesAt(`${second.baseURL}${receipt.url}`, { [TOKEN_HEADER]: borrower.token! })).toEqual({ status: 200, bytes: PNG_BYTES });
  // Another borrower, or nobody: the answer of a missing file, on either process; the console's route is not theirs.
  for (const api of [first, second]) {
    expect((await bytesAt(`${api.baseURL}${receipt.url}`, { [TOKEN_HEADER]: stranger.token! })).status).toBe(404);
    expect((await bytesAt(`${api.baseURL}${receipt.url}`)).status).toBe(404);
  }
  expect((await bytesAt(proofFile, { authorization: `Bearer ${stranger.token}` })).status).toBe(401);

  // Everything is in the bucket, the chunks gone, and no process kept a folder of uploads.
  expect(await loopback.s3.keys(bucket.bucket)).toContain(receipt.url.slice('/uploads/'.length));
  expect((await loopback.s3.keys(bucket.bucket)).filter((key) => key.startsWith('.chunks/'))).toEqual([]);
  if (database.options.databaseFile) expect(fs.existsSync(path.join(path.dirname(database.options.databaseFile), 'uploads'))).toBe(false);
  expect(loopback.s3.forged).toBe(0);
}, 60_000);

test(`the chunks of one upload sent to both processes are merged by either (${ENGINE})`, async () => {
  const borrower = await signUp(first);
  const onSecond = second.client();
  onSecond.token = borrower.token;
  const chunkid = `spread-${randomBytes(8).toString('hex')}`;
  const size = Math.ceil(PNG_BYTES.length / 3);
  for (const index of [0, 1, 2]) {
    const via = index === 1 ? onSecond : borrower;
    await uploadChunk(
      via.http,
      { chunkid, chunkindex: index, chunkcount: 3, filename: 'r.png' },
      blob(PNG_BYTES.subarray(index * size, (index + 1) * size)),
    );
  }
  const merged = await mergeChunks(onSecond.http, { chunkid, filename: 'r.png', chunkcount: 3 });
  expect(await bytesAt(merged.fullurl)).toEqual({ status: 200, bytes: PNG_BYTES });
});

describe('readiness asks the bucket', () => {
  test('ready while the bucket answers, 503 naming storage while it does not, and when the secret is wrong', async () => {
    const server = await startServer({ storage: 's3', s3: bucket });
    const wrongSecret = await startServer({ storage: 's3', s3: { ...bucket, secretAccessKey: 'not-the-secret' } });
    try {
      const ready = (baseURL: string) => request(baseURL, 'GET', '/health/ready');
      expect(await ready(server.baseURL)).toMatchObject({ status: 200, body: { data: { status: 'up' } } });
      loopback.s3.mode('down');
      expect(await ready(server.baseURL)).toMatchObject({ status: 503, body: { data: { status: 'not_ready', problems: ['storage'] } } });
      loopback.s3.mode('ok');
      expect(await ready(server.baseURL)).toMatchObject({ status: 200 });
      expect(await ready(wrongSecret.baseURL)).toMatchObject({ status: 503, body: { data: { problems: ['storage'] } } });
    } finally {
      loopback.s3.mode('ok');
      await Promise.all([server.close(), wrongSecret.close()]);
    }
  });
});
