import { Readable } from 'node:stream';

/** A cell: text as it is, a number as written, null as empty. */
export type CsvCell = string | number | null;

/** Excel reads a file as UTF-8 only when it starts with the byte order mark; without it, Chinese names come out garbled. */
export const CSV_BOM = '\uFEFF';

/** What a spreadsheet would take for the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What makes RFC 4180 quote a field. */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One field, per RFC 4180, that no spreadsheet runs: text starting like a formula is written
 * with a leading `'`, which Excel and LibreOffice show as text. Numbers are the server's own and
 * are written as they are, so a negative figure stays a number.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return String(cell);
  const text = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 has it. */
export const csvRecord = (cells: readonly CsvCell[]): string => `${cells.map(csvField).join(',')}\r\n`;

/** A CSV file as a stream: the BOM and the header, then each row as `rows` yields it, so no file is held whole. */
export function csvStream(header: readonly string[], rows: AsyncIterable<readonly CsvCell[]>): Readable {
  async function* records() {
    yield CSV_BOM + csvRecord(header);
    for await (const row of rows) yield csvRecord(row);
  }
  return Readable.from(records(), { objectMode: false });
}
