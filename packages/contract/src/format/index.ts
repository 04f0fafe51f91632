export * from '../calendar/business-time';
export * from './mask';
export { formatMoney, formatRate } from '@instalment/contract/loan';
