import type { NewsItem } from '@instalment/contract/api';
import type { Locale } from '@instalment/contract/i18n';
import type { PagedSnapshot } from '@instalment/ui/kit';

/**
 * Where the reader was in the news list, kept for as long as this tab keeps the app: going back
 * from an article shows the same loaded items at the same scroll position, not page 1 again.
 */
export interface ListMemory extends PagedSnapshot<NewsItem> {
  scrollY: number;
  /** The language its items are in: a reader who switched is shown the list anew in theirs. */
  locale: Locale;
}

let remembered: ListMemory | null = null;

export const listMemory = {
  read: (locale: Locale): ListMemory | null => (remembered?.locale === locale ? remembered : null),
  write: (memory: ListMemory): void => {
    remembered = memory;
  },
  forget: (): void => {
    remembered = null;
  },
};
