import { useEffect, useRef, useSyncExternalStore } from 'react';
import { type Catalogue, type Translate, translator, type Locale } from '@instalment/contract/i18n';
import { type RefreshHandler, useHost } from './host';

/** The page's pull-down-refresh handler (pages whose route has pull-down refresh on). */
export function usePullDownRefresh(handler: RefreshHandler): void {
  const host = useHost();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => host.onPullDownRefresh(() => latest.current()), [host]);
}

/** Called when the user taps the tab of the page they are on. */
export function useTabTap(handler: () => void): void {
  const host = useHost();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => host.onTabTap(() => latest.current()), [host]);
}

export function useLocale(): Locale {
  const { locale } = useHost();
  return useSyncExternalStore(locale.subscribe, locale.getSnapshot, locale.getSnapshot);
}

/** A translator for a catalogue in the chosen language; re-renders when the language changes. */
export function useT<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  return translator(catalogue, useLocale());
}
