export * from './locale';
export * from './common';
export * from './titles';
export * from './outcomes';
export * from './agreements';
