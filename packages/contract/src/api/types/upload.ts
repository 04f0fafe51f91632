import type { Static } from '@sinclair/typebox';
import type * as schema from '../schemas/upload';

export type UploadedFile = Static<typeof schema.UploadedFile>;
export type ChunkStored = Static<typeof schema.ChunkStored>;

/** Form fields of one chunk (SPEC §3 "Chunked upload fields"), as the client sends them. */
export interface ChunkFields {
  chunkid: string;
  chunkindex: number;
  chunkcount: number;
  filename: string;
  action?: string;
}
