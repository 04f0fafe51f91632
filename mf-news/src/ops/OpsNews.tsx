import { useState } from 'react';
import { ADMIN_ENDPOINTS, adminPath, consoleNews } from '@instalment/contract/api';
import { ApiError } from '@instalment/host-sdk/http';
import { defineMessages } from '@instalment/contract/i18n';
import { useHost, useT } from '@instalment/host-sdk/host';
import { LoadedTable, opsMessages } from '@instalment/ui/ops';
import { Button, Field, useLoad } from '@instalment/ui/kit';

const messages = defineMessages({
  en: {
    write: 'New article',
    title: 'Title',
    summary: 'Summary',
    content: 'Text (HTML)',
    author: 'Author',
    save: 'Save as draft',
    articles: 'Articles',
    publish: 'Publish #{id}',
    unpublish: 'Take down #{id}',
    draft: 'draft',
    published: 'published',
    unpublished: 'taken down',
    noArticles: 'No article yet: write one above.',
  },
  'zh-CN': {
    write: '新文章',
    title: '标题',
    summary: '摘要',
    content: '正文（HTML）',
    author: '作者',
    save: '存为草稿',
    articles: '文章',
    publish: '发布 #{id}',
    unpublish: '下线 #{id}',
    draft: '草稿',
    published: '已发布',
    unpublished: '已下线',
    noArticles: '还没有文章：在上面写一篇。',
  },
});

/** The editor: drafts, publishing and taking down; the app shows an article only while published. */
export default function OpsNews() {
  const { http } = useHost();
  const t = useT(messages);
  const common = useT(opsMessages);
  const [error, setError] = useState<string | null>(null);
  const loaded = useLoad(() => consoleNews(http, { limit: 50 }), [http]);
  const setStatus = (path: string, id: number) => http.post(adminPath(path, { id })).then(loaded.reload, () => undefined);
  return (
    <>
      <form
        aria-label={t('write')}
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
          setError(null);
          http.post(ADMIN_ENDPOINTS.news, fields, { toast: false }).then(
            () => {
              form.reset();
              return loaded.reload();
            },
            (failure: unknown) => setError(failure instanceof ApiError ? failure.message : String(failure)),
          );
        }}
      >
        <h2>{t('write')}</h2>
        <Field label={t('title')} name="title" />
        <Field label={t('summary')} name="summary" />
        <Field label={t('content')} name="content" />
        <Field label={t('author')} name="author" />
        {error && <p role="alert">{error}</p>}
        <Button type="submit" variant="primary">
          {t('save')}
        </Button>
      </form>
      <LoadedTable
        loaded={loaded}
        caption={t('articles')}
        empty={t('noArticles')}
        rows={(data) => data.list}
        rowKey={(row) => row.id}
        columns={[
          { header: '#', cell: (row) => row.id },
          { header: t('title'), cell: (row) => row.title },
          { header: common('status'), cell: (row) => t(row.status) },
          {
            header: common('actions'),
            cell: (row) =>
              row.status === 'published' ? (
                <Button size="small" onClick={() => void setStatus(ADMIN_ENDPOINTS.unpublishNews, row.id)}>
                  {t('unpublish', { id: row.id })}
                </Button>
              ) : (
                <Button size="small" variant="primary" onClick={() => void setStatus(ADMIN_ENDPOINTS.publishNews, row.id)}>
                  {t('publish', { id: row.id })}
                </Button>
              ),
          },
        ]}
      />
    </>
  );
}
