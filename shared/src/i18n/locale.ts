/** The languages the app speaks: English (the spec's words) and Simplified Chinese. */
export type Locale = 'en' | 'zh-CN';
export const LOCALES: readonly Locale[] = ['en', 'zh-CN'];
export const DEFAULT_LOCALE: Locale = 'en';
const STORAGE_KEY = 'locale';

/** A catalogue: the same keys in every locale, so a missing translation fails the type check. */
export type Catalogue<K extends string> = Record<Locale, Record<K, string>>;

export function defineMessages<K extends string>(catalogue: Catalogue<K>): Catalogue<K> {
  return catalogue;
}

/** Fills `{name}` placeholders. */
export function fill(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

export type Translate<K extends string> = (key: K, params?: Record<string, string | number>) => string;

export function translator<K extends string>(catalogue: Catalogue<K>, locale: Locale): Translate<K> {
  return (key, params) => fill(catalogue[locale][key] ?? catalogue.en[key], params);
}

/** Picks the first supported language of the browser's list. */
export function detectLocale(languages: readonly string[]): Locale {
  for (const lang of languages) {
    if (/^zh(-(CN|Hans|SG))?/i.test(lang) || lang.toLowerCase() === 'zh') return 'zh-CN';
    if (/^en/i.test(lang)) return 'en';
  }
  return DEFAULT_LOCALE;
}

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
    const saved = storage?.getItem(STORAGE_KEY);
    this.current = LOCALES.includes(saved as Locale) ? (saved as Locale) : detectLocale(languages);
  }

  get locale(): Locale {
    return this.current;
  }

  set(locale: Locale): void {
    if (locale === this.current) return;
    this.current = locale;
    this.storage?.setItem(STORAGE_KEY, locale);
    this.listeners.forEach((listener) => listener());
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): Locale => this.current;
}
