export * from './rules';
export * from './messages';
