import { BUNDLER_RUNTIME_VERSION } from '../runtime/bundlerRuntime';
import { builtWith, runnableManifestUrl, selfContainedUrl } from './selfContained';

const RELEASE = 'http://127.0.0.1:3102/releases/1.0.0-5e1f0c2a/mf-manifest.json';
const SELF = 'http://127.0.0.1:3102/releases/1.0.0-5e1f0c2a/self/mf-manifest.json';
const [major, minor] = BUNDLER_RUNTIME_VERSION.split('.').map(Number);

describe('the manifest a remote runs from on this host', () => {
  it('is its release’s own when built with the host’s minor release, whatever the patch', () => {
    expect(runnableManifestUrl(RELEASE, { bundlerRuntime: '2.9.7' }, '2.9.2')).toBe(RELEASE);
    expect(runnableManifestUrl(RELEASE, { bundlerRuntime: BUNDLER_RUNTIME_VERSION })).toBe(RELEASE);
  });

  it('is the self-contained build beside it when built with another minor release, older or newer', () => {
    expect(runnableManifestUrl(RELEASE, { bundlerRuntime: '2.10.0' }, '2.9.2')).toBe(SELF);
    expect(runnableManifestUrl(RELEASE, { bundlerRuntime: '2.8.2' }, '2.9.2')).toBe(SELF);
    expect(runnableManifestUrl(RELEASE, { bundlerRuntime: `${major}.${minor + 1}.0` })).toBe(SELF);
  });

  it('is its release’s own when its manifest names no release (a build from before the field)', () => {
    expect(runnableManifestUrl(RELEASE, { pages: [] }, '2.9.2')).toBe(RELEASE);
    expect(runnableManifestUrl(RELEASE, undefined, '2.9.2')).toBe(RELEASE);
    expect(runnableManifestUrl(RELEASE, { bundlerRuntime: 2.8 }, '2.9.2')).toBe(RELEASE);
    expect(builtWith({ bundlerRuntime: '2.8.2' })).toBe('2.8.2');
  });

  it('keeps the folder, the file and the query of the release’s manifest', () => {
    expect(selfContainedUrl(`${RELEASE}?deploy=2`)).toBe(`${SELF}?deploy=2`);
    expect(selfContainedUrl('/mf-news/mf-manifest.json')).toBe('/mf-news/self/mf-manifest.json');
    expect(selfContainedUrl('mf-manifest.json')).toBe('self/mf-manifest.json');
  });
});
