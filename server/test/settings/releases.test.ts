import { CANARY_ABORT } from '@instalment/contract/api';
import { loadConfig, productionProblems } from '../../src/settings/config';

/** The release settings as a deployment writes them, and the sentence that names a wrong one. */
test('HOST_CONFIGS and RELEASE_FILES are read as the paths they list; the abort waits for 200 views and 5 releases are kept unless set', () => {
  const config = loadConfig({
    HOST_CONFIGS: '/srv/shell/dist/config.json, /srv/ops/dist/config.json',
    RELEASE_FILES: '{"mf_news": "/srv/mf-news/dist", "mf_loan": "/srv/mf-loan/dist"}',
  });
  expect(config.hostConfigs).toEqual(['/srv/shell/dist/config.json', '/srv/ops/dist/config.json']);
  expect(config.releaseFiles).toEqual({ mf_news: '/srv/mf-news/dist', mf_loan: '/srv/mf-loan/dist' });
  expect([config.releaseAbortMinViews, config.releaseKeep]).toEqual([CANARY_ABORT.minViews, 5]);
  expect(loadConfig({ RELEASE_ABORT_MIN_VIEWS: '20', RELEASE_KEEP: '2' })).toMatchObject({ releaseAbortMinViews: 20, releaseKeep: 2 });
  expect(loadConfig({})).toMatchObject({ hostConfigs: [], hostConfigKeys: [], releaseFiles: {} });
});

test('a relative path, a RELEASE_FILES that is not an object of absolute folders, or bucket keys without the bucket are refused by name', () => {
  expect(() => loadConfig({ HOST_CONFIGS: 'shell/dist/config.json' })).toThrow(
    'HOST_CONFIGS must list absolute paths, not "shell/dist/config.json".',
  );
  for (const value of ['/srv/mf-news/dist', '["/srv"]', '{"mf_news": "mf-news/dist"}', '{"mf-news!": "/srv"}'])
    expect(() => loadConfig({ RELEASE_FILES: value })).toThrow(
      /^RELEASE_FILES must be a JSON object of remotes' names and absolute folders/,
    );
  expect(() => loadConfig({ HOST_CONFIG_KEYS: '/shell/config.json' })).toThrow('HOST_CONFIG_KEYS must list keys of the bucket');
  expect(productionProblems(loadConfig({ HOST_CONFIG_KEYS: 'shell/config.json' }))).toEqual([
    'HOST_CONFIG_KEYS needs STORAGE=s3: they name objects of the bucket.',
  ]);
  expect(() => loadConfig({ RELEASE_ABORT_MIN_VIEWS: '0' })).toThrow('RELEASE_ABORT_MIN_VIEWS must be a whole number from 1 to 1000000');
});
