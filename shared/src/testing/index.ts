export * from './testHost';
