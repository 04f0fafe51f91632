import { LOCALES, titleMessages, type Locale } from '@instalment/contract/i18n';
import { findPage, ROUTES, type ContainerName, type OpeningCall, type PageDef, type TabKey } from './pages';

/**
 * A page as its remote publishes it with each deployment (DESIGN §3): the remote's manifest
 * carries the list (`metaData.pages`), and the shell merges it with its own table when it reads
 * config.json, so a remote that adds a page ships it without a shell release. Titles travel in
 * both languages because the shell's catalogue does not know a page it was not built with.
 */
export interface PublishedPage {
  path: string;
  /** The remote's exposed module that draws it, e.g. './NewsList'. */
  module: string;
  titles: Record<Locale, string>;
  tab?: TabKey;
  customNav?: boolean;
  pullDownRefresh?: boolean;
  needsLogin?: boolean;
  /** The GETs the page opens with: the shell starts them as a finger touches the page's tab. */
  opensWith?: readonly OpeningCall[];
}

/** A page a remote adds beside SPEC §2's rows, as its team writes it in the remote's `src/extra-pages.ts`. */
export type ExtraPage = PublishedPage;

/** A route as the shell serves it: a table row, with its titles when the row came from a remote. */
export type Route = PageDef & { titles?: Record<Locale, string> };

const titlesOf = (key: PageDef['title']): Record<Locale, string> =>
  Object.fromEntries(LOCALES.map((locale) => [locale, titleMessages[locale][key]])) as Record<Locale, string>;

/** What `remote` publishes: its rows of SPEC §2 (from `PAGES`, their one owner) and the pages it adds. */
export function publishedPagesOf(remote: ContainerName, extras: readonly ExtraPage[] = []): PublishedPage[] {
  const rows = ROUTES.flatMap((route): PublishedPage[] =>
    route.page !== 'home' && route.page.remote === remote
      ? [
          {
            path: route.path,
            module: route.page.module,
            titles: titlesOf(route.title),
            ...('tab' in route ? { tab: route.tab } : {}),
            ...('customNav' in route ? { customNav: route.customNav } : {}),
            ...('pullDownRefresh' in route ? { pullDownRefresh: route.pullDownRefresh } : {}),
            ...('needsLogin' in route ? { needsLogin: route.needsLogin } : {}),
            ...('opensWith' in route ? { opensWith: route.opensWith } : {}),
          },
        ]
      : [],
  );
  const clash = extras.find((extra) => findPage(extra.path));
  if (clash) throw new Error(`${remote} adds ${clash.path}, which SPEC §2 already gives a page`);
  return [...rows, ...extras];
}

/** Checks what a manifest says it publishes; anything malformed is left out, never trusted. */
export function readPublishedPages(value: unknown): PublishedPage[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (page): page is PublishedPage =>
      typeof page === 'object' &&
      page !== null &&
      typeof page.path === 'string' &&
      page.path.startsWith('/') &&
      typeof page.module === 'string' &&
      page.module.startsWith('./') &&
      typeof page.titles === 'object' &&
      page.titles !== null &&
      LOCALES.every((locale) => typeof page.titles[locale] === 'string') &&
      (page.opensWith === undefined || (Array.isArray(page.opensWith) && page.opensWith.every(isOpeningCall))),
  );
}

const isStringList = (value: unknown) => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** A GET of the app's API by its path (never another origin), with plain parameters. */
function isOpeningCall(call: unknown): call is OpeningCall {
  if (typeof call !== 'object' || call === null) return false;
  const { endpoint, params, fromQuery, firstImage } = call as Record<string, unknown>;
  return (
    typeof endpoint === 'string' &&
    /^\/[^/]/.test(endpoint) &&
    (params === undefined ||
      (typeof params === 'object' &&
        params !== null &&
        Object.values(params).every((value) => typeof value === 'string' || typeof value === 'number'))) &&
    (fromQuery === undefined || isStringList(fromQuery)) &&
    (firstImage === undefined ||
      (typeof firstImage === 'object' &&
        firstImage !== null &&
        typeof (firstImage as Record<string, unknown>).list === 'string' &&
        typeof (firstImage as Record<string, unknown>).field === 'string'))
  );
}

/**
 * A published page as a route. The shell's own rows (home and the tabs' places) stay the
 * shell's: a remote cannot put its page at '/' or claim a tab it was not given by SPEC §2.
 */
export function routeOf(remote: ContainerName, page: PublishedPage): Route {
  const row = ROUTES.find((route) => route.path === page.path);
  return {
    path: page.path,
    title: row?.title ?? 'home',
    titles: page.titles,
    page: { remote, module: page.module },
    ...(row && 'tab' in row ? { tab: row.tab } : {}),
    // The shape index.html's first paint drew for this path, so React draws the same.
    ...(row?.skeleton ? { skeleton: row.skeleton } : {}),
    ...(page.customNav ? { customNav: true } : {}),
    ...(page.pullDownRefresh ? { pullDownRefresh: true } : {}),
    ...(page.needsLogin ? { needsLogin: true } : {}),
    ...(page.opensWith ? { opensWith: page.opensWith } : {}),
  };
}
