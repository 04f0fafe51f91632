import type { Migration } from './migration';

/**
 * Each stored file's SHA-256, taken once when its bytes are written: a transfer proof is judged
 * by its receipt's content (one receipt backs one live proof) without reading the file again.
 * Files stored before this version have none; their hash is taken when a proof first needs it.
 */
export const uploadHashes: Migration = {
  version: 12,
  name: 'upload-hashes',
  sql: `
      ALTER TABLE uploads ADD COLUMN content_hash TEXT;
  `,
};
