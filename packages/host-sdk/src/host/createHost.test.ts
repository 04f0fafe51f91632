import { createHost } from '@instalment/host-sdk/host';

function host(languages: string[]) {
  const ui = { toast: jest.fn(), showLoading: jest.fn(), hideLoading: jest.fn(), confirm: jest.fn(async () => true) };
  return createHost({
    apiBaseURL: 'http://api.test',
    storage: window.localStorage,
    languages,
    ui,
    navigate: jest.fn(),
    back: jest.fn(),
    requireLogin: jest.fn(),
    finishLogin: jest.fn(),
    routeUrl: jest.fn(),
  });
}

beforeEach(() => {
  window.localStorage.clear();
  document.documentElement.removeAttribute('lang');
});

test("the page's language follows the chosen one, so a screen reader reads it in the right voice", () => {
  const app = host(['zh-CN', 'en']);
  expect(document.documentElement.lang).toBe('zh-CN');
  app.locale.set('en');
  expect(document.documentElement.lang).toBe('en');
});
