import { useMemo } from 'react';
import { useLocale } from '@instalment/shared/host';

/** The publication date in the reader's language, e.g. "Mar 5, 2026" or "2026年3月5日". */
export function PublishedDate({ iso, className }: { iso: string; className?: string }) {
  const locale = useLocale();
  const format = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale]);
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return (
    <time className={className} dateTime={iso}>
      {format.format(date)}
    </time>
  );
}
