import type { Locale } from '@instalment/contract/i18n';
import { serverMessages, type ServerMessageKey } from '../i18n/server';
import { sentenceOf } from './refusals';

/** `created_at (Asia/Shanghai)`: a time column names its zone, which stays as it is. */
const ZONED = /^(.+) \((.+)\)$/;
/** `disbursed_count`, `repaid_alipay_amount`: a figure's pair of columns. */
const PAIR = /^(.+)_(count|amount)$/;
/** `repaid_alipay`: what one channel repaid. */
const REPAID_BY = /^repaid_(.+)$/;

const known = (key: string): key is ServerMessageKey => key in serverMessages.en;

function headingOf(column: string, locale: Locale): string {
  const named = `csv_${column}`;
  if (known(named)) return sentenceOf(named)(locale);
  const zoned = ZONED.exec(column);
  if (zoned) return `${headingOf(zoned[1], locale)} (${zoned[2]})`;
  const pair = PAIR.exec(column);
  if (pair) return sentenceOf(pair[2] === 'count' ? 'csvCount' : 'csvAmount', { what: headingOf(pair[1], locale) })(locale);
  const repaid = REPAID_BY.exec(column);
  if (repaid) {
    const channel = `csvChannel_${repaid[1]}`;
    return sentenceOf('csvRepaidBy', { channel: known(channel) ? sentenceOf(channel)(locale) : repaid[1] })(locale);
  }
  return column;
}

/**
 * An export's header in the operator's language (the console sends its Accept-Language): in
 * English the column codes files have always had, so scripts reading them by name keep working;
 * in Chinese words. A column without words (a channel added in the settings) reads as its code.
 */
export function csvHeaderIn(header: readonly string[], locale: Locale): string[] {
  return header.map((column) => headingOf(column, locale));
}
