import { chooseLocale, LOCALE_STORAGE_KEY, type Locale } from '@instalment/contract/i18n';

type Listener = () => void;

/**
 * The chosen language: detected from the browser, switchable, remembered. A plain
 * subscribable value so that any component can follow it through useSyncExternalStore.
 */
export class LocaleStore {
  private current: Locale;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = null,
    languages: readonly string[] = [],
  ) {
    this.current = chooseLocale(storage?.getItem(LOCALE_STORAGE_KEY), languages);
  }

  get locale(): Locale {
    return this.current;
  }

  set(locale: Locale): void {
    if (locale === this.current) return;
    this.current = locale;
    this.storage?.setItem(LOCALE_STORAGE_KEY, locale);
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Locale => this.current;
}
