import { ADMIN_ENDPOINTS, adminPath, ENDPOINTS, type ReleasesView, type TelemetryBatch } from '@instalment/contract/api';
import { startServer, type TestServer } from '../../helpers';
import { operatorsOf } from '../../operators';
import { request } from '../../system/security/traffic';
import { releaseMachine, type ReleaseMachine } from './fixture';

/**
 * The automatic abort, end to end: browsers report mf-news's views and errors (POST
 * /api/telemetry); once a canary has 200 views and fails more than twice as often as its stable,
 * and by at least 1 point, the API rolls it back itself, in both hosts' configs, filed under
 * `system` in the history and the audit with its figures, once.
 */
let machine: ReleaseMachine;
let server: TestServer;
beforeEach(async () => {
  machine = await releaseMachine();
  machine.publish('1.5.0');
  server = await startServer({ ...machine.options, limits: { telemetryBatchesPerAddress: 10_000 } });
  const manager = await operatorsOf(() => server).loggedIn(['release']);
  await manager.data('POST', adminPath(ADMIN_ENDPOINTS.releaseAction, { remote: 'mf_news' }), {
    action: 'release',
    release: '1.5.0',
    percent: 50,
  });
});
afterEach(async () => {
  await server.close();
  await machine.close();
});

/** What browsers report of `release`: `views` page views and `errors` render errors, in beacons as the shell sends them. */
async function report(release: string, views: number, errors: number) {
  const side = release === '1.5.0' ? 'canary' : 'stable';
  for (let sent = 0; sent < Math.max(views, errors); sent += 20) {
    const batch: TelemetryBatch = {
      views: Array.from({ length: Math.max(0, Math.min(20, views - sent)) }, () => ({
        remote: 'mf_news',
        release,
        route: '/pages/news',
        side,
      })),
      errors: Array.from({ length: Math.max(0, Math.min(20, errors - sent)) }, () => ({
        remote: 'mf_news',
        release,
        route: '/pages/news',
        kind: 'render' as const,
        message: 'TypeError: items is undefined',
        frames: [],
      })),
    };
    const answer = await request(server.baseURL, 'POST', ENDPOINTS.telemetry, batch);
    expect(answer.status).toBe(204);
  }
}

const canaryLive = () => machine.read().every((config) => typeof config.remotes.mf_news === 'object');

test('a canary failing ten times as often as its stable runs until its 200th view, then the API rolls it back and says why', async () => {
  await report('1.4.0', 400, 4);
  await report('1.5.0', 199, 20);
  expect(canaryLive()).toBe(true);
  // The screen's last hour, stable first: the canary's rate is there before the rule may judge it.
  const auditor = await operatorsOf(() => server).loggedIn(['auditor']);
  const before = await auditor.data<ReleasesView>('GET', ADMIN_ENDPOINTS.releases);
  expect(
    before.remotes
      .find((remote) => remote.remote === 'mf_news')!
      .figures.map(({ release, views, errors, errors_per_1000 }) => ({ release, views, errors, errors_per_1000 })),
  ).toEqual([
    { release: '1.4.0', views: 400, errors: 4, errors_per_1000: 10 },
    { release: '1.5.0', views: 199, errors: 20, errors_per_1000: (20 * 1000) / 199 },
  ]);

  await report('1.5.0', 1, 0);
  expect(machine.read().map((config) => config.remotes.mf_news)).toEqual([machine.urlOf('1.4.0'), machine.urlOf('1.4.0')]);
  const reason = 'canary 100.0 errors per 1,000 views over 200 views; stable 10.0';
  const view = await auditor.data<ReleasesView>('GET', ADMIN_ENDPOINTS.releases);
  expect(view.remotes.find((remote) => remote.remote === 'mf_news')!.history[0]).toMatchObject({
    action: 'abort',
    from: { stable: machine.urlOf('1.4.0'), canary: machine.urlOf('1.5.0'), percent: 50 },
    to: machine.urlOf('1.4.0'),
    by: 'system',
    reason,
  });
  // Stopped, the canary is still read for the hour: its team reads its rate and its errors.
  expect(
    view.remotes.find((remote) => remote.remote === 'mf_news')!.figures.map(({ release, views, errors }) => ({ release, views, errors })),
  ).toEqual([
    { release: '1.4.0', views: 400, errors: 4 },
    { release: '1.5.0', views: 200, errors: 20 },
  ]);
  const answer = await request(server.baseURL, 'GET', ADMIN_ENDPOINTS.releases, undefined, {
    authorization: `Bearer ${auditor.token}`,
    'accept-language': 'zh-CN',
  });
  expect((answer.body.data as ReleasesView).remotes.find((remote) => remote.remote === 'mf_news')!.history[0].reason).toBe(
    '灰度版本每 1,000 次浏览 100.0 个错误（共 200 次浏览）；稳定版本 10.0',
  );
  const audit = await server.app.services.audit.list({ target: 'release:mf_news', limit: 10, offset: 0 });
  expect(audit[0]).toMatchObject({ username: 'system', action: 'release.abort', outcome: 'done', reason });

  // More reports of the aborted canary change nothing more.
  await report('1.5.0', 20, 20);
  expect(audit.length).toBe((await server.app.services.audit.list({ target: 'release:mf_news', limit: 10, offset: 0 })).length);
});

test('reports arriving together abort the canary once', async () => {
  await report('1.4.0', 200, 0);
  await report('1.5.0', 180, 60);
  await Promise.all(Array.from({ length: 4 }, () => report('1.5.0', 20, 0)));
  expect(canaryLive()).toBe(false);
  const aborts = (await server.app.services.audit.list({ target: 'release:mf_news', limit: 10, offset: 0 })).filter(
    (row) => row.action === 'release.abort',
  );
  expect(aborts).toHaveLength(1);
});

test('a canary at twice its stable’s rate, or less than 1 point worse, goes on', async () => {
  // Stable at 1 %: a canary at 2 % is at the factor, not past it.
  await report('1.4.0', 400, 4);
  await report('1.5.0', 200, 4);
  expect(canaryLive()).toBe(true);
  // 2.5 % now (5 in 200), past the factor and 1.5 points worse: stopped.
  await report('1.5.0', 0, 1);
  expect(canaryLive()).toBe(false);
});

test('a canary with one error in 200 views over a stable without any goes on: 0.5 % is under the floor', async () => {
  await report('1.4.0', 200, 0);
  await report('1.5.0', 200, 1);
  expect(canaryLive()).toBe(true);
});
