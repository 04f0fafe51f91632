export * from './host';
export * from './hooks';
export * from './createHost';
export * from './api-context';
