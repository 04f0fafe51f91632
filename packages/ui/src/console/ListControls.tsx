import { useState, type ReactNode } from 'react';
import {
  CODE_UNAUTHORIZED,
  DEFAULT_CONSOLE_PAGE_SIZE,
  type Downloaded,
  type ExportKind,
  type ExportQueries,
} from '@instalment/contract/api';
import { inZone } from '@instalment/contract/format';
import { useHost, useT, type Query } from '@instalment/host-sdk/host';
import { ApiError } from '@instalment/host-sdk/http';
import { Button } from '@instalment/ui/kit';
import { useConsoleApi } from './console-api';
import { consoleMessages } from './messages';
import styles from './ops.module.css';

/** The page sizes an operator may choose; the largest is the server's CONSOLE_MAX_PAGE_SIZE. */
export const PAGE_SIZES = [25, 50, 100, 200] as const;

type Order = 'asc' | 'desc';

/** What a console list shows, read from its URL so that a link or a new tab opens the same view. */
export interface ListView<S extends string> {
  page: number;
  limit: number;
  sort?: S;
  order?: Order;
  from?: string;
  to?: string;
  q?: string;
}

/**
 * How a list is sorted, and the click on a column's header that sorts it by that column: largest
 * or newest first, then the other way round when it already is.
 */
export interface ListSorting<S extends string> {
  sort: S;
  order: Order;
  by(column: S): void;
}

function listViewOf<S extends string>(query: Query, sorts: readonly S[]): ListView<S> {
  const page = Number(query.page);
  const limit = Number(query.limit);
  return {
    page: Number.isInteger(page) && page > 1 ? page : 1,
    limit: (PAGE_SIZES as readonly number[]).includes(limit) ? limit : DEFAULT_CONSOLE_PAGE_SIZE,
    sort: sorts.find((sort) => sort === query.sort),
    order: query.order === 'asc' || query.order === 'desc' ? query.order : undefined,
    from: query.from || undefined,
    to: query.to || undefined,
    q: query.q || undefined,
  };
}

/** The list's URL after a change: any change but the page's own goes back to the first page. */
export function nextQuery(query: Query, change: Record<string, string | undefined>): Query {
  const next: Record<string, string | undefined> = { ...query, ...change };
  if (!('page' in change)) delete next.page;
  return Object.fromEntries(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])));
}

/**
 * A list's view from its URL, and the ways to change it (through the URL, so Back undoes it):
 * any change, and the sorting its table's headers offer (`sorts`: the columns the server sorts
 * by, the first being the list's own order).
 */
export function useListView<S extends string>(path: string, query: Query, sorts: readonly S[]) {
  const { navigate } = useHost();
  const view = listViewOf(query, sorts);
  const change = (change: Record<string, string | undefined>) => navigate(path, nextQuery(query, change));
  const sort = view.sort ?? sorts[0];
  const order = view.order ?? 'desc';
  const sorting: ListSorting<S> = {
    sort,
    order,
    by: (column) => change({ sort: column, order: column === sort && order === 'desc' ? 'asc' : 'desc' }),
  };
  return { view, change, sorting };
}

/** A text filter of one list beside the search and the days (the audit's operator and target). */
export interface ListField {
  name: string;
  label: string;
}

export interface ListControlsProps<S extends string> {
  query: Query;
  view: ListView<S>;
  change: (change: Record<string, string | undefined>) => void;
  /** The list's true total, unknown until it has loaded. */
  total: number | undefined;
  /** The business time zone the days are in. */
  zone: string;
  /** The search box's label, for a list the server searches. */
  search?: string;
  fields?: ListField[];
  /** Whether the list is filtered by days (the approvals are not). */
  days?: boolean;
  /** Beside the filters: the list's export. */
  children?: ReactNode;
}

/** The filters, page size and pager every console list shows, one owner for all of them (its table's headers sort it). */
export function ListControls<S extends string>({
  query,
  view,
  change,
  total,
  zone,
  search,
  fields = [],
  days = true,
  children,
}: ListControlsProps<S>) {
  const t = useT(consoleMessages);
  const pages = Math.max(1, Math.ceil((total ?? 0) / view.limit));
  const texts = [...(search ? [{ name: 'q', label: search }] : []), ...fields];
  return (
    <div className={styles.listControls}>
      <form
        // Typed filters are kept in the form until sent; a new URL (Back, a link) shows its own.
        key={JSON.stringify(query)}
        aria-label={t('filters')}
        className={styles.inline}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const value = (name: string) => String(form.get(name) ?? '').trim() || undefined;
          const names = [...(days ? ['from', 'to'] : []), ...texts.map((field) => field.name)];
          change(Object.fromEntries(names.map((name) => [name, value(name)])));
        }}
      >
        {texts.map((field) => (
          <label key={field.name} className={styles.inlineLabel}>
            <span>{field.label}</span>
            <input name={field.name} type="search" defaultValue={query[field.name] ?? ''} className={styles.inlineInput} />
          </label>
        ))}
        {days && (
          <>
            <label className={styles.inlineLabel}>
              <span>{inZone(t('fromDay'), zone)}</span>
              <input name="from" type="date" defaultValue={view.from ?? ''} className={styles.inlineInput} />
            </label>
            <label className={styles.inlineLabel}>
              <span>{inZone(t('toDay'), zone)}</span>
              <input name="to" type="date" defaultValue={view.to ?? ''} className={styles.inlineInput} />
            </label>
          </>
        )}
        {(days || texts.length > 0) && (
          <Button type="submit" size="small">
            {t('show')}
          </Button>
        )}
        {children}
      </form>
      <div className={styles.inline}>
        <label className={styles.inlineLabel}>
          <span>{t('pageSize')}</span>
          <select value={view.limit} onChange={(event) => change({ limit: event.currentTarget.value })} className={styles.inlineInput}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </label>
        <nav aria-label={t('pages')} className={styles.inline}>
          <Button size="small" disabled={view.page <= 1} onClick={() => change({ page: String(view.page - 1) })}>
            {t('previousPage')}
          </Button>
          <span aria-live="polite">
            {t('pageOf', { page: view.page, pages })}
            {total !== undefined && ` · ${t('total', { n: total })}`}
          </span>
          <Button size="small" disabled={view.page >= pages} onClick={() => change({ page: String(view.page + 1) })}>
            {t('nextPage')}
          </Button>
        </nav>
      </div>
    </div>
  );
}

/**
 * A list's CSV export with its filters. A link cannot send the operator's bearer token, so the
 * file is asked for through the console's client and saved from memory, under the name the
 * server gives it. An ended session is the client's to tell: it sends the operator to sign in.
 */
export function ExportButton<K extends ExportKind>({ kind, query }: { kind: K; query: ExportQueries[K] }) {
  const { ui } = useHost();
  const { reports } = useConsoleApi();
  const t = useT(consoleMessages);
  const [busy, setBusy] = useState(false);
  const save = ({ blob, filename }: Downloaded) => {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = filename ?? `${kind}.csv`;
    document.body.append(link);
    link.click();
    link.remove();
    // The browser reads the file after the click returns.
    setTimeout(() => URL.revokeObjectURL(url));
  };
  const refused = (failure: unknown) => {
    if (failure instanceof ApiError && failure.code === CODE_UNAUTHORIZED) return;
    ui.toast(t('exportFailed', { reason: failure instanceof Error ? failure.message : String(failure) }), 'error');
  };
  const download = () => reports.export(kind, query, { toast: false, loading: false }).then(save, refused);
  return (
    <Button
      size="small"
      busy={busy}
      onClick={() => {
        setBusy(true);
        void download().finally(() => setBusy(false));
      }}
    >
      {t('exportCsv')}
    </Button>
  );
}
