import type { Money } from '../api/types/common';

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/** "1234.5" → 123450 fen; null when the text is not a non-negative amount with ≤ 2 decimals. */
export function toFen(money: Money | number): number | null {
  const text = typeof money === 'number' ? String(money) : money.trim();
  if (!MONEY.test(text)) return null;
  const [yuan, cents = ''] = text.split('.');
  return Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
}

/** 123450 → "1234.50": the wire form of money (DESIGN §4). */
export function fromFen(fen: number): Money {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.round(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "1234.5" → "¥1,234.50": how money is shown, always two decimals and the currency sign. */
export function formatMoney(money: Money | number): string {
  const fen = typeof money === 'number' ? Math.round(money * 100) : toFen(money.replace(/^-/, ''));
  if (fen === null) return '¥—';
  // Stryker disable next-line MethodExpression: a sign after a space was not stripped above, so that text is refused either way.
  const negative = typeof money === 'string' && money.trim().startsWith('-');
  const [yuan, cents] = fromFen(fen).split('.');
  return `${negative ? '-' : ''}¥${yuan.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** 80 bp → "0.80%". */
export function formatRate(bp: number): string {
  return `${(bp / 100).toFixed(2)}%`;
}
