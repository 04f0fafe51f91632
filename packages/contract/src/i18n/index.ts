export * from './locale';
export * from './common';
export * from './list';
export * from './titles';
export * from './outcomes';
export * from './agreements';
