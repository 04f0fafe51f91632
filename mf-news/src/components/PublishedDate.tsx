import { useLocale } from '@instalment/host-sdk/host';

/**
 * One formatter per language for the whole list: building an Intl.DateTimeFormat is costly
 * (the first one loads the locale's data), and a page of news shows a date on every item.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(locale: string): Intl.DateTimeFormat {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    formatters.set(locale, formatter);
  }
  return formatter;
}

/** The publication date in the reader's language, e.g. "Mar 5, 2026" or "2026年3月5日". */
export function PublishedDate({ iso, className }: { iso: string; className?: string }) {
  const locale = useLocale();
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time className={className} dateTime={iso}>
      {formatterFor(locale).format(date)}
    </time>
  );
}
