import { Type } from '@sinclair/typebox';
import { Text, WORD_MAX } from './bounds';

/** A file sent in the form's `file` field, as the server has read it. */
export interface FormFile {
  data: Uint8Array;
  filename: string;
}

/**
 * The form's text fields: a chunk id (8 to 64 characters, judged by the upload rules), a chunk's
 * index or count (4 digits at most), a file name as file systems keep it. Multipart reads no
 * field longer than `FORM_FIELD_MAX_BYTES`.
 */
export const UPLOAD_FIELD_LIMITS = { chunkid: 128, number: 16, filename: 255 } as const;
export const FORM_FIELD_MAX_BYTES = 1024;

/**
 * POST /api/common/upload, multipart/form-data: a file (`file`), one chunk of one (`chunkid`,
 * `chunkindex`, `chunkcount`, `filename`), a merge (`action=merge`) or a clean (`method=clean`)
 * (SPEC §3 "Chunked upload fields"). Form fields are text: each is judged by the upload rules,
 * which name the problem (a chunk's index depends on the chunk count).
 */
const FormFileField = Type.Optional(Type.Unsafe<FormFile>({ description: 'The file, read by the server before the form is judged.' }));
export const UploadForm = Type.Object({
  file: FormFileField,
  chunkid: Type.Optional(Text(UPLOAD_FIELD_LIMITS.chunkid)),
  chunkindex: Type.Optional(Text(UPLOAD_FIELD_LIMITS.number)),
  chunkcount: Type.Optional(Text(UPLOAD_FIELD_LIMITS.number)),
  filename: Type.Optional(Text(UPLOAD_FIELD_LIMITS.filename)),
  action: Type.Optional(Text(WORD_MAX)),
  method: Type.Optional(Text(WORD_MAX)),
});

/** POST /admin/api/news/cover, multipart/form-data: a news cover image in `file`. */
export const NewsCoverForm = Type.Object({ file: FormFileField });

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

/** A stored file's day (YYYYMMDD) and name (32 hex and an extension); a link's expiry (epoch seconds) and HMAC (43 base64url). */
const STORED_FILE_LIMITS = { day: 8, name: 40, expires: 12, signature: 64 } as const;

/** GET /uploads/:day/:name: a stored file, to its owner or through a signed link. */
export const StoredFileParams = Type.Object({ day: Text(STORED_FILE_LIMITS.day), name: Text(STORED_FILE_LIMITS.name) });
export const SignedLinkQuery = Type.Object({
  expires: Type.Optional(Text(STORED_FILE_LIMITS.expires)),
  signature: Type.Optional(Text(STORED_FILE_LIMITS.signature)),
});

/** The bytes of a file (an image, a PDF, an SVG), streamed as they are with their own Content-Type: never serialized. */
export const FileBytes = Type.Unsafe<unknown>({ type: 'string', description: 'The file itself.' });

/** A file that is not there, or not the caller's, as plain text. */
export const FileMissing = Type.Literal('Not found');
