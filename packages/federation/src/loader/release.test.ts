import type * as Runtime from '@module-federation/enhanced/runtime';
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type * as Assignment from './assignment';
import type * as Release from './release';
import type { RemoteEvent } from './release';
import type * as Remotes from './remotes';

/**
 * The federation runtime as far as the loader meets it: remotes registered by name (`force`
 * re-points one), and a load that reads the remote's manifest through the host's plugin (the
 * loader's retried fetch) and runs its entry, a failure going through the plugin's error hook.
 */
jest.mock('@module-federation/enhanced/runtime', () => {
  const plugins: ModuleFederationRuntimePlugin[] = [];
  const entries = new Map<string, string>();
  const run = async (id: string) => {
    const plugin = plugins[0];
    try {
      const answer = await plugin.fetch!(entries.get(id.split('/')[0])!, {});
      const manifest = JSON.parse(await (answer as Response).text()) as { release: string; entryFails?: boolean };
      if (manifest.entryFails) throw new Error('Loading script failed: remoteEntry.js');
      return { default: `${id} of ${manifest.release}` };
    } catch (error) {
      return (plugin.errorLoadRemote as (args: { id: string; error: unknown }) => Promise<never>)({ id, error });
    }
  };
  return {
    registerPlugins: jest.fn((list: ModuleFederationRuntimePlugin[]) => plugins.push(...list)),
    registerRemotes: jest.fn((list: Array<{ name: string; entry: string }>, options?: { force?: boolean }) => {
      for (const { name, entry } of list) if (options?.force || !entries.has(name)) entries.set(name, entry);
    }),
    loadRemote: jest.fn(run),
    preloadRemote: jest.fn(async ([{ nameOrAlias }]: Array<{ nameOrAlias: string }>) => void (await run(`${nameOrAlias}/(preload)`))),
  };
});

/** The body of an answer, as the loader's plugin hands the manifest to the runtime. */
class Answer {
  constructor(
    private readonly body: string,
    readonly status = 200,
  ) {}
  get ok() {
    return this.status < 400;
  }
  async text() {
    return this.body;
  }
}

const NEWS = 'http://127.0.0.1:3004/releases';
const STABLE = `${NEWS}/1.4.0/mf-manifest.json`;
const CANARY = `${NEWS}/1.5.0/mf-manifest.json`;
const LOAN = 'http://127.0.0.1:3002/mf-manifest.json';

/** What each manifest URL answers; any other answers 404. */
let published: Record<string, object>;
let fetched: string[];

/** The loader as a fresh page has it (a reload): its module state anew, the browser's storage kept. */
function startPage() {
  jest.resetModules();
  const loader = {
    ...jest.requireActual<typeof Remotes>('./remotes'),
    ...jest.requireActual<typeof Release>('./release'),
    ...jest.requireActual<typeof Assignment>('./assignment'),
  };
  const runtime = jest.requireMock<jest.Mocked<typeof Runtime>>('@module-federation/enhanced/runtime');
  const events: RemoteEvent[] = [];
  loader.onRemoteEvent((event) => events.push(event));
  return { loader, runtime, events };
}

const registeredUrls = (runtime: jest.Mocked<typeof Runtime>) =>
  runtime.registerRemotes.mock.calls.flatMap(([list]) => list.map((remote) => `${remote.name} ${'entry' in remote ? remote.entry : ''}`));

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  published = {
    [STABLE]: { release: '1.4.0', metaData: { pages: 'stable’s' } },
    [CANARY]: { release: '1.5.0', metaData: { pages: 'canary’s' } },
    [LOAN]: { release: 'unversioned' },
  };
  fetched = [];
  globalThis.Response = Answer as unknown as typeof Response;
  window.fetch = jest.fn(async (url: RequestInfo | URL) => {
    fetched.push(String(url));
    const body = published[String(url)];
    return (body ? new Answer(JSON.stringify(body)) : new Answer('Not Found', 404)) as unknown as Response;
  });
});

afterEach(() => jest.restoreAllMocks());

describe('the release each remote draws on this device', () => {
  test('a device on the canary’s side draws the canary, one on stable’s the stable, and each says which', async () => {
    let { loader, runtime } = startPage();
    loader.registerAppRemotes({ mf_news: { stable: STABLE, canary: CANARY, percent: 100 }, mf_loan: LOAN });
    expect(registeredUrls(runtime)).toEqual([`mf_news ${CANARY}`, `mf_loan ${LOAN}`]);
    await expect(loader.loadExposed('mf_news', './NewsList')).resolves.toEqual({ default: 'mf_news/NewsList of 1.5.0' });
    expect(loader.remoteRelease('mf_news')).toEqual({ release: '1.5.0', side: 'canary', fallback: false, url: CANARY });
    expect(loader.remoteRelease('mf_loan')).toEqual({ release: 'unversioned', side: 'stable', fallback: false, url: LOAN });
    expect(loader.remoteRelease('mf_help')).toBeUndefined();

    ({ loader, runtime } = startPage());
    loader.registerAppRemotes({ mf_news: { stable: STABLE, canary: CANARY, percent: 0 } });
    expect(registeredUrls(runtime)).toEqual([`mf_news ${STABLE}`]);
    expect(loader.remoteRelease('mf_news')).toEqual({ release: '1.4.0', side: 'stable', fallback: false, url: STABLE });
  });

  test('at 50 %, a device keeps its side across reloads, and the same device id decides it', () => {
    const sides = new Set<string>();
    for (let device = 0; device < 20; device += 1) {
      localStorage.clear();
      const { loader } = startPage();
      loader.registerAppRemotes({ mf_news: { stable: STABLE, canary: CANARY, percent: 50 } });
      const first = loader.remoteRelease('mf_news')!;
      expect(first.side).toBe(loader.sideOf(loader.deviceId(), 'mf_news', 50));
      const reloaded = startPage().loader;
      reloaded.registerAppRemotes({ mf_news: { stable: STABLE, canary: CANARY, percent: 50 } });
      expect(reloaded.remoteRelease('mf_news')).toEqual(first);
      sides.add(first.release);
    }
    expect([...sides].sort()).toEqual(['1.4.0', '1.5.0']);
  });
});

describe('a canary that fails to load on this device', () => {
  const config = { mf_news: { stable: STABLE, canary: CANARY, percent: 100 } };

  test('whose manifest answers 404 gives way to stable at once, with no failed load, and says so', async () => {
    const { loader, runtime, events } = startPage();
    delete published[CANARY];
    loader.registerAppRemotes(config);
    await expect(loader.loadExposed('mf_news', './NewsList')).resolves.toEqual({ default: 'mf_news/NewsList of 1.4.0' });
    // The canary's manifest was retried as any manifest is, then stable's read once.
    expect(fetched).toEqual([CANARY, CANARY, CANARY, STABLE]);
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'mf_news', entry: STABLE }], { force: true });
    expect(events).toEqual([{ type: 'fallback', remote: 'mf_news', from: '1.5.0', to: '1.4.0' }]);
    expect(loader.remoteRelease('mf_news')).toEqual({ release: '1.4.0', side: 'canary', fallback: true, url: STABLE });
  });

  test('stays on stable for the rest of the session, and tries a canary named later', async () => {
    delete published[CANARY];
    const first = startPage();
    first.loader.registerAppRemotes(config);
    await first.loader.loadExposed('mf_news', './NewsList');

    fetched = [];
    const { loader, runtime, events } = startPage();
    loader.registerAppRemotes(config);
    expect(registeredUrls(runtime)).toEqual([`mf_news ${STABLE}`]);
    expect(loader.remoteRelease('mf_news')).toEqual({ release: '1.4.0', side: 'canary', fallback: true, url: STABLE });
    await expect(loader.loadExposed('mf_news', './NewsList')).resolves.toEqual({ default: 'mf_news/NewsList of 1.4.0' });
    expect(fetched).toEqual([STABLE]);
    expect(events).toEqual([]);

    const next = `${NEWS}/1.6.0/mf-manifest.json`;
    published[next] = { release: '1.6.0' };
    const later = startPage();
    later.loader.registerAppRemotes({ mf_news: { stable: STABLE, canary: next, percent: 100 } });
    expect(later.loader.remoteRelease('mf_news')).toEqual({ release: '1.6.0', side: 'canary', fallback: false, url: next });
  });

  test('whose entry fails to run gives way to stable too', async () => {
    const { loader, events } = startPage();
    published[CANARY] = { release: '1.5.0', entryFails: true };
    loader.registerAppRemotes(config);
    await expect(loader.loadExposed('mf_news', './NewsList')).resolves.toEqual({ default: 'mf_news/NewsList of 1.4.0' });
    expect(events).toEqual([{ type: 'fallback', remote: 'mf_news', from: '1.5.0', to: '1.4.0' }]);
  });

  test('while only preloaded gives way at once: the page then loads from stable alone', async () => {
    const { loader, events } = startPage();
    delete published[CANARY];
    loader.registerAppRemotes(config);
    loader.preloadExposed('mf_news', './NewsList');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(events).toEqual([{ type: 'fallback', remote: 'mf_news', from: '1.5.0', to: '1.4.0' }]);
    fetched = [];
    await expect(loader.loadExposed('mf_news', './NewsList')).resolves.toEqual({ default: 'mf_news/NewsList of 1.4.0' });
    expect(fetched).toEqual([STABLE]);
  });

  test('while the host reads what it publishes gives way to stable, whose pages are read', async () => {
    const { loader, events } = startPage();
    delete published[CANARY];
    loader.registerAppRemotes(config);
    await expect(loader.publishedMetaData('mf_news', 'pages')).resolves.toBe('stable’s');
    expect(events).toEqual([{ type: 'fallback', remote: 'mf_news', from: '1.5.0', to: '1.4.0' }]);
  });
});

test('a stable release that fails twice is told as a failed load, and its error view follows', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { loader, events } = startPage();
  published[STABLE] = { release: '1.4.0', entryFails: true };
  loader.registerAppRemotes({ mf_news: { stable: STABLE, canary: CANARY, percent: 0 } });
  await expect(loader.loadExposed('mf_news', './NewsList')).rejects.toThrow('Loading script failed');
  expect(events).toEqual([{ type: 'load-failed', remote: 'mf_news', module: './NewsList', error: expect.any(Error) }]);
  expect(loader.remoteRelease('mf_news')).toMatchObject({ release: '1.4.0', fallback: false });
});

test('a listener that stops hearing hears nothing more; one that throws does not fail the load', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const { loader } = startPage();
  const heard: RemoteEvent[] = [];
  const stop = loader.onRemoteEvent((event) => heard.push(event));
  loader.onRemoteEvent(() => {
    throw new Error('a listener’s bug');
  });
  stop();
  delete published[CANARY];
  loader.registerAppRemotes({ mf_news: { stable: STABLE, canary: CANARY, percent: 100 } });
  await expect(loader.loadExposed('mf_news', './NewsList')).resolves.toEqual({ default: 'mf_news/NewsList of 1.4.0' });
  expect(heard).toEqual([]);
});

test('a file belongs to the remote whose drawn release’s folder holds it', () => {
  const { loader } = startPage();
  loader.registerAppRemotes({
    mf_news: { stable: STABLE, canary: CANARY, percent: 100 },
    mf_loan: LOAN,
    mf_help: '/help/mf-manifest.json',
  });
  expect(loader.remoteOfFile(`${NEWS}/1.5.0/__federation_expose_NewsList.1a2b3c4d.js`)).toBe('mf_news');
  // Stable's files are not what this device draws of mf_news.
  expect(loader.remoteOfFile(`${NEWS}/1.4.0/__federation_expose_NewsList.1a2b3c4d.js`)).toBeUndefined();
  expect(loader.remoteOfFile('http://127.0.0.1:3002/372.9f8e7d6c.js')).toBe('mf_loan');
  expect(loader.remoteOfFile(`${window.location.origin}/help/remoteEntry.js`)).toBe('mf_help');
  expect(loader.remoteOfFile(`${window.location.origin}/main.1a2b3c4d.js`)).toBeUndefined();
});
