import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_ENDPOINTS, adminPath, type ReleasesView } from '@instalment/contract/api';
import type { S3Settings } from '../../../src/settings/config';
import type { HostConfig } from '../../../src/services/releases/config-store';
import { S3Storage } from '../../../src/storage/s3';
import { withFakes } from '../../fakes';
import { startServer, type TestServer } from '../../helpers';
import { operatorsOf } from '../../operators';
import { releaseMachine, type ReleaseMachine } from './fixture';

/**
 * Hosts served from the bucket (STORAGE=s3): their config objects, named by HOST_CONFIG_KEYS, are
 * what the release service reads and writes, both alike and their other fields kept.
 */
const loopback = withFakes(['s3']);
let settings: S3Settings;
let bucket: S3Storage;
let machine: ReleaseMachine;
let server: TestServer;
const KEYS = ['shell/config.json', 'ops/config.json'];
beforeAll(async () => {
  settings = await loopback.s3.bucket();
  bucket = new S3Storage(settings);
  machine = await releaseMachine();
  // The machine's files, put in the bucket as a deployment puts its hosts there.
  const [config] = machine.configs;
  for (const key of KEYS) await bucket.put(key, fs.readFileSync(config), 'application/json');
  await bucket.put('shell/mf-manifest.json', fs.readFileSync(path.join(path.dirname(config), 'mf-manifest.json')), 'application/json');
  server = await startServer({ storage: 's3', s3: settings, hostConfigKeys: KEYS, releaseFiles: machine.options.releaseFiles });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await bucket.close();
  await machine.close();
});

const objects = async () => Promise.all(KEYS.map(async (key) => JSON.parse((await bucket.read(key))!.toString('utf8')) as HostConfig));

test('a canary and its rollback are written to both config objects in the bucket, not to any file', async () => {
  const files = machine.read();
  machine.publish('1.5.0');
  const manager = await operatorsOf(() => server).loggedIn(['release']);
  const view = await manager.data<ReleasesView>('POST', adminPath(ADMIN_ENDPOINTS.releaseAction, { remote: 'mf_news' }), {
    action: 'release',
    release: '1.5.0',
    percent: 25,
  });
  expect(view.remotes.find((remote) => remote.remote === 'mf_news')!.canary).toMatchObject({ release: '1.5.0', percent: 25 });
  const [shell, ops] = await objects();
  expect(ops).toEqual(shell);
  expect(shell).toEqual({
    ...files[0],
    remotes: { ...files[0].remotes, mf_news: { stable: machine.urlOf('1.4.0'), canary: machine.urlOf('1.5.0'), percent: 25 } },
  });
  await manager.data('POST', adminPath(ADMIN_ENDPOINTS.releaseAction, { remote: 'mf_news' }), { action: 'rollback' });
  expect((await objects()).map((config) => config.remotes.mf_news)).toEqual([machine.urlOf('1.4.0'), machine.urlOf('1.4.0')]);
  expect(machine.read()).toEqual(files);
});
