export * from './money';
export * from './dates';
export * from './schedule';
export * from './status';
export * from './penalty';
export * from './repayment';
export * from './application';
export * from './messages';
