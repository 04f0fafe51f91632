export * from './createHost';
export * from './Standalone';
