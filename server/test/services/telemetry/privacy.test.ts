import { Writable } from 'node:stream';
import { startServer, type TestServer } from '../../helpers';
import { beacon, BUILT_FILE, error, metricsOf, publishedRelease, view } from './reports';

const TOKEN = '9f86d081884c7d659a2feaa0c55ad015';
const PHONE = '13812345678';
const QUERY = `?token=abc&mobile=${PHONE}`;

let release: ReturnType<typeof publishedRelease>;
let server: TestServer;
let metrics: Awaited<ReturnType<typeof metricsOf>>;
/** Every line the server logged, as its JSON text. */
const logged: string[] = [];
beforeAll(async () => {
  release = publishedRelease();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logged.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  server = await startServer({ releaseFiles: release.releaseFiles, logger: { level: 'info', stream } });
  metrics = await metricsOf(server);
});
afterAll(async () => {
  await metrics.close();
  await server.close();
  release.drop();
});

/** Everything the telemetry tables hold, as text. */
async function stored(): Promise<string> {
  const q = server.app.store.q;
  const tables = await Promise.all([
    q.selectFrom('telemetry_views').selectAll().execute(),
    q.selectFrom('telemetry_errors').selectAll().execute(),
    q.selectFrom('telemetry_error_counts').selectAll().execute(),
  ]);
  return JSON.stringify(tables);
}

test('a token, a phone number and a query string sent in a report are kept nowhere: not in the database, the log or the metrics', async () => {
  const file = `https://news.example/releases/1.5.0/${BUILT_FILE}`;
  const sent = await beacon(
    server,
    {
      views: [view({ lcp: 900 })],
      errors: [
        error({
          message: `Error: session ${TOKEN} of ${PHONE} refused at https://api.example/api/loan/list${QUERY}`,
          frames: [
            { file: `${file}${QUERY}#${TOKEN}`, line: 1, column: 121 },
            { file: `https://news.example/releases/1.5.0/${PHONE}.js${QUERY}`, line: 1, column: 1 },
          ],
        }),
      ],
    },
    { 'x-token': TOKEN, referer: `https://app.example/pages/loan/detail${QUERY}` },
  );
  expect(sent.status).toBe(204);

  const places = { database: await stored(), log: logged.join('\n'), metrics: await metrics.text() };
  // What was kept: the error, its message scrubbed, and where its code is.
  expect(places.database).toContain('Error: session #f#d#');
  expect(places.database).toContain('src/NewsList.tsx:42:7');
  expect(places.log).toContain('src/NewsList.tsx:42:7');
  expect(places.metrics).toContain('client_errors_total{remote="mf_news",release="1.5.0",route="/pages/news/list",kind="render"} 1');
  for (const [place, text] of Object.entries(places)) {
    for (const secret of [TOKEN, PHONE, 'token=abc', 'mobile='])
      expect({ place, secret, found: text.includes(secret) }).toEqual({ place, secret, found: false });
  }
});
