export * from './Button';
export * from './Field';
export * from './blocks';
export * from './LoadMore';
export * from './useLoad';
export * from './usePagedList';
export * from './PageLink';
export * from './form';
