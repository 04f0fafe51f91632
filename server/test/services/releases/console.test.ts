import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_ENDPOINTS, adminPath, type ReleaseAction, type ReleasesView, type RemoteReleases } from '@instalment/contract/api';
import { startServer, type TestServer } from '../../helpers';
import { operatorsOf, type LoggedInOperator } from '../../operators';
import { request } from '../../system/security/traffic';
import { releaseMachine, type ReleaseMachine } from './fixture';

/**
 * A team's release day in the console: a release at a share of devices, its promotion, rollbacks,
 * each written alike to both hosts' config.json (their other fields kept) with a history row and
 * an audit row; the releases refused before anything is written; who may act and who may read.
 */
let machine: ReleaseMachine;
let server: TestServer;
beforeEach(async () => {
  machine = await releaseMachine();
  server = await startServer({ ...machine.options, releaseKeep: 3 });
});
afterEach(async () => {
  await server.close();
  await machine.close();
});
const { loggedIn } = operatorsOf(() => server);

const act = (operator: LoggedInOperator, action: ReleaseAction, remote = 'mf_news', locale = 'en') =>
  request(server.baseURL, 'POST', adminPath(ADMIN_ENDPOINTS.releaseAction, { remote }), action, {
    authorization: `Bearer ${operator.token}`,
    'accept-language': locale,
  });

/** mf-news as the Releases screen shows it. */
const newsOf = (view: ReleasesView): RemoteReleases => view.remotes.find((remote) => remote.remote === 'mf_news')!;

/** What each host's config names for mf-news; both hosts must name the same. */
function entry() {
  const [shell, ops] = machine.read();
  expect(ops).toEqual(shell);
  // The host's own fields and the other remotes stay as they were.
  expect(shell).toMatchObject({
    apiBaseURL: 'http://127.0.0.1:3100',
    telemetrySample: 0.5,
    remotes: { mf_account: 'http://127.0.0.1:3101/mf-manifest.json' },
  });
  return shell.remotes.mf_news;
}

test('a canary at 10 %, promoted, then rolled back: both hosts load each step, the history and the audit say who did what', async () => {
  const manager = await loggedIn(['release']);
  machine.publish('1.5.0');

  const canary = await act(manager, { action: 'release', release: '1.5.0', percent: 10 });
  expect(canary.body.code).toBe(1);
  expect(entry()).toEqual({ stable: machine.urlOf('1.4.0'), canary: machine.urlOf('1.5.0'), percent: 10 });
  const during = newsOf(canary.body.data as ReleasesView);
  expect(during.stable).toMatchObject({ release: '1.4.0', url: machine.urlOf('1.4.0') });
  expect(during.canary).toMatchObject({ release: '1.5.0', percent: 10, since: new Date(server.clock.now).toISOString() });
  expect(during.published).toEqual(['1.5.0', '1.4.0']);

  server.clock.advance(60_000);
  expect((await act(manager, { action: 'promote' })).body.code).toBe(1);
  expect(entry()).toBe(machine.urlOf('1.5.0'));

  server.clock.advance(60_000);
  const back = await act(manager, { action: 'rollback' });
  expect(back.body.code).toBe(1);
  expect(entry()).toBe(machine.urlOf('1.4.0'));

  const view = newsOf((await manager.data<ReleasesView>('GET', ADMIN_ENDPOINTS.releases)) as ReleasesView);
  expect(view.canary).toBeNull();
  expect(view.stable).toMatchObject({ release: '1.4.0', since: new Date(server.clock.now).toISOString() });
  expect(view.history.map(({ action, from, to, by }) => ({ action, from, to, by }))).toEqual([
    { action: 'rollback', from: machine.urlOf('1.5.0'), to: machine.urlOf('1.4.0'), by: manager.username },
    {
      action: 'promote',
      from: { stable: machine.urlOf('1.4.0'), canary: machine.urlOf('1.5.0'), percent: 10 },
      to: machine.urlOf('1.5.0'),
      by: manager.username,
    },
    {
      action: 'canary',
      from: machine.urlOf('1.4.0'),
      to: { stable: machine.urlOf('1.4.0'), canary: machine.urlOf('1.5.0'), percent: 10 },
      by: manager.username,
    },
  ]);

  const audit = await server.app.services.audit.list({ target: 'release:mf_news', limit: 10, offset: 0 });
  expect(audit.map(({ username, action, outcome }) => ({ username, action, outcome }))).toEqual(
    Array(3).fill({ username: manager.username, action: 'release.change', outcome: 'done' }),
  );
  expect(audit[0]).toMatchObject({ before: { mf_news: machine.urlOf('1.5.0') }, after: { mf_news: machine.urlOf('1.4.0') } });
});

test('a rollback without a canary brings back the release before, then the one before it; with none left it is refused', async () => {
  const manager = await loggedIn(['release']);
  machine.publish('1.5.0');
  machine.publish('1.6.0');
  await act(manager, { action: 'release', release: '1.5.0' });
  await act(manager, { action: 'release', release: '1.6.0' });
  expect(entry()).toBe(machine.urlOf('1.6.0'));

  await act(manager, { action: 'rollback' });
  expect(entry()).toBe(machine.urlOf('1.5.0'));
  await act(manager, { action: 'rollback' });
  expect(entry()).toBe(machine.urlOf('1.4.0'));

  const refused = await act(manager, { action: 'rollback' });
  expect(refused.body).toMatchObject({ code: 0, msg: 'No release of mf_news came before 1.4.0: there is nothing to roll back to.' });
  expect((await act(manager, { action: 'rollback' }, 'mf_news', 'zh-CN')).body.msg).toBe('mf_news 在 1.4.0 之前没有发布，无可回滚。');
  expect(entry()).toBe(machine.urlOf('1.4.0'));
});

test('a rollback during a canary ends the canary: the stable alone stays', async () => {
  const manager = await loggedIn(['release']);
  machine.publish('1.5.0');
  await act(manager, { action: 'release', release: '1.5.0', percent: 50 });
  await act(manager, { action: 'rollback' });
  expect(entry()).toBe(machine.urlOf('1.4.0'));
  const refused = await act(manager, { action: 'promote' });
  expect(refused.body).toMatchObject({ code: 0, msg: 'No canary of mf_news is in progress: there is nothing to promote.' });
});

test('a release whose manifest does not answer, is another remote’s or needs another host SDK is refused, and nothing is written', async () => {
  const manager = await loggedIn(['release']);
  const before = machine.read();
  const missing = await act(manager, { action: 'release', release: '9.9.9' });
  expect(missing.body).toMatchObject({
    code: 0,
    msg: `Release 9.9.9 of mf_news does not answer at ${machine.urlOf('9.9.9')}. Publish it first.`,
  });
  machine.publish('2.0.0-loan', { name: 'mf_loan' });
  expect((await act(manager, { action: 'release', release: '2.0.0-loan' })).body.msg).toBe(
    `The manifest at ${machine.urlOf('2.0.0-loan')} is not the one of mf_news: it names mf_loan.`,
  );
  machine.publish('2.0.0', { sdk: '^2.0.0' });
  expect((await act(manager, { action: 'release', release: '2.0.0', percent: 5 })).body.msg).toBe(
    'Release 2.0.0 of mf_news needs host SDK 2.x, but the hosts run 1.x. Rebuild it against the hosts’ SDK.',
  );
  expect((await act(manager, { action: 'release', release: '2.0.0' }, 'mf_news', 'zh-CN')).body.msg).toBe(
    'mf_news 的发布 2.0.0 需要宿主 SDK 2.x，而宿主运行的是 1.x。请基于宿主的 SDK 重新构建。',
  );
  expect((await act(manager, { action: 'promote' }, 'mf_shop')).body.msg).toBe('The hosts load no remote named mf_shop.');
  expect(machine.read()).toEqual(before);
  expect(newsOf(await manager.data<ReleasesView>('GET', ADMIN_ENDPOINTS.releases)).history).toEqual([]);
  // Each refusal is on the audit, with its reason.
  const refused = await server.app.services.audit.list({ limit: 20, offset: 0 });
  expect(refused.filter((row) => row.action === 'release.change' && row.outcome === 'refused')).toHaveLength(5);
});

test('older published releases are pruned past RELEASE_KEEP, never one a host loads or the one a rollback brings back', async () => {
  const manager = await loggedIn(['release']);
  for (const name of ['1.5.0', '1.6.0', '1.7.0', '1.8.0', '1.9.0']) machine.publish(name);
  await act(manager, { action: 'release', release: '1.5.0' });
  // Kept: the three newest (1.9.0, 1.8.0, 1.7.0), the stable 1.5.0 and the 1.4.0 before it.
  expect(fs.readdirSync(path.join(machine.dist, 'releases')).sort()).toEqual(['1.4.0', '1.5.0', '1.7.0', '1.8.0', '1.9.0']);
  // Then 2.0.0 for all: 1.5.0 is the release before it now, 1.4.0 nobody's.
  machine.publish('2.0.0');
  await act(manager, { action: 'release', release: '2.0.0' });
  expect(newsOf(await manager.data<ReleasesView>('GET', ADMIN_ENDPOINTS.releases)).published).toEqual(['2.0.0', '1.9.0', '1.8.0', '1.5.0']);
});

test('the release role acts, the auditor reads, support and an editor are refused', async () => {
  const [auditor, support, editor, admin] = await Promise.all([
    loggedIn(['auditor']),
    loggedIn(['support']),
    loggedIn(['editor']),
    loggedIn(['admin']),
  ]);
  machine.publish('1.5.0');
  expect((await auditor.call('GET', ADMIN_ENDPOINTS.releases)).status).toBe(200);
  expect((await act(auditor, { action: 'release', release: '1.5.0' })).status).toBe(403);
  for (const operator of [support, editor]) {
    expect((await operator.call('GET', ADMIN_ENDPOINTS.releases)).status).toBe(403);
    expect((await act(operator, { action: 'release', release: '1.5.0' })).status).toBe(403);
  }
  expect(entry()).toBe(machine.urlOf('1.4.0'));
  expect((await act(admin, { action: 'release', release: '1.5.0' })).body.code).toBe(1);
  expect(entry()).toBe(machine.urlOf('1.5.0'));
});

test('an API without HOST_CONFIGS changes no release, and says why', async () => {
  const bare = await startServer();
  try {
    const manager = await operatorsOf(() => bare).loggedIn(['release']);
    expect(await manager.data('GET', ADMIN_ENDPOINTS.releases)).toEqual({ remotes: [] });
    const refused = await manager.call('POST', adminPath(ADMIN_ENDPOINTS.releaseAction, { remote: 'mf_news' }), { action: 'rollback' });
    expect(refused.body).toMatchObject({
      code: 0,
      msg: 'This API does not change releases: neither HOST_CONFIGS nor HOST_CONFIG_KEYS names a host config.',
    });
  } finally {
    await bare.close();
  }
});
