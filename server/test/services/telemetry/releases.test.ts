import fs from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SourceMapGenerator } from 'source-map-js';
import { TelemetryFigures } from '../../../src/services/telemetry/figures';
import { DAY_MS, rowCount, startServer, type TestServer } from '../../helpers';
import { beacon, BUILT_FILE, error, publishedRelease, view } from './reports';

let release: ReturnType<typeof publishedRelease>;
let server: TestServer;
let figures: TelemetryFigures;
/** What the server logged at warn level: the new errors of a release. */
const warned: Array<{ msg: string; telemetry?: Record<string, string | null> }> = [];
beforeAll(async () => {
  release = publishedRelease();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) warned.push(JSON.parse(line));
      done();
    },
  });
  server = await startServer({ releaseFiles: release.releaseFiles, logger: { level: 'warn', stream } });
  figures = new TelemetryFigures(server.app.store);
});
afterAll(async () => {
  await server.close();
  release.drop();
});

const HOUR_MS = 3600_000;
const sinceHourAgo = () => new Date(server.clock.now - HOUR_MS).toISOString();
const frameIn = (file: string, column = 121) => ({ file: `https://news.example${file}`, line: 1, column });

test('an error thrown in a built file is shown at its original file and line, through the release’s source map, and logged once', async () => {
  const thrown = error({
    release: '1.5.0',
    message: 'TypeError: Cannot read properties of undefined (reading "title")',
    // The host's own frame comes first; the remote's is the one mapped.
    frames: [{ file: 'https://app.example/main.1234abcd.js', line: 1, column: 5000 }, frameIn(`/releases/1.5.0/${BUILT_FILE}?v=2`)],
  });
  expect((await beacon(server, { views: [view()], errors: [thrown, thrown] })).status).toBe(204);
  expect((await beacon(server, { views: [], errors: [thrown] })).status).toBe(204);

  const { top_errors } = await figures.releaseFigures('mf_news', '1.5.0', sinceHourAgo());
  expect(top_errors).toEqual([
    {
      kind: 'render',
      message: 'TypeError: Cannot read properties of undefined (reading "title")',
      count: 3,
      source: 'src/NewsList.tsx:42:7',
      last_at: new Date(server.clock.now).toISOString(),
    },
  ]);
  expect(warned.filter((line) => line.telemetry).map((line) => [line.msg, line.telemetry])).toEqual([
    [
      'a remote release reported a new error',
      {
        remote: 'mf_news',
        release: '1.5.0',
        kind: 'render',
        message: 'TypeError: Cannot read properties of undefined (reading "title")',
        source: 'src/NewsList.tsx:42:7',
      },
    ],
  ]);
});

test('a frame that is not in the release’s files, or would leave its folder, is not mapped', async () => {
  // A source map outside the release's folder, which no frame may reach.
  const outside = new SourceMapGenerator({ file: 'secret.js' });
  outside.addMapping({ generated: { line: 1, column: 0 }, original: { line: 1, column: 0 }, source: 'webpack://x/./secret/Leak.tsx' });
  fs.writeFileSync(path.join(release.dist, '..', 'secret.js'), '');
  fs.writeFileSync(path.join(release.dist, '..', 'secret.js.map'), outside.toString());
  fs.writeFileSync(path.join(release.dist, 'releases', '1.5.0', 'nomap.js'), '');

  /** Where the log says a new error of the release is. */
  const sourceOf = async (message: string, frames: ReturnType<typeof frameIn>[], release = '1.5.0') => {
    await beacon(server, { views: [], errors: [error({ release, message, frames })] });
    return warned.at(-1)!.telemetry!.source;
  };
  const climbing = [
    frameIn('/releases/1.5.0/../../../secret.js', 1),
    frameIn('/releases/1.5.0/..%2F..%2F..%2Fsecret.js', 1),
    frameIn('/releases/1.4.0/main.js', 1),
  ];
  expect(await sourceOf('Error: climbing', climbing)).toBeNull();
  expect(await sourceOf('Error: climbing at the root', [frameIn('/%2e%2e/%2e%2e/secret.js', 1)], 'unversioned')).toBeNull();
  // A file of the release without a map: its built place.
  const unmapped = [frameIn('/releases/1.5.0/nowhere.js'), frameIn('/releases/1.5.0/nomap.js', 7)];
  expect(await sourceOf('Error: unmapped', unmapped)).toBe('/releases/1.5.0/nomap.js:1:7');
  // A remote whose builds this machine does not hold: the frame's built place.
  await beacon(server, {
    views: [],
    errors: [error({ remote: 'mf_loan', message: 'Error: elsewhere', frames: [frameIn(`/releases/1.5.0/${BUILT_FILE}#x`)] })],
  });
  expect(warned.at(-1)!.telemetry!.source).toBe(`/releases/1.5.0/${BUILT_FILE}:1:121`);
});

test('a release’s figures: views, errors per 1,000 views, LCP and INP p75, fallbacks, over the window asked for', async () => {
  const lcp = [800, 100, 700, 200, 600, 300, 500, 400];
  const inp = [200, 50, 150, 100];
  // An hour and more ago: outside the window.
  expect((await beacon(server, { views: [view({ release: '3.0.0', lcp: 9000 })], errors: [error({ release: '3.0.0' })] })).status).toBe(
    204,
  );
  server.clock.advance(HOUR_MS + 1);
  const views = lcp.map((value, index) => view({ release: '3.0.0', side: 'canary', lcp: value, inp: inp[index], fallback: index === 0 }));
  const errors = [error({ release: '3.0.0' }), error({ release: '3.0.0', kind: 'load', message: 'Error: loading chunk failed' })];
  expect((await beacon(server, { views, errors: [...errors, errors[0]] })).status).toBe(204);

  const figured = await figures.releaseFigures('mf_news', '3.0.0', sinceHourAgo());
  expect({ ...figured, top_errors: figured.top_errors.map((top) => [top.kind, top.count]) }).toEqual({
    release: '3.0.0',
    views: 8,
    errors: 3,
    errors_per_1000: 375,
    lcp_p75_ms: 600,
    inp_p75_ms: 150,
    fallbacks: 1,
    top_errors: [
      ['render', 2],
      ['load', 1],
    ],
  });
  expect(await figures.releaseFigures('mf_news', '9.9.9', sinceHourAgo())).toEqual({
    release: '9.9.9',
    views: 0,
    errors: 0,
    errors_per_1000: null,
    lcp_p75_ms: null,
    inp_p75_ms: null,
    fallbacks: 0,
    top_errors: [],
  });
});

test('the error rate over a release’s latest views counts from its n-th newest view, or all of them when it has fewer', async () => {
  const batch = (count: number, failures: number) => ({
    views: Array.from({ length: count }, () => view({ release: '4.0.0' })),
    errors: Array.from({ length: failures }, () => error({ release: '4.0.0' })),
  });
  await beacon(server, batch(5, 4));
  server.clock.advance(60_000);
  await beacon(server, batch(3, 1));
  expect(await figures.errorRateOverLastViews('mf_news', '4.0.0', 3)).toEqual({ views: 3, errors: 1 });
  expect(await figures.errorRateOverLastViews('mf_news', '4.0.0', 8)).toEqual({ views: 8, errors: 5 });
  expect(await figures.errorRateOverLastViews('mf_news', '4.0.0', 200)).toEqual({ views: 8, errors: 5 });
});

test('reports older than a week are forgotten (the hourly prune)', async () => {
  await beacon(server, { views: [view({ release: '5.0.0' })], errors: [error({ release: '5.0.0' })] });
  server.clock.advance(7 * DAY_MS + 1);
  await beacon(server, { views: [view({ release: '5.0.1' })], errors: [error({ release: '5.0.1' })] });
  await server.app.services.telemetry.prune();
  expect(await rowCount(server, 'telemetry_views')).toBe(1);
  expect(await rowCount(server, 'telemetry_errors')).toBe(1);
  expect(await rowCount(server, 'telemetry_error_counts')).toBe(1);
});
