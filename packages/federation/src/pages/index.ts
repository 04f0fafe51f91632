export * from './pages';
export * from './published';
