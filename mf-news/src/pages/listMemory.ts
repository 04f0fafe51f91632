import type { NewsItem } from '@instalment/contract/api';
import type { PagedSnapshot } from '@instalment/ui/kit';

/**
 * Where the reader was in the news list, kept for as long as this tab keeps the app: going back
 * from an article shows the same loaded items at the same scroll position, not page 1 again.
 */
export interface ListMemory extends PagedSnapshot<NewsItem> {
  scrollY: number;
}

let remembered: ListMemory | null = null;

export const listMemory = {
  read: (): ListMemory | null => remembered,
  write: (memory: ListMemory): void => {
    remembered = memory;
  },
  forget: (): void => {
    remembered = null;
  },
};
