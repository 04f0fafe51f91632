import { commonMessages, DEFAULT_LOCALE, LOCALE_STORAGE_KEY, titleMessages } from '@instalment/contract/i18n';
import { PAGES, ROUTES } from '@instalment/federation/pages';
import { firstPaint, firstPaintBody } from './render';

const BODY = firstPaintBody();

/** Opens index.html's body on `route` as a browser does: the markup parsed, then the chooser run. */
function open(route: string, { locale = DEFAULT_LOCALE, signIn = false } = {}) {
  window.location.hash = route;
  localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  window.__instalmentEarlySignIn = signIn;
  document.body.innerHTML = BODY;
  const chooser = document.body.querySelector('script')!;
  new Function(chooser.textContent!)();
  return document.getElementById('root')!;
}

/** Markup as the browser holds it once parsed, so two ways of writing the same element compare equal. */
const parsed = (html: string) => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  return holder.innerHTML;
};

afterEach(() => {
  localStorage.clear();
  delete window.__instalmentEarlySignIn;
});

test('every route of the page table opens on the frame and skeleton React first draws for it, in either language', () => {
  for (const locale of ['en', 'zh-CN'] as const)
    for (const route of ROUTES.filter((row) => row.page !== 'home')) {
      const root = open(route.path, { locale });
      expect([route.path, root.innerHTML]).toEqual([route.path, parsed(firstPaint(locale, route.path))]);
      if (!route.customNav) expect(root.querySelector('h1')?.textContent).toBe(titleMessages[locale][route.title]);
      expect(root.querySelector('[data-skeleton]')?.getAttribute('data-skeleton')).toBe(route.skeleton ?? 'generic');
      expect(root.querySelector('nav') !== null).toBe(Boolean(route.tab));
      expect(document.documentElement.lang).toBe(locale);
    }
});

test("a route that needs a session the device lacks opens on the login page's paint", () => {
  const root = open(PAGES.apply.path, { signIn: true });
  expect(root.innerHTML).toBe(parsed(firstPaint(DEFAULT_LOCALE, PAGES.login.path)));
  expect(root.querySelector('h1')).toBeNull();
});

test('a path the build does not know gets the generic frame a published page is first drawn with', () => {
  const root = open('/pages/archive/list');
  expect(root.innerHTML).toBe(parsed(firstPaint(DEFAULT_LOCALE, '/pages/archive/list')));
  expect(root.querySelector('h1')?.textContent).toBe(commonMessages.en.appName);
  expect(root.querySelector('[data-skeleton]')?.getAttribute('data-skeleton')).toBe('generic');
});

test('home keeps its own paint, in the reader’s language', () => {
  expect(open('/').innerHTML).toBe(parsed(firstPaint('en')));
  expect(open('/', { locale: 'zh-CN' }).innerHTML).toBe(parsed(firstPaint('zh-CN')));
});

test('skeletons are hidden from assistive technology', () => {
  for (const skeleton of open(PAGES.newsList.path).querySelectorAll('[data-skeleton]'))
    expect(skeleton.getAttribute('aria-hidden')).toBe('true');
});
