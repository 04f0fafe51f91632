import { useId, useState } from 'react';
import type { ArticleText, NewsDraft } from '@instalment/contract/api';
import type { Locale } from '@instalment/contract/i18n';
import { ApiError } from '@instalment/host-sdk/http';
import { useT } from '@instalment/host-sdk/host';
import { Button, Field, TextArea } from '@instalment/ui/kit';
import { useConsoleApi } from '@instalment/ui/console';
import { CoverField, type StoredCover } from './CoverField';
import { consoleNewsMessages } from './messages';
import styles from './ConsoleNews.module.css';

/** The languages an article is written in, as the form lays them out: Chinese first, as most borrowers read. */
const LANGUAGES: readonly Locale[] = ['zh-CN', 'en'];

/** One language's text from the form, by its fields' names (`<language>.title`…). */
function textOf(form: FormData, language: Locale): ArticleText {
  const field = (name: keyof ArticleText) => String(form.get(`${language}.${name}`) ?? '');
  return { title: field('title'), summary: field('summary'), content: field('content') };
}

/**
 * The editor's new article: its text in Chinese, English or both, the author and a cover. A refusal
 * is shown beside the button and everything typed stays; a saved draft clears the form.
 */
export function ArticleForm({ onDrafted }: { onDrafted: () => Promise<unknown> }) {
  const { news } = useConsoleApi();
  const t = useT(consoleNewsMessages);
  const ids = useId();
  const [cover, setCover] = useState<StoredCover | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  // A new form after each draft: its fields start empty again.
  const [round, setRound] = useState(0);
  return (
    <section aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{t('write')}</h2>
      <form
        key={round}
        aria-labelledby={`${ids}-heading`}
        aria-describedby={`${ids}-hint`}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const draft: NewsDraft = {
            'zh-CN': textOf(form, 'zh-CN'),
            en: textOf(form, 'en'),
            author: String(form.get('author') ?? ''),
            ...(cover ? { cover: cover.url } : {}),
          };
          setError(null);
          setSaved(null);
          setBusy(true);
          news
            .draft(draft, { toast: false })
            .then(
              async ({ id }) => {
                setSaved(id);
                setCover(null);
                setRound((count) => count + 1);
                await onDrafted();
              },
              (failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)),
            )
            .finally(() => setBusy(false));
        }}
      >
        <p id={`${ids}-hint`}>{t('writeHint')}</p>
        <div className={styles.languages}>
          {LANGUAGES.map((language) => (
            <fieldset key={language} className={styles.language}>
              <legend>{t(language)}</legend>
              <Field label={t('title')} name={`${language}.title`} lang={language} />
              <Field label={t('summary')} name={`${language}.summary`} lang={language} />
              <TextArea label={t('content')} name={`${language}.content`} lang={language} rows={5} />
            </fieldset>
          ))}
        </div>
        <Field label={t('author')} name="author" />
        <CoverField cover={cover} onCover={setCover} />
        {error && <p role="alert">{error}</p>}
        <Button type="submit" variant="primary" busy={busy}>
          {t('save')}
        </Button>
      </form>
      {saved !== null && <p role="status">{t('saved', { id: saved })}</p>}
    </section>
  );
}
