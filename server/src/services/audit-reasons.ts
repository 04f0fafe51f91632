import type { Locale } from '@instalment/contract/i18n';
import { validationMessages } from '@instalment/contract/validation';
import { serverMessages } from '../i18n/server';

/** A sentence of a catalogue as a pattern: its words literally, each `{name}` any text. */
interface Sentence {
  pattern: RegExp;
  names: string[];
  /** How much of it is words: of two sentences that read the same, the more specific wins. */
  words: number;
  say: (locale: Locale, params: Record<string, string>) => string;
}

const PLACEHOLDER = /\{(\w+)\}/g;

function sentencesOf<K extends string>(catalogue: { en: Record<K, string>; 'zh-CN': Partial<Record<K, string>> }): Sentence[] {
  return (Object.entries(catalogue.en) as Array<[K, string]>).flatMap(([key, template]) => {
    const words = template.replace(PLACEHOLDER, '').length;
    // A column code or a bare placeholder would claim any short text: only sentences are matched.
    if (key.startsWith('csv') || !template.includes(' ') || words < 8) return [];
    const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);
    const source = template
      .split(PLACEHOLDER)
      .map((part, index) => (index % 2 === 1 ? '([\\s\\S]+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    return [
      {
        pattern: new RegExp(`^${source}$`),
        names,
        words,
        say: (locale: Locale, params: Record<string, string>) =>
          (catalogue[locale][key] ?? template).replace(PLACEHOLDER, (whole, name: string) => params[name] ?? whole),
      },
    ];
  });
}

let sentences: Sentence[] | undefined;

/**
 * A refusal's reason as the audit filed it, in the reader's language. The audit keeps what was
 * said in English, as the server said it (a row is never rewritten); a reason that is one of the
 * server's sentences (`i18n/server.ts`, the shared validation messages) is said again in the
 * reader's language with the same values, a value that is itself a sentence translated too; any
 * other text (a checker's own words) reads as it was written.
 */
export function reasonIn(reason: string, locale: Locale): string {
  if (locale === 'en') return reason;
  sentences ??= [...sentencesOf(serverMessages), ...sentencesOf(validationMessages)];
  let found: { sentence: Sentence; values: string[] } | null = null;
  for (const sentence of sentences) {
    const match = sentence.pattern.exec(reason);
    if (match && (!found || sentence.words > found.sentence.words)) found = { sentence, values: match.slice(1) };
  }
  if (!found) return reason;
  const { sentence, values } = found;
  return sentence.say(locale, Object.fromEntries(sentence.names.map((name, index) => [name, reasonIn(values[index], locale)])));
}
