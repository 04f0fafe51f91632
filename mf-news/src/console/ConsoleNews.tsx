import { useLocale, useT } from '@instalment/host-sdk/host';
import {
  Acts,
  ListControls,
  LoadedTable,
  consoleMessages,
  consoleScreen,
  useConsoleApi,
  useListView,
  type ConsolePageProps,
} from '@instalment/ui/console';
import { Button, useLoad } from '@instalment/ui/kit';
import { ArticleForm } from './ArticleForm';
import { consoleNewsMessages } from './messages';
import { TakeDown } from './TakeDown';

/**
 * The editor: drafts in Chinese, English or both with a cover, publishing, and taking down after
 * a confirmation; every article a page at a time. The app shows an article only while published.
 */
function ConsoleNews({ query, operator }: ConsolePageProps) {
  const { news } = useConsoleApi();
  const t = useT(consoleNewsMessages);
  const common = useT(consoleMessages);
  const { view, change } = useListView<never>('/news', query, []);
  const { page, limit } = view;
  // The titles come in the editor's language: read again when it changes.
  const locale = useLocale();
  const loaded = useLoad(() => news.list({ page, limit }), [news, page, limit, locale]);
  return (
    <>
      <Acts>
        <ArticleForm onDrafted={loaded.reload} />
      </Acts>
      <ListControls query={query} view={view} change={change} total={loaded.data?.total} zone={operator.business_timezone} days={false} />
      <LoadedTable
        loaded={loaded}
        caption={t('articles')}
        empty={t('noArticles')}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        columns={[
          { header: '#', cell: (row) => row.id, shape: 'code' },
          // In the editor's language, else the one it is written in.
          { header: t('title'), cell: (row) => <span lang={row.language}>{row.title}</span> },
          { header: t('languages'), cell: (row) => row.languages.map((language) => t(language)).join(' · ') },
          { header: common('status'), cell: (row) => t(row.status) },
          {
            header: common('actions'),
            shape: 'actions',
            cell: (row) => (
              <Acts>
                {row.status === 'published' ? (
                  <TakeDown id={row.id} title={row.title} run={() => news.unpublish(row.id).then(loaded.reload)} />
                ) : (
                  <Button size="small" variant="primary" onClick={() => void news.publish(row.id).then(loaded.reload, () => undefined)}>
                    {t('publish', { id: row.id })}
                  </Button>
                )}
              </Acts>
            ),
          },
        ]}
      />
    </>
  );
}

export default consoleScreen(ConsoleNews);
