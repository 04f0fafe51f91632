import { Type } from '@sinclair/typebox';

/** A file sent in the form's `file` field, as the server has read it. */
export interface FormFile {
  data: Uint8Array;
  filename: string;
}

/**
 * POST /api/common/upload, multipart/form-data: a file (`file`), one chunk of one (`chunkid`,
 * `chunkindex`, `chunkcount`, `filename`), a merge (`action=merge`) or a clean (`method=clean`)
 * (SPEC §3 "Chunked upload fields"). Form fields are text: each is judged by the upload rules,
 * which name the problem (a chunk's index depends on the chunk count).
 */
export const UploadForm = Type.Object({
  file: Type.Optional(Type.Unsafe<FormFile>({ description: 'The file, read by the server before the form is judged.' })),
  chunkid: Type.Optional(Type.String()),
  chunkindex: Type.Optional(Type.String()),
  chunkcount: Type.Optional(Type.String()),
  filename: Type.Optional(Type.String()),
  action: Type.Optional(Type.String()),
  method: Type.Optional(Type.String()),
});

/** The stored file, as FastAdmin names it. */
export const UploadedFile = Type.Object({
  /** Path of the stored file on the API host, e.g. `/uploads/20261122/3f9c….png`. */
  url: Type.String(),
  /** The same file as an absolute, signed URL (an <img> cannot send the token). */
  fullurl: Type.String(),
});

/** The answer to one chunk: stored, nothing merged yet. */
export const ChunkStored = Type.Object({ chunkid: Type.String(), chunkindex: Type.Integer() });

/** What an upload call answers: the file (plain or merged), the chunk, or nothing (clean). */
export const UploadAnswer = Type.Union([UploadedFile, ChunkStored, Type.Null()]);

/** GET /uploads/:day/:name: a stored file, to its owner or through a signed link. */
export const StoredFileParams = Type.Object({ day: Type.String(), name: Type.String() });
export const SignedLinkQuery = Type.Object({ expires: Type.Optional(Type.String()), signature: Type.Optional(Type.String()) });

/** The bytes of a file (an image, a PDF, an SVG), streamed as they are with their own Content-Type: never serialized. */
export const FileBytes = Type.Unsafe<unknown>({ type: 'string', description: 'The file itself.' });

/** A file that is not there, or not the caller's, as plain text. */
export const FileMissing = Type.Literal('Not found');
