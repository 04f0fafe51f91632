/** The languages the app speaks: English (the spec's words) and Simplified Chinese. */
export type Locale = 'en' | 'zh-CN';
export const LOCALES: readonly Locale[] = ['en', 'zh-CN'];
export const DEFAULT_LOCALE: Locale = 'en';
/** Where the chosen language is remembered (localStorage). */
export const LOCALE_STORAGE_KEY = 'locale';

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

/**
 * The language to speak: the one remembered, else the first supported one of the browser's list.
 * Self-contained on purpose: the shell's index.html runs this very source (passing the last two
 * arguments) to draw its first paint in that language before any bundle has arrived.
 */
export function chooseLocale(
  saved: string | null | undefined,
  languages: readonly string[],
  locales: readonly Locale[] = LOCALES,
  fallback: Locale = DEFAULT_LOCALE,
): Locale {
  if (locales.indexOf(saved as Locale) >= 0) return saved as Locale;
  for (const lang of languages) {
    if (/^zh(-(CN|Hans|SG))?/i.test(lang) || lang.toLowerCase() === 'zh') return 'zh-CN';
    if (/^en/i.test(lang)) return 'en';
  }
  return fallback;
}

/** Picks the first supported language of the browser's list. */
export function detectLocale(languages: readonly string[]): Locale {
  return chooseLocale(null, languages);
}
