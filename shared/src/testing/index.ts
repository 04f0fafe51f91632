export * from './fixtures';
export * from './testHost';
