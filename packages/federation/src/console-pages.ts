import { ADMIN_PERMISSIONS, type AdminPermission } from '@instalment/contract/api';
import { LOCALES, type Locale } from '@instalment/contract/i18n';

/**
 * An operator screen as its remote publishes it (DESIGN §3): each team writes its screens in its
 * own `src/console/pages.ts` (`CONSOLE_PAGES`); its build exposes them and publishes the list in its
 * manifest, and the ops host builds its navigation and routes from the manifests it reads at
 * start, so a new screen needs no ops release. Titles travel in both languages because the host's
 * catalogue does not know a screen it was not built with.
 */
export interface ConsolePage {
  path: string;
  /** The remote's exposed module, drawn by its `src/console/<Module>.tsx`, e.g. './ConsoleApplications'. */
  module: string;
  titles: Record<Locale, string>;
  /** Who sees it in the navigation (the server decides what they may do). */
  permission: AdminPermission;
}

/** Where a remote's manifest carries its operator screens: `metaData.opsPages`. */
export const CONSOLE_PAGES_METADATA = 'opsPages';

const isConsolePage = (page: unknown): page is ConsolePage => {
  if (typeof page !== 'object' || page === null) return false;
  const { path, module, titles, permission } = page as Record<string, unknown>;
  return (
    typeof path === 'string' &&
    path.startsWith('/') &&
    typeof module === 'string' &&
    /^\.\/\w+$/.test(module) &&
    typeof titles === 'object' &&
    titles !== null &&
    LOCALES.every((locale) => typeof (titles as Record<string, unknown>)[locale] === 'string') &&
    typeof permission === 'string' &&
    Object.hasOwn(ADMIN_PERMISSIONS, permission)
  );
};

/** Checks what a manifest says a remote publishes for the console; anything malformed is left out, never trusted. */
export function readConsolePages(value: unknown): ConsolePage[] {
  return Array.isArray(value) ? value.filter(isConsolePage) : [];
}

/**
 * What a remote's build exposes and publishes for the console, from its team's table. A row the
 * host would leave out fails the build instead of vanishing from the console.
 */
export function consolePublicationOf(pages: readonly ConsolePage[]): { exposes: Record<string, string>; published: ConsolePage[] } {
  const malformed = pages.find((page) => !isConsolePage(page));
  if (malformed) throw new Error(`operator screen ${JSON.stringify(malformed)} is malformed`);
  return {
    exposes: Object.fromEntries(pages.map((page) => [page.module, `./src/console/${page.module.slice(2)}.tsx`])),
    published: pages.map(({ path, module, titles, permission }) => ({ path, module, titles, permission })),
  };
}
