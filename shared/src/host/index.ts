export * from './host';
export * from './hooks';
export * from './createHost';
