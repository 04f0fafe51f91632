export * from './pages';
export * from './paths';
export * from './published';
