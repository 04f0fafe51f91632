import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { ENDPOINTS, type TelemetryBatch, type TelemetryError, type TelemetryView } from '@instalment/contract/api';
import { SourceMapGenerator } from 'source-map-js';
import { serveMetrics } from '../../../src/runtime/metrics';
import type { TestServer } from '../../helpers';

/** A view as the shell reports one: mf-news's release 1.5.0 drew the news list. */
export const view = (fields: Partial<TelemetryView> = {}): TelemetryView => ({
  remote: 'mf_news',
  release: '1.5.0',
  route: '/pages/news/list',
  side: 'stable',
  ...fields,
});

/** An error as the shell reports one, thrown by mf-news's release 1.5.0. */
export const error = (fields: Partial<TelemetryError> = {}): TelemetryError => ({
  remote: 'mf_news',
  release: '1.5.0',
  route: '/pages/news/list',
  kind: 'render',
  message: 'TypeError: items is undefined',
  frames: [],
  ...fields,
});

/** Posts a batch as `navigator.sendBeacon` does: text/plain, no session. */
export function beacon(server: Pick<TestServer, 'baseURL'>, body: TelemetryBatch | string, headers: Record<string, string> = {}) {
  return fetch(`${server.baseURL}${ENDPOINTS.telemetry}`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The metrics port of a test server, as Prometheus scrapes it. */
export async function metricsOf(server: TestServer): Promise<{ text(): Promise<string>; close(): Promise<void> }> {
  const listener: Server = await serveMetrics(server.app.metrics, 0, '127.0.0.1');
  const { port } = listener.address() as AddressInfo;
  return {
    text: async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
    close: () => new Promise((resolve) => listener.close(() => resolve())),
  };
}

/** One sample of a scrape, by its name and labels as Prometheus writes them; 0 when absent. */
export function sample(text: string, series: string): number {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

/** The built file of mf-news's release 1.5.0 whose source map the tests publish. */
export const BUILT_FILE = 'main.3f2a1b0c.js';

/**
 * A remote's builds as a release publishes them (RELEASE_FILES): `releases/1.5.0/` holds a built
 * file and its source map, where column 120 of line 1 is `src/NewsList.tsx` line 42, column 7.
 */
export function publishedRelease(): { releaseFiles: Record<string, string>; dist: string; drop(): void } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-releases-'));
  const dist = path.join(root, 'mf-news', 'dist');
  const folder = path.join(dist, 'releases', '1.5.0');
  fs.mkdirSync(folder, { recursive: true });
  const generator = new SourceMapGenerator({ file: BUILT_FILE });
  generator.addMapping({
    generated: { line: 1, column: 120 },
    original: { line: 42, column: 6 },
    source: 'webpack://mf_news/./src/NewsList.tsx',
  });
  fs.writeFileSync(path.join(folder, BUILT_FILE), '/* built */');
  fs.writeFileSync(path.join(folder, `${BUILT_FILE}.map`), generator.toString());
  return { releaseFiles: { mf_news: dist }, dist, drop: () => fs.rmSync(root, { recursive: true, force: true }) };
}
