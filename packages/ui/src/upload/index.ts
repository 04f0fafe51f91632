export * from './chunked';
export * from './proof';
export * from './downscale';
export * from './messages';
