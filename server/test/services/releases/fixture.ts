import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { releaseUrl } from '@instalment/contract/api';
import type { AppOptions } from '../../../src/app';
import type { HostConfig } from '../../../src/services/releases/config-store';

/** What a remote's published build says of itself: its container's name and the host SDK it was built against. */
interface Built {
  name?: string;
  /** The range of `@instalment/host-sdk/*` it requires. */
  sdk?: string;
}

/**
 * A release day's machine in a temporary folder: the shell's and the console's config.json (with
 * fields of their own beside the remotes) and the shell's manifest, mf-news's builds under
 * `dist/releases/<name>/` served by a static server on loopback, as the remote's origin serves them.
 */
export interface ReleaseMachine {
  /** HOST_CONFIGS and RELEASE_FILES as the server is given them. */
  options: Pick<AppOptions, 'hostConfigs' | 'releaseFiles'>;
  /** The same, as environment variables (a command's). */
  env: Record<string, string>;
  configs: readonly string[];
  /** mf-news's dist folder. */
  dist: string;
  /** The manifest URL of mf-news's release `name`. */
  urlOf(name: string): string;
  /** Publishes a build of mf-news as release `name` (newer than every one before). */
  publish(name: string, built?: Built): void;
  /** Each host's config.json as it is now. */
  read(): HostConfig[];
  close(): Promise<void>;
}

let published = 0;

export async function releaseMachine(): Promise<ReleaseMachine> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-releases-'));
  const dist = path.join(root, 'mf-news', 'dist');
  fs.mkdirSync(dist, { recursive: true });
  const files = http.createServer((request, response) => {
    const file = path.join(dist, path.normalize(decodeURIComponent(request.url!.split('?')[0])));
    fs.readFile(file, (error, data) => {
      response.writeHead(error ? 404 : 200, { 'content-type': 'application/json' });
      response.end(error ? '{}' : data);
    });
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const urlOf = (name: string) => releaseUrl(`${origin}/mf-manifest.json`, name);

  const shared = (range: string) =>
    ['host', 'http', 'locale', 'session'].map((module) => ({
      name: `@instalment/host-sdk/${module}`,
      version: '1.0.0',
      requiredVersion: range,
    }));
  const configs = ['shell', 'ops'].map((host) => path.join(root, host, 'dist', 'config.json'));
  for (const file of configs) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const config = {
      apiBaseURL: 'http://127.0.0.1:3100',
      telemetrySample: 0.5,
      remotes: { mf_account: 'http://127.0.0.1:3101/mf-manifest.json', mf_news: urlOf('1.4.0') },
    };
    fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  }
  fs.writeFileSync(path.join(root, 'shell', 'dist', 'mf-manifest.json'), JSON.stringify({ name: 'shell', shared: shared('^1.0.0') }));

  const publish = (name: string, built: Built = {}) => {
    const folder = path.join(dist, 'releases', name);
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'mf-manifest.json'),
      JSON.stringify({ name: built.name ?? 'mf_news', shared: shared(built.sdk ?? '^1.0.0') }),
    );
    // Published one after another, a second apart: the newest is the one published last.
    published += 1;
    const at = new Date(Date.UTC(2026, 0, 1) + published * 1000);
    fs.utimesSync(folder, at, at);
  };
  publish('1.4.0');

  const releaseFiles = { mf_news: dist };
  return {
    options: { hostConfigs: configs, releaseFiles },
    env: { HOST_CONFIGS: configs.join(','), RELEASE_FILES: JSON.stringify(releaseFiles) },
    configs,
    dist,
    urlOf,
    publish,
    read: () => configs.map((file) => JSON.parse(fs.readFileSync(file, 'utf8')) as HostConfig),
    close: async () => {
      await new Promise<void>((resolve) => files.close(() => resolve()));
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
