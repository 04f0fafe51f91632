import type { HttpClient, UploadOptions } from './transport';
import { ENDPOINTS } from './endpoints';
import type { ChunkFields, ChunkStored, UploadedFile } from './types/upload';

/** Builds the multipart body: the file under field `file` plus the given form fields. */
function form(fields: Record<string, string | number | undefined>, file?: Blob, filename?: string): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined) data.append(name, String(value));
  }
  if (file) data.append('file', file, filename);
  return data;
}

/** A whole file in one request. */
export const uploadFile = (http: HttpClient, file: Blob, filename: string, options?: UploadOptions) =>
  http.upload<UploadedFile>(ENDPOINTS.upload, form({}, file, filename), options);

/** One chunk of a chunked upload. */
export const uploadChunk = (http: HttpClient, fields: ChunkFields, chunk: Blob, options?: UploadOptions) =>
  http.upload<ChunkStored>(ENDPOINTS.upload, form({ ...fields }, chunk, fields.filename), options);

/** Joins the stored chunks into the file (action 'merge'). */
export const mergeChunks = (http: HttpClient, fields: { chunkid: string; filename: string; chunkcount: number }, options?: UploadOptions) =>
  http.upload<UploadedFile>(ENDPOINTS.upload, form({ ...fields, action: 'merge' }), options);

/** Drops whatever chunks were stored (method 'clean'). */
export const cleanChunks = (http: HttpClient, chunkid: string, options?: UploadOptions) =>
  http.upload<null>(ENDPOINTS.upload, form({ chunkid, method: 'clean' }), options);
