import type { Federation } from '@module-federation/webpack-bundler-runtime';
import {
  BUNDLER_RUNTIME_GLOBAL,
  BUNDLER_RUNTIME_VERSION,
  provideBundlerRuntime,
  providedBundlerRuntime,
  sameRelease,
  type ProvidedBundlerRuntime,
} from './bundlerRuntime';

const initContainerEntry = jest.fn();
const hostFederation = {
  runtime: { init: jest.fn(), getRemoteEntry: jest.fn() },
  attachShareScopeMap: jest.fn(),
  instance: { name: 'shell' },
  initOptions: { name: 'shell' },
  // What a host's build keeps: no exposes, so no initContainerEntry of its own.
  bundlerRuntime: { init: jest.fn(), consumes: jest.fn(), I: jest.fn(), S: { default: {} }, installInitialConsumes: jest.fn() },
};
jest.mock('@module-federation/webpack-bundler-runtime', () => ({ __esModule: true, default: hostFederation }));
jest.mock('@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js', () => ({ initContainerEntry }), { virtual: true });

/** A remote entry's `federation`, as its entry module imports it: each entry runs the module anew. */
const remoteFederation = () => {
  let federation: Federation | undefined;
  let remoteInit: unknown;
  jest.isolateModules(() => {
    federation = (jest.requireActual('./hostBundlerRuntime') as { default: Federation }).default;
    remoteInit = (jest.requireActual('@module-federation/enhanced/runtime') as { init: unknown }).init;
  });
  return Object.assign(federation as Federation, { remoteInit });
};

const provideFromHost = () =>
  jest.isolateModules(() => (jest.requireActual('./provideBundlerRuntime') as { default: () => { name: string } }).default());

afterEach(() => {
  delete (globalThis as Record<string, unknown>)[BUNDLER_RUNTIME_GLOBAL];
});

describe('the bundler runtime a host provides to its remotes', () => {
  it('is the host’s own functions, with the container entry’s init its build leaves out', () => {
    provideFromHost();
    const provided = providedBundlerRuntime() as ProvidedBundlerRuntime;
    expect(provided.runtime).toBe(hostFederation.runtime);
    expect(provided.attachShareScopeMap).toBe(hostFederation.attachShareScopeMap);
    expect(provided.bundlerRuntime.consumes).toBe(hostFederation.bundlerRuntime.consumes);
    expect(provided.bundlerRuntime.initContainerEntry).toBe(initContainerEntry);
    expect(provided.version).toBe(BUNDLER_RUNTIME_VERSION);
    // The host's own federation keeps what it was built with.
    expect(hostFederation.bundlerRuntime).not.toHaveProperty('initContainerEntry');
  });

  it('gives each remote entry a federation of its own: the host’s functions, none of its state', () => {
    provideFromHost();
    const loan = remoteFederation();
    const news = remoteFederation();
    expect(loan).not.toBe(news);
    expect(loan.bundlerRuntime).not.toBe(news.bundlerRuntime);
    expect(loan.bundlerRuntime?.S).toEqual({});
    expect(loan.bundlerRuntime?.S).not.toBe(news.bundlerRuntime?.S);
    expect(loan.bundlerRuntime?.consumes).toBe(hostFederation.bundlerRuntime.consumes);
    expect(loan.bundlerRuntime?.initContainerEntry).toBe(initContainerEntry);
    expect(loan.runtime?.getRemoteEntry).toBe(hostFederation.runtime.getRemoteEntry);
    // Its instance is found by its own build's identifier, never the host's.
    expect(loan.runtime?.init).toBe(loan.remoteInit);
    expect(loan.runtime?.init).not.toBe(hostFederation.runtime.init);
    // The entry fills these in for its own container, so the host's never reach it.
    expect(loan.instance).toBeUndefined();
    expect(loan.initOptions).toBeUndefined();
  });

  it('fails a remote entry loaded by a host that provides none', () => {
    expect(remoteFederation).toThrow('the host provides no bundler runtime');
  });

  it('fails a remote entry built with another minor release than the host provides, naming both', () => {
    provideFromHost();
    const [major, minor] = BUNDLER_RUNTIME_VERSION.split('.').map(Number);
    const next = `${major}.${minor + 1}.0`;
    provideBundlerRuntime({ ...(providedBundlerRuntime() as ProvidedBundlerRuntime), version: next });
    expect(remoteFederation).toThrow(`the host provides bundler runtime ${next}, this remote was built with ${BUNDLER_RUNTIME_VERSION}`);
  });

  it('takes the host’s copy within a minor release, never across one', () => {
    expect(sameRelease('2.9.2', '2.9.7')).toBe(true);
    expect(sameRelease('2.9.2', '2.10.0')).toBe(false);
    expect(sameRelease('3.9.2', '2.9.2')).toBe(false);
  });
});
