import { publishedMetaData } from '@instalment/federation/loader';
import { CONSOLE_PAGES_METADATA, readConsolePages, type ConsolePage } from '@instalment/federation/console-pages';
import type { OperatorInfo } from '@instalment/ui/console';
import type { ContainerName } from '@instalment/federation/pages';
import { mayOpen } from './may-open';
import { HOST_PAGES, type HostPage } from './pages/pages';

/** A screen of the console: one of the host's own, or one a remote publishes. */
export type ConsoleScreen = (HostPage & { remote: null }) | (ConsolePage & { remote: ContainerName });

/** The operator screens a remote's current deployment publishes; fails while its manifest cannot be read. */
export async function consolePagesOf(remote: ContainerName): Promise<ConsolePage[]> {
  return readConsolePages(await publishedMetaData(remote, CONSOLE_PAGES_METADATA));
}

/**
 * Every screen of the console: the host's own, then each remote's in the order config.json names
 * them. A path is its first owner's: a remote cannot take a host's screen or another remote's.
 */
export function consoleScreens(published: ReadonlyArray<readonly [ContainerName, readonly ConsolePage[]]>): ConsoleScreen[] {
  const screens: ConsoleScreen[] = HOST_PAGES.map((page) => ({ ...page, remote: null }));
  for (const [remote, pages] of published) {
    for (const page of pages) if (!screens.some((screen) => screen.path === page.path)) screens.push({ ...page, remote });
  }
  return screens;
}

/** The console's navigation for this operator: the screens their roles open. */
export const navigationOf = (screens: readonly ConsoleScreen[], operator: OperatorInfo): ConsoleScreen[] =>
  screens.filter((screen) => mayOpen(screen, operator));
