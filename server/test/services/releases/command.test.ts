import { execFile } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ADMIN_ENDPOINTS, adminPath, type ReleasesView } from '@instalment/contract/api';
import { ReleaseRecords } from '../../../src/repositories/releases';
import { sharedDatabase, startServer, type TestDatabase, type TestServer } from '../../helpers';
import { operatorsOf } from '../../operators';
import { releaseMachine, type ReleaseMachine } from './fixture';

/**
 * A team's command (`npm run release -- …` runs it after publishing the files): the same service,
 * database and lock as the console's API beside it, the change filed under `cli:<user>`.
 */
let machine: ReleaseMachine;
let database: TestDatabase;
let server: TestServer;
beforeEach(async () => {
  machine = await releaseMachine();
  database = await sharedDatabase();
  server = await startServer({ ...machine.options, ...database.options });
});
afterEach(async () => {
  await server.close();
  await machine.close();
  await database.drop();
});

const SERVER_ROOT = path.resolve(__dirname, '..', '..', '..');

/** `node dist/release.js …`, from its source, on the API's database and files, as user `team-news` in a terminal in `LANG`. */
async function releaseIn(lang: string, ...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const env = {
    PATH: process.env.PATH,
    USER: 'team-news',
    LANG: lang,
    ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : { DATABASE_FILE: database.options.databaseFile }),
    ...machine.env,
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli/release.ts', ...args], {
      cwd: SERVER_ROOT,
      env,
    });
    return { code: 0, out: stdout, err: stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, out: failed.stdout, err: failed.stderr };
  }
}
const release = (...args: string[]) => releaseIn('en_US.UTF-8', ...args);

test('a canary by package name, its promotion and a rollback from the command line: both configs, the console’s history and audit', async () => {
  machine.publish('1.5.0');
  const canary = await release('mf-news', '1.5.0', '--canary', '10');
  expect(canary).toMatchObject({ code: 0, err: '' });
  expect(canary.out.split('\n')[0]).toBe(
    'release:mf_news: 1.4.0 → ' + JSON.stringify({ stable: machine.urlOf('1.4.0'), canary: machine.urlOf('1.5.0'), percent: 10 }),
  );
  expect(machine.read().map((config) => config.remotes.mf_news)).toEqual(
    Array(2).fill({ stable: machine.urlOf('1.4.0'), canary: machine.urlOf('1.5.0'), percent: 10 }),
  );
  expect((await release('promote', 'mf_news')).out.split('\n')[0]).toMatch(/→ 1\.5\.0$/);

  const rollback = await release('rollback', 'mf-news');
  expect(rollback.out.split('\n')[0]).toBe('release:mf_news: 1.5.0 → 1.4.0');
  expect(machine.read().map((config) => config.remotes.mf_news)).toEqual([machine.urlOf('1.4.0'), machine.urlOf('1.4.0')]);

  const manager = await operatorsOf(() => server).loggedIn(['release']);
  const news = (await manager.data<ReleasesView>('GET', ADMIN_ENDPOINTS.releases)).remotes.find((remote) => remote.remote === 'mf_news')!;
  expect(news.history.map(({ action, by }) => [action, by])).toEqual([
    ['rollback', 'cli:team-news'],
    ['promote', 'cli:team-news'],
    ['canary', 'cli:team-news'],
  ]);
  const audit = await server.app.services.audit.list({ target: 'release:mf_news', limit: 10, offset: 0 });
  expect(audit.map(({ username, address }) => [username, address])).toEqual(Array(3).fill(['cli:team-news', os.hostname()]));
}, 60_000);

test('the command and the console changing the same remote at once are made one after the other, each from what the other left', async () => {
  machine.publish('1.5.0');
  machine.publish('1.6.0');
  const manager = await operatorsOf(() => server).loggedIn(['release']);
  const [command] = await Promise.all([
    release('mf-news', '1.5.0', '--canary', '30'),
    manager.data('POST', adminPath(ADMIN_ENDPOINTS.releaseAction, { remote: 'mf_news' }), {
      action: 'release',
      release: '1.6.0',
      percent: 20,
    }),
  ]);
  expect(command.code).toBe(0);
  const history = await new ReleaseRecords(server.app.store).of('mf_news');
  expect(history).toHaveLength(2);
  // The later change starts from the earlier one's entry, and the configs hold the later one's.
  expect(history[0].from).toEqual(history[1].to);
  expect(machine.read().map((config) => config.remotes.mf_news)).toEqual([history[0].to, history[0].to]);
}, 60_000);

test('status prints each remote’s releases as a table; a refusal is one sentence and exit code 1, in the terminal’s language', async () => {
  const status = await release('status');
  expect(status.code).toBe(0);
  const lines = status.out.trimEnd().split('\n');
  expect(lines[0].split(/\s{2,}/)).toEqual(['remote', 'stable', 'since', 'canary', 'since', 'published']);
  expect(lines.slice(1).map((line) => line.split(/\s{2,}/))).toEqual([
    ['mf_account', 'unversioned', '—', '—', '—', '—'],
    ['mf_news', '1.4.0', '—', '—', '—', '1.4.0'],
  ]);

  const refused = await release('rollback', 'mf-news');
  expect(refused).toMatchObject({ code: 1, out: '', err: 'No release of mf_news came before 1.4.0: there is nothing to roll back to.\n' });
  expect((await releaseIn('zh_CN.UTF-8', 'rollback', 'mf-news')).err).toBe('mf_news 在 1.4.0 之前没有发布，无可回滚。\n');
  expect(await release('mf-news')).toMatchObject({ code: 2 });
}, 60_000);
