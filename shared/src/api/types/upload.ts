/** POST /api/common/upload (multipart, file field `file`): the stored file, as FastAdmin names it. */
export interface UploadedFile {
  /** Path of the stored file on the API host, e.g. `/uploads/20261122/3f9c….png`. */
  url: string;
  /** The same file as an absolute URL. */
  fullurl: string;
}

/** Form fields of one chunk (SPEC §3 "Chunked upload fields"). */
export interface ChunkFields {
  chunkid: string;
  chunkindex: number;
  chunkcount: number;
  filename: string;
  action?: string;
}

/** The answer to one chunk: stored, nothing merged yet. */
export interface ChunkStored {
  chunkid: string;
  chunkindex: number;
}
