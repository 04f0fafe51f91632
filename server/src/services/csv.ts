import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** A cell: text as it is, a number as written, null as empty. */
export type CsvCell = string | number | null;

/** Excel reads a file as UTF-8 only when it starts with the byte order mark; without it, Chinese names come out garbled. */
export const CSV_BOM = '\uFEFF';

/**
 * What a spreadsheet would take for the start of a formula (OWASP's CSV injection list), at the
 * start of a cell or after a character that another reader takes for a separator: a spreadsheet
 * set for `;` or tab separators (or one that splits lines itself) opens `x;=1+1` as two cells,
 * the second a formula.
 */
const FORMULA_START = /(?:^|[;\t\r\n])[=+\-@\t\r]/;
/** Such a separator before the start of a formula, to be followed by a `'` too. */
const SEPARATED_FORMULA = /([;\t\r\n])(?=[=+\-@\t\r])/g;
/** A plain decimal, such as a negative amount (`-17.06`): read as a number, never run. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;
/** What makes RFC 4180 quote a field. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field, per RFC 4180, that no spreadsheet runs: text holding the start of a formula is
 * written with a leading `'`, which Excel and LibreOffice show as text, and quoted, so that no
 * separator inside it splits it where commas separate; and each `;` or tab before a formula is
 * followed by a `'` too, for a reader that splits on it whatever the quotes say (`x;=1+1` is
 * written `"'x;'=1+1"`). A plain decimal, the server's own numbers and amounts written as text
 * alike, stays as it is, so a negative figure is still a number.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number' || PLAIN_NUMBER.test(cell)) return String(cell);
  const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;
  if (FORMULA_START.test(cell)) return quoted(`'${cell.replace(SEPARATED_FORMULA, "$1'")}`);
  return NEEDS_QUOTES.test(cell) ? quoted(cell) : cell;
}

/** One record, ended by CRLF as RFC 4180 has it. */
export const csvRecord = (cells: readonly CsvCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/**
 * A CSV file as a stream: the BOM and the header, then each page of rows as `pages` yields it,
 * so no file is held whole. Between pages the stream waits a turn of the event loop: a page
 * read from SQLite is read synchronously, and without the wait a long export would answer no
 * other request until its last page.
 */
export function csvStream(header: readonly string[], pages: AsyncIterable<ReadonlyArray<readonly CsvCell[]>>): Readable {
  async function* records() {
    yield CSV_BOM + csvRecord(header);
    for await (const page of pages) {
      if (page.length > 0) yield page.map(csvRecord).join('');
      await nextTurn();
    }
  }
  return Readable.from(records(), { objectMode: false });
}
