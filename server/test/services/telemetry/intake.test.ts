import { TELEMETRY_LIMITS } from '@instalment/contract/api';
import { sharedDatabase, startServer, rowCount, type TestServer } from '../../helpers';
import { beacon, error, metricsOf, sample, view } from './reports';

let server: TestServer;
let metrics: Awaited<ReturnType<typeof metricsOf>>;
beforeAll(async () => {
  server = await startServer();
  metrics = await metricsOf(server);
});
afterAll(async () => {
  await metrics.close();
  await server.close();
});

test('a beacon’s batch is taken without a session, as text/plain or JSON, and from the shell’s origin', async () => {
  const sent = await beacon(server, { views: [view()], errors: [] }, { origin: 'http://localhost:3000' });
  expect(sent.status).toBe(204);
  expect(sent.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
  expect((await beacon(server, { views: [view()], errors: [error()] }, { 'content-type': 'application/json' })).status).toBe(204);
  expect(await rowCount(server, 'telemetry_views')).toBe(2);
  expect(await rowCount(server, 'telemetry_errors')).toBe(1);
});

test('a batch over the size limit is refused with 413, in the envelope, and nothing of it is kept', async () => {
  const before = await rowCount(server, 'telemetry_views');
  // Within the schema's counts and lengths, but deep stacks of long file names.
  const frames = Array.from({ length: 20 }, (_, line) => ({ file: `https://news.example/${'x'.repeat(250)}.js`, line, column: 1 }));
  const body = JSON.stringify({ views: [view()], errors: Array.from({ length: 3 }, () => error({ frames })) });
  expect(body.length).toBeGreaterThan(TELEMETRY_LIMITS.bytes);
  const answer = await beacon(server, body);
  expect(answer.status).toBe(413);
  expect(await answer.json()).toMatchObject({ code: 0, msg: 'The request body is too large.', data: null });
  expect(await rowCount(server, 'telemetry_views')).toBe(before);
});

test('a malformed batch is refused with 400 saying what is wrong, in the caller’s language', async () => {
  const before = await rowCount(server, 'telemetry_views');
  const notJson = await beacon(server, '{"views": [');
  expect(notJson.status).toBe(400);
  expect(await notJson.json()).toMatchObject({ code: 0, msg: 'The request body is not valid JSON.', data: null });

  // A route with values in it (a query) is not a route's pattern.
  const withQuery = await beacon(server, { views: [view({ route: '/pages/loan/detail?order_no=123' })], errors: [] });
  expect(withQuery.status).toBe(400);
  expect(await withQuery.json()).toMatchObject({ code: 0, msg: 'views is missing or not in the right form.', data: null });

  const tooMany = await beacon(server, { views: Array.from({ length: TELEMETRY_LIMITS.views + 1 }, () => view()), errors: [] });
  expect(tooMany.status).toBe(400);
  expect((await tooMany.json()).msg).toBe(`views can hold at most ${TELEMETRY_LIMITS.views} items.`);

  const chinese = await beacon(server, { views: [] } as never, { 'accept-language': 'zh-CN' });
  expect(chinese.status).toBe(400);
  expect((await chinese.json()).msg).toBe('缺少 errors。');
  expect(await rowCount(server, 'telemetry_views')).toBe(before);
});

test('the metrics count views, speed and errors by remote and release', async () => {
  const labels = 'remote="mf_news",release="2.0.0",route="/pages/news/list"';
  const canary = 'remote="mf_news",release="2.1.0",route="/pages/news/list"';
  const before = await metrics.text();
  const sent = await beacon(server, {
    views: [
      view({ release: '2.0.0', lcp: 1200, inp: 80, ttfb: 300, cls: 0.02 }),
      view({ release: '2.0.0' }),
      view({ release: '2.1.0', side: 'canary', lcp: 3000 }),
    ],
    errors: [error({ release: '2.1.0', kind: 'unhandled' }), error({ release: '2.1.0', kind: 'unhandled' })],
  });
  expect(sent.status).toBe(204);
  const after = await metrics.text();
  const moved = (series: string) => sample(after, series) - sample(before, series);
  expect({
    stableViews: moved(`client_page_views_total{${labels},side="stable"}`),
    canaryViews: moved(`client_page_views_total{${canary},side="canary"}`),
    stableErrors: moved(`client_errors_total{${labels},kind="unhandled"}`),
    canaryErrors: moved(`client_errors_total{${canary},kind="unhandled"}`),
    stableLcp: moved(`client_web_vital_seconds_sum{${labels},name="LCP"}`),
    stableLcpUnder2s: moved(`client_web_vital_seconds_bucket{le="1.8",${labels},name="LCP"}`),
    canaryLcpUnder2s: moved(`client_web_vital_seconds_bucket{le="1.8",${canary},name="LCP"}`),
    stableInp: moved(`client_web_vital_seconds_sum{${labels},name="INP"}`),
    stableTtfb: moved(`client_web_vital_seconds_sum{${labels},name="TTFB"}`),
    stableCls: moved(`client_cls_sum{${labels}}`),
  }).toEqual({
    stableViews: 2,
    canaryViews: 1,
    stableErrors: 0,
    canaryErrors: 2,
    stableLcp: 1.2,
    stableLcpUnder2s: 1,
    canaryLcpUnder2s: 0,
    stableInp: 0.08,
    stableTtfb: 0.3,
    stableCls: 0.02,
  });
});

test('past 500 remote, release and route combinations the metrics stop adding series and count what they left out', async () => {
  const routes = (from: number, count: number) =>
    Array.from({ length: count }, (_, index) => view({ release: 'flood', route: `/r${from + index}` }));
  for (let from = 0; from < 550; from += 50) expect((await beacon(server, { views: routes(from, 50), errors: [] })).status).toBe(204);
  const text = await metrics.text();
  const series = text.split('\n').filter((line) => line.startsWith('client_page_views_total{')).length;
  // The earlier tests' combinations count among the 500.
  expect(series).toBe(500);
  expect(sample(text, 'client_reports_dropped_total')).toBe(550 - (500 - 3));
  expect(text).not.toContain('route="/r549"');
});

test('a batch over the rate per address is refused with 429, counted across the API’s processes', async () => {
  const shared = await sharedDatabase();
  const limits = { telemetryBatchesPerAddress: 3 };
  const first = await startServer({ ...shared.options, limits });
  const second = await startServer({ ...shared.options, limits });
  try {
    const batch = { views: [view()], errors: [] };
    expect((await beacon(first, batch)).status).toBe(204);
    expect((await beacon(second, batch)).status).toBe(204);
    expect((await beacon(first, batch)).status).toBe(204);
    const refused = await beacon(second, batch);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 0, msg: 'Too many requests from your network. Try again in 1 min.' });
    expect(await rowCount(first, 'telemetry_views')).toBe(3);
    // The next minute takes batches again.
    first.clock.advance(60_000);
    expect((await beacon(first, batch)).status).toBe(204);
  } finally {
    await first.close();
    await second.close();
    await shared.drop();
  }
});
