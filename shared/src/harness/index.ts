export * from './Standalone';
