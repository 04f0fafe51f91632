export * from './host';
export * from './hooks';
