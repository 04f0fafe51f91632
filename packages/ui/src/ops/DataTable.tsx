import type { ReactNode } from 'react';
import type { ApprovalAsked } from '@instalment/contract/api';
import { useHost, useT } from '@instalment/host-sdk/host';
import { Button, Loadable, type Loaded } from '@instalment/ui/kit';
import type { ListSorting } from './ListControls';
import { opsMessages } from './messages';
import styles from './ops.module.css';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** The list's sort column behind it: its header then sorts the list (with the table's `sorting`). */
  sort?: string;
}

/** A captioned table of staff data (a screen reader names it by its caption). */
export interface DataTableProps<T> {
  caption: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string | number;
  /** What an empty table says is missing: "No change is waiting for a second operator.", never a bare "Nothing here." */
  empty: string;
  /** The list's sorting, for the columns that name a `sort`. */
  sorting?: ListSorting<string>;
}

/** A column's header: a button that sorts the list by it where it can, saying which way it is sorted now. */
function Header<T>({ column, sorting }: { column: Column<T>; sorting?: ListSorting<string> }) {
  const { sort } = column;
  if (!sort || !sorting) return <th scope="col">{column.header}</th>;
  const active = sorting.sort === sort;
  const ascending = sorting.order === 'asc';
  return (
    <th scope="col" aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}>
      <button type="button" className={styles.sortHeader} onClick={() => sorting.by(sort)}>
        {column.header}
        <span aria-hidden="true">{active ? (ascending ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}

export function DataTable<T>({ caption, rows, columns, rowKey, empty, sorting }: DataTableProps<T>) {
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <Header key={column.header} column={column} sorting={sorting} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {columns.map((column) => (
                <td key={column.header}>{column.cell(row)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A staff table over its load: "Loading…" until the answer, the error with a retry if it fails,
 * then the table; never the empty table's words for a list that has not arrived.
 */
export function LoadedTable<D, T>({
  loaded,
  rows,
  ...table
}: { loaded: Loaded<D>; rows: (data: NonNullable<D>) => T[] } & Omit<DataTableProps<T>, 'rows'>) {
  return <Loadable loaded={loaded}>{(data) => <DataTable {...table} rows={rows(data)} />}</Loadable>;
}

/** Whether the server's answer says the change now waits for a second operator (four eyes). */
function isAsked(answer: unknown): answer is ApprovalAsked {
  return typeof answer === 'object' && answer !== null && 'approval_id' in answer;
}

/**
 * A one-field decision (a reason, a bank reference) with its button: the server's refusal is
 * shown beside it and the text stays, so nothing typed is lost. `run` answers what the server
 * answered: a change that waits for a second operator says so, anything else is "Done."
 */
export function NoteAction({ label, action, run }: { label: string; action: string; run: (note: string) => Promise<unknown> }) {
  const { ui } = useHost();
  const t = useT(opsMessages);
  return (
    <form
      className={styles.inline}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const note = new FormData(form).get('note');
        run(String(note ?? '')).then(
          (answer) => {
            form.reset();
            if (isAsked(answer)) ui.toast(t('awaitingSecond', { id: answer.approval_id }), 'info');
            else ui.toast(t('done'), 'success');
          },
          () => undefined,
        );
      }}
    >
      <label className={styles.inlineLabel}>
        <span>{label}</span>
        <input name="note" className={styles.inlineInput} />
      </label>
      <Button type="submit" size="small">
        {action}
      </Button>
    </form>
  );
}
