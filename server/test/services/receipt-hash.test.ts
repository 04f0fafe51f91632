import { createHash } from 'node:crypto';
import { createLoan, installments, uploadFile, uploadProof } from '@instalment/contract/api';
import { blob, PNG_BYTES, refusal, signUp, startServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const hashOf = async (url: string) =>
  (await server.app.store.q.selectFrom('uploads').select('content_hash').where('url', '=', url).executeTakeFirstOrThrow()).content_hash;

test("a receipt's hash is taken once, when it is stored", async () => {
  const user = await signUp(server);
  const bytes = Buffer.concat([PNG_BYTES, Buffer.from('stored once')]);
  const file = await uploadFile(user.http, blob(bytes, 'image/png'), 'receipt.png');
  expect(await hashOf(file.url)).toBe(createHash('sha256').update(bytes).digest('hex'));
});

test('a receipt stored before hashes were kept (migration 012) is still one receipt for one proof', async () => {
  const user = await signUp(server);
  const other = await signUp(server);
  const mine = (await createLoan(user.http, user.application)).order_no;
  const theirs = (await createLoan(other.http, other.application)).order_no;
  const bytes = Buffer.concat([PNG_BYTES, Buffer.from('stored before 012')]);
  const file = await uploadFile(user.http, blob(bytes, 'image/png'), 'receipt.png');
  const copy = await uploadFile(other.http, blob(bytes, 'image/png'), 'copy.png');
  await server.app.store.q.updateTable('uploads').set({ content_hash: null }).where('url', 'in', [file.url, copy.url]).execute();

  const due = (await installments(user.http, { order_no: mine })).list[0].total;
  await uploadProof(user.http, { order_no: mine, periods: [1], amount: due, file_url: file.url });
  expect(await hashOf(file.url)).toBe(createHash('sha256').update(bytes).digest('hex'));
  const theirDue = (await installments(other.http, { order_no: theirs })).list[0].total;
  expect((await refusal(uploadProof(other.http, { order_no: theirs, periods: [1], amount: theirDue, file_url: copy.url }))).message).toBe(
    'This receipt already backs another payment proof. Upload the receipt of this transfer.',
  );
});
