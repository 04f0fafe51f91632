import { act, screen } from '@testing-library/react';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteRelease } from '@instalment/federation/loader';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  preloadRemote: jest.fn(),
  registerPlugins: jest.fn(),
  registerRemotes: jest.fn(),
}));
// The console itself is ConsoleApp.test's: here only which remotes it is given.
jest.mock('./ConsoleApp', () => ({ ConsoleApp: ({ remotes }: { remotes: string[] }) => <p>console with {remotes.join(' ')}</p> }));

const STABLE = 'http://127.0.0.1:3004/releases/1.4.0/mf-manifest.json';
const CANARY = 'http://127.0.0.1:3004/releases/1.5.0/mf-manifest.json';

test('the console starts from a config.json naming a remote in its canary form, loading the release this device draws', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  const config = {
    apiBaseURL: 'http://127.0.0.1:3100',
    remotes: {
      mf_account: 'http://127.0.0.1:3001/mf-manifest.json',
      mf_loan: 'http://127.0.0.1:3002/mf-manifest.json',
      mf_payment: 'http://127.0.0.1:3003/mf-manifest.json',
      mf_news: { stable: STABLE, canary: CANARY, percent: 100 },
    },
  };
  window.fetch = jest.fn(async () => ({ ok: true, status: 200, json: async () => config }) as unknown as Response);
  await act(async () => {
    jest.requireActual('./start');
  });
  expect(await screen.findByText('console with mf_account mf_loan mf_payment mf_news')).toBeInTheDocument();
  expect(jest.mocked(registerRemotes).mock.calls[0][0]).toContainEqual({ name: 'mf_news', entry: CANARY });
  expect(remoteRelease('mf_news')).toMatchObject({ release: '1.5.0', side: 'canary' });
});
