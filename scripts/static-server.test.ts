import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The static server is plain CommonJS shared with `npm start`, the browser tests and the bench.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const { serveStatic } = require('./static-server') as { serveStatic: (options: { dir: string; port: number }) => Promise<Server> };

let dir: string;
let server: Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html>',
    'main.1a2b3c4d.js': 'main',
    'main.5e6f7a8b.css': 'body{}',
    'a1b2c3d4e5f6a7b8c9d0.png': 'png',
    'favicon.svg': '<svg/>',
    'remoteEntry.0cbd64fa.js': 'entry',
    'mf-manifest.json': '{}',
    'config.json': '{"remotes":{}}',
  };
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), body);
  server = await serveStatic({ dir, port: 0 });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

test.each<[string, string]>([
  ['main.1a2b3c4d.js', 'public, max-age=31536000, immutable'],
  ['main.5e6f7a8b.css', 'public, max-age=31536000, immutable'],
  ['a1b2c3d4e5f6a7b8c9d0.png', 'public, max-age=31536000, immutable'],
  ['remoteEntry.0cbd64fa.js', 'public, max-age=31536000, immutable'],
  ['', 'no-cache'],
  ['index.html', 'no-cache'],
  ['favicon.svg', 'no-cache'],
  ['mf-manifest.json', 'no-cache'],
  ['config.json', 'no-cache'],
])("'/%s' is served with Cache-Control: %s", async (name, cacheControl) => {
  const response = await fetch(`${base}/${name}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe(cacheControl);
});

test('a returning visitor revalidates config.json for a 304, and sees an edit at once', async () => {
  const first = await fetch(`${base}/config.json`);
  const etag = first.headers.get('etag');
  expect(etag).toBeTruthy();
  const unchanged = await fetch(`${base}/config.json`, { headers: { 'If-None-Match': etag! } });
  expect(unchanged.status).toBe(304);
  expect(await unchanged.text()).toBe('');

  fs.writeFileSync(path.join(dir, 'config.json'), '{"remotes":{"mf_news":"elsewhere"}}');
  const edited = await fetch(`${base}/config.json`, { headers: { 'If-None-Match': etag! } });
  expect(edited.status).toBe(200);
  expect(await edited.json()).toEqual({ remotes: { mf_news: 'elsewhere' } });
});
