export * from './store';
export * from './observer';
