import { LOCALES, titleMessages, type Locale, type TitleKey } from '@instalment/contract/i18n';
import { ROUTES, type PageDef } from '@instalment/federation/pages';
import type { Shape } from '../app/PageSkeleton';

/**
 * The frames a first paint can open with besides home's: one per layout the page table uses
 * (tab bar, own navigation bar, pull-down area), each drawn once per language at build time
 * from one route that has it; a route picks its frame, its shape and its title from `ROWS`.
 */
const pages = ROUTES.filter((route) => route.page !== 'home');
const layoutOf = (route: PageDef) => [route.tab ?? '', route.customNav ? 'nav' : '', route.pullDownRefresh ? 'pull' : ''].join('|');
const layouts = [...new Set(pages.map(layoutOf))];

/** A path no table has: the app draws it as a page a remote may still publish (Frame's 'pending'). */
export const UNKNOWN_PATH = '/first-paint/unknown';

/** The paths drawn as frames, by index: one route of each layout, then the unknown path's. */
export const FRAME_PATHS: readonly string[] = [
  ...layouts.map((layout) => pages.find((route) => layoutOf(route) === layout)!.path),
  UNKNOWN_PATH,
];

export const SHAPES: readonly Shape[] = ['list', 'form', 'detail', 'generic'];

/** Route → [frame index, skeleton shape, title key]. */
export const ROWS: Record<string, [number, Shape, TitleKey]> = Object.fromEntries(
  pages.map((route) => [route.path, [layouts.indexOf(layoutOf(route)), route.skeleton ?? 'generic', route.title]]),
);

/** The titles the rows name, in every language. */
export const TITLES = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.fromEntries(pages.map((route) => [route.title, titleMessages[locale][route.title]]))]),
) as Record<Locale, Partial<Record<TitleKey, string>>>;
