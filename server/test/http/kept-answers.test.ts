import { envelopeOf } from '@instalment/contract/api/schemas';
import { Type } from '@sinclair/typebox';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { JSON_TYPE, keptAnswers, ok } from '../../src/http/envelope';

const Page = Type.Object({ list: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String() })), total: Type.Integer() });

/** One answer object kept as a service keeps it, and a route answering it as `ok` would and as a kept answer. */
async function routes() {
  let kept = { list: [{ id: 1, title: '还款提醒 "due"', secret: 'not in the schema' }], total: 1 };
  const app = Fastify();
  const sendPage = keptAnswers(Page);
  app.get('/ok', { schema: { response: { 200: envelopeOf(Page) } } }, async () => ok(kept));
  app.get('/kept', { schema: { response: { 200: envelopeOf(Page) } } }, async (_request, reply) => sendPage(reply, kept));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const get = async (path: string) => {
    const answer = await fetch(`${base}${path}`);
    return { type: answer.headers.get('content-type'), body: (await answer.json()) as { time: number; data: unknown } };
  };
  return { app, get, replace: (next: typeof kept) => (kept = next) };
}

test("a kept answer is sent as ok() sends it: its schema's fields, in JSON, with the time it is sent", async () => {
  const { app, get } = await routes();
  try {
    const [plain, kept] = await Promise.all([get('/ok'), get('/kept')]);
    expect(kept.type).toBe(JSON_TYPE);
    expect(kept.body).toEqual({ ...plain.body, time: kept.body.time });
    expect(kept.body).toEqual({
      code: 1,
      msg: 'ok',
      time: expect.any(Number),
      data: { list: [{ id: 1, title: '还款提醒 "due"' }], total: 1 },
    });
    expect(Math.abs(kept.body.time - Date.now() / 1000)).toBeLessThan(5);
  } finally {
    await app.close();
  }
});

test('a new answer object is written anew: what was written is reused only for the same object', async () => {
  const { app, get, replace } = await routes();
  try {
    expect((await get('/kept')).body.data).toMatchObject({ total: 1 });
    replace({ list: [], total: 0 });
    expect((await get('/kept')).body.data).toEqual({ list: [], total: 0 });
  } finally {
    await app.close();
  }
});
