export * from './mask';
export { formatMoney, formatRate } from '../loan/money';
