import { Fragment, useId, useState, type ReactNode } from 'react';
import type { ApprovalAsked, Money } from '@instalment/contract/api';
import { formatMoney } from '@instalment/contract/format';
import { useHost, useT } from '@instalment/host-sdk/host';
import { Button, Loadable, type Loaded } from '@instalment/ui/kit';
import { useMayAct } from './acts';
import type { ListSorting } from './ListControls';
import { consoleMessages } from './messages';
import styles from './ops.module.css';

/**
 * How a cell is laid out so the table fits a 1,280 px desk in either language: an amount on one
 * line at the right; a code (a number, an order or a time) on one line; the row's actions last,
 * never narrowed and kept in view. Text by default, wrapping between words and never narrower than
 * a few characters, so Chinese never stands one character a line.
 */
export type CellShape = 'text' | 'amount' | 'code' | 'actions';

interface ColumnBase {
  header: string;
  /** The list's sort column behind it: its header then sorts the list (with the table's `sorting`). */
  sort?: string;
  /** Read in the row's details, under the row once its disclosure button is pressed: what the decision needs less often. */
  detail?: boolean;
}

/**
 * A table's column: a cell drawn from the row, or an amount the table formats itself (the wire's
 * "74000.00" reads "¥74,000.00" in either language, on one line at the right).
 */
export type Column<T> = ColumnBase &
  ({ cell: (row: T) => ReactNode; shape?: Exclude<CellShape, 'amount'> } | { amount: (row: T) => Money | null });

const shapeOf = <T,>(column: Column<T>): CellShape => ('amount' in column ? 'amount' : (column.shape ?? 'text'));

function contentOf<T>(column: Column<T>, row: T): ReactNode {
  if (!('amount' in column)) return column.cell(row);
  const money = column.amount(row);
  return money === null ? '' : formatMoney(money);
}

/** Two facts in one cell, the second under the first and quieter: a name over its phone, an order over its payment. */
export function Stacked({ first, second }: { first: ReactNode; second: ReactNode }) {
  return (
    <>
      <span className={styles.first}>{first}</span>
      <span className={styles.second}>{second}</span>
    </>
  );
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
  /** The name of a row's details button ("Details of #12"); "Details of" the row's key by default. */
  detailLabel?: (row: T) => string;
}

/** A column's header: a button that sorts the list by it where it can, saying which way it is sorted now. */
function Header<T>({ column, sorting }: { column: Column<T>; sorting?: ListSorting<string> }) {
  const { sort } = column;
  const className = styles[shapeOf(column)];
  if (!sort || !sorting)
    return (
      <th scope="col" className={className}>
        {column.header}
      </th>
    );
  const active = sorting.sort === sort;
  const ascending = sorting.order === 'asc';
  return (
    <th scope="col" className={className} aria-sort={active ? (ascending ? 'ascending' : 'descending') : undefined}>
      <button type="button" className={styles.sortHeader} onClick={() => sorting.by(sort)}>
        {column.header}
        <span aria-hidden="true">{active ? (ascending ? ' ▲' : ' ▼') : ' ↕'}</span>
      </button>
    </th>
  );
}

/**
 * The columns shown in the row, with the details' disclosure before the actions when some
 * columns are read in the details.
 */
function shownColumns<T>(columns: Column<T>[], disclosure: Column<T> | null): Column<T>[] {
  const shown = columns.filter((column) => !column.detail);
  if (!disclosure) return shown;
  const actions = shown.findIndex((column) => shapeOf(column) === 'actions');
  const at = actions === -1 ? shown.length : actions;
  return [...shown.slice(0, at), disclosure, ...shown.slice(at)];
}

export function DataTable<T>({ caption, rows, columns, rowKey, empty, sorting, detailLabel }: DataTableProps<T>) {
  const t = useT(consoleMessages);
  const id = useId();
  const [open, setOpen] = useState<ReadonlySet<string | number>>(new Set());
  if (rows.length === 0) return <p className={styles.empty}>{empty}</p>;
  const details = columns.filter((column) => column.detail);
  const detailId = (row: T) => `${id}-details-${rowKey(row)}`;
  const toggle = (key: string | number) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const disclosure: Column<T> | null =
    details.length === 0
      ? null
      : {
          header: t('details'),
          shape: 'code',
          cell: (row) => (
            <button
              type="button"
              className={styles.disclosure}
              aria-expanded={open.has(rowKey(row))}
              aria-controls={detailId(row)}
              onClick={() => toggle(rowKey(row))}
            >
              <span aria-hidden="true">{open.has(rowKey(row)) ? '▾ ' : '▸ '}</span>
              {detailLabel ? detailLabel(row) : t('detailsOf', { row: String(rowKey(row)) })}
            </button>
          ),
        };
  const shown = shownColumns(columns, disclosure);
  return (
    <div className={styles.scroll}>
      <table className={styles.table}>
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            {shown.map((column) => (
              <Header key={column.header} column={column} sorting={sorting} />
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={rowKey(row)}>
              <tr>
                {shown.map((column) => (
                  <td key={column.header} className={styles[shapeOf(column)]}>
                    {contentOf(column, row)}
                  </td>
                ))}
              </tr>
              {disclosure && (
                <tr id={detailId(row)} hidden={!open.has(rowKey(row))} className={styles.detailRow}>
                  <td colSpan={shown.length}>
                    <dl className={styles.facts}>
                      {details.map((column) => (
                        <Fragment key={column.header}>
                          <dt>{column.header}</dt>
                          <dd>{contentOf(column, row)}</dd>
                        </Fragment>
                      ))}
                    </dl>
                  </td>
                </tr>
              )}
            </Fragment>
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
 * answered: a change that waits for a second operator says so, anything else is "Done." Not
 * there for an operator who may only read the screen.
 */
export function NoteAction({ label, action, run }: { label: string; action: string; run: (note: string) => Promise<unknown> }) {
  const { ui } = useHost();
  const t = useT(consoleMessages);
  if (!useMayAct()) return null;
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
