import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// The static server is plain CommonJS shared with `npm start`, the browser tests and the bench.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a CommonJS script without types
const { serveStatic } = require('./static-server') as {
  serveStatic: (options: { dir: string; port: number; hostOrigins?: string[] }) => Promise<Server>;
};

let dir: string;
let server: Server;
let base: string;

const EARLY_SCRIPT = "fetch('config.json')";
const CONFIG = { apiBaseURL: 'http://127.0.0.1:3100', remotes: { mf_news: 'http://127.0.0.1:3004/mf-manifest.json' } };
const SHELL = 'http://127.0.0.1:3000';

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  const files: Record<string, string> = {
    'index.html': `<!doctype html><script>${EARLY_SCRIPT}</script><script src="main.1a2b3c4d.js"></script>`,
    'main.1a2b3c4d.js': 'main',
    'main.1a2b3c4d.js.map': '{"sources":["secret.ts"]}',
    'main.5e6f7a8b.css': 'body{}',
    'a1b2c3d4e5f6a7b8c9d0.png': 'png',
    'favicon.svg': '<svg/>',
    'remoteEntry.0cbd64fa.js': 'entry',
    'mf-manifest.json': '{}',
    'config.json': JSON.stringify(CONFIG),
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

/** One directive of an answer's Content-Security-Policy, as its list of sources. */
function directive(response: Response, name: string): string[] {
  const policy = response.headers.get('content-security-policy') ?? '';
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([directiveName]) => directiveName === name);
  return found ? found.slice(1) : [];
}

describe('a host (a build with a config.json)', () => {
  beforeAll(() => fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(CONFIG)));

  test.each(['', 'index.html', 'main.1a2b3c4d.js', 'config.json'])(
    "'/%s' may not be framed or sniffed, and gives no referrer",
    async (name) => {
      const response = await fetch(`${base}/${name}`);
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(directive(response, 'frame-ancestors')).toEqual(["'none'"]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    },
  );

  test('its page loads what config.json names and its own inline script, nothing else', async () => {
    const response = await fetch(`${base}/`);
    const early = `'sha256-${crypto.createHash('sha256').update(EARLY_SCRIPT).digest('base64')}'`;
    expect(directive(response, 'default-src')).toEqual(["'self'"]);
    expect(directive(response, 'script-src')).toEqual(["'self'", 'http://127.0.0.1:3004', early]);
    expect(directive(response, 'connect-src')).toEqual(["'self'", 'http://127.0.0.1:3100', 'http://127.0.0.1:3004']);
    expect(directive(response, 'img-src')).toEqual(expect.arrayContaining(['http://127.0.0.1:3100', 'blob:']));
    expect(directive(response, 'object-src')).toEqual(["'none'"]);
  });

  test('its service worker is fetched without a policy of its own, which it would keep past an edit of config.json', async () => {
    const worker = await fetch(`${base}/main.1a2b3c4d.js`, { headers: { 'Service-Worker': 'script' } });
    expect(worker.headers.get('content-security-policy')).toBeNull();
    expect(worker.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${base}/main.1a2b3c4d.js`)).headers.get('content-security-policy')).not.toBeNull();
  });

  test('grants no other origin CORS', async () => {
    for (const name of ['main.1a2b3c4d.js', 'config.json']) {
      const response = await fetch(`${base}/${name}`, { headers: { Origin: SHELL } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  test('serves no source map, though the build keeps it', async () => {
    for (const name of ['main.1a2b3c4d.js.map', 'main.1a2b3c4d.js%2Emap', 'main.1a2b3c4d.js.MAP']) {
      expect((await fetch(`${base}/${name}`)).status).toBe(404);
    }
    expect(fs.existsSync(path.join(dir, 'main.1a2b3c4d.js.map'))).toBe(true);
  });

  test('serves no source map under a path that ends inside it either: a trailing slash, an encoded dot or slash', async () => {
    const tails = ['/', '//', '/.', '%2F', '/index.html', '?download'];
    for (const map of ['main.1a2b3c4d.js.map', 'main.1a2b3c4d.js%2Emap', 'main.1a2b3c4d.js%2emap', 'main.1a2b3c4d.js.M%41P']) {
      for (const tail of tails) {
        const response = await fetch(`${base}/${map}${tail}`);
        expect([`${map}${tail}`, response.status]).toEqual([`${map}${tail}`, 404]);
        expect(await response.text()).not.toContain('secret.ts');
      }
    }
  });
});

describe('a remote (no config.json)', () => {
  let remoteDir: string;
  let remote: Server;
  let remoteBase: string;
  beforeAll(async () => {
    remoteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-remote-'));
    for (const name of ['mf-manifest.json', 'remoteEntry.0cbd64fa.js', 'remoteEntry.0cbd64fa.js.map', 'index.html'])
      fs.writeFileSync(path.join(remoteDir, name), '{}');
    remote = await serveStatic({ dir: remoteDir, port: 0, hostOrigins: [SHELL] });
    remoteBase = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => remote.close(resolve));
    fs.rmSync(remoteDir, { recursive: true, force: true });
  });

  test('grants CORS to the hosts that load it, and to no other origin', async () => {
    for (const name of ['mf-manifest.json', 'remoteEntry.0cbd64fa.js']) {
      const fromShell = await fetch(`${remoteBase}/${name}`, { headers: { Origin: SHELL } });
      expect(fromShell.headers.get('access-control-allow-origin')).toBe(SHELL);
      expect(fromShell.headers.get('vary')).toMatch(/Origin/);
      const fromElsewhere = await fetch(`${remoteBase}/${name}`, { headers: { Origin: 'https://evil.example' } });
      expect(fromElsewhere.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  test('its own page loads its own files only, and may not be framed; its maps are not served', async () => {
    const response = await fetch(`${remoteBase}/`);
    expect(directive(response, 'script-src')).toEqual(["'self'"]);
    expect(directive(response, 'connect-src')).toEqual(["'self'"]);
    expect(directive(response, 'frame-ancestors')).toEqual(["'none'"]);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await fetch(`${remoteBase}/remoteEntry.0cbd64fa.js.map`)).status).toBe(404);
  });

  test('a release published while it runs is served as its root build is; one pruned is gone', async () => {
    const release = path.join(remoteDir, 'releases', '1.5.0');
    fs.mkdirSync(release, { recursive: true });
    for (const name of ['mf-manifest.json', 'remoteEntry.9f8e7d6c.js', 'remoteEntry.9f8e7d6c.js.map'])
      fs.writeFileSync(path.join(release, name), name);
    fs.writeFileSync(path.join(release, 'remoteEntry.9f8e7d6c.js.br'), 'brotli');

    const manifest = await fetch(`${remoteBase}/releases/1.5.0/mf-manifest.json`, { headers: { Origin: SHELL } });
    expect(manifest.status).toBe(200);
    expect(await manifest.text()).toBe('mf-manifest.json');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(manifest.headers.get('access-control-allow-origin')).toBe(SHELL);
    expect(manifest.headers.get('vary')).toMatch(/Origin/);
    expect(manifest.headers.get('x-content-type-options')).toBe('nosniff');
    const entry = await fetch(`${remoteBase}/releases/1.5.0/remoteEntry.9f8e7d6c.js`, { headers: { 'Accept-Encoding': 'br' } });
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(entry.headers.get('content-encoding')).toBe('br');
    for (const map of ['remoteEntry.9f8e7d6c.js.map', 'remoteEntry.9f8e7d6c.js%2Emap', 'remoteEntry.9f8e7d6c.js.map/'])
      expect((await fetch(`${remoteBase}/releases/1.5.0/${map}`)).status).toBe(404);

    fs.rmSync(release, { recursive: true });
    expect((await fetch(`${remoteBase}/releases/1.5.0/mf-manifest.json`)).status).toBe(404);
    expect((await fetch(`${remoteBase}/releases/1.5.0/remoteEntry.9f8e7d6c.js`)).status).toBe(404);
  });
});

test("a host's policy follows an edit of its config.json", async () => {
  const original = fs.readFileSync(path.join(dir, 'config.json'), 'utf8');
  try {
    fs.writeFileSync(
      path.join(dir, 'config.json'),
      JSON.stringify({ ...CONFIG, remotes: { mf_news: 'https://news.example.com/mf-manifest.json' } }),
    );
    const response = await fetch(`${base}/`);
    expect(directive(response, 'script-src')).toContain('https://news.example.com');
    expect(directive(response, 'script-src')).not.toContain('http://127.0.0.1:3004');
  } finally {
    fs.writeFileSync(path.join(dir, 'config.json'), original);
  }
});

test("a host's page may load both releases of a remote in canary, from wherever each is served", async () => {
  const original = fs.readFileSync(path.join(dir, 'config.json'), 'utf8');
  try {
    const canary = {
      stable: 'https://news.example.com/releases/1.4.0/mf-manifest.json',
      canary: 'https://canary.example.com/releases/1.5.0/mf-manifest.json',
      percent: 10,
    };
    fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ ...CONFIG, remotes: { mf_news: canary } }));
    const response = await fetch(`${base}/`);
    for (const name of ['script-src', 'style-src', 'connect-src'])
      expect(directive(response, name)).toEqual(expect.arrayContaining(['https://news.example.com', 'https://canary.example.com']));
  } finally {
    fs.writeFileSync(path.join(dir, 'config.json'), original);
  }
});
