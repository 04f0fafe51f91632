/**
 * What a payment proof may be: a photo or scan (JPEG, PNG, WebP) or a PDF, up to 10 MB. The app
 * checks a file against this before sending it, the server again on receipt (by its content).
 */
export const PROOF_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels an uploaded image may declare: a phone's photo fits, an image bomb (a small file
 * declaring 20000 × 20000, which every viewer allocates in full) does not.
 */
export const IMAGE_MAX_PIXELS = 40_000_000;

export type ProofFileType = 'jpg' | 'png' | 'webp' | 'pdf';

/** Each allowed type's MIME type and the extensions a file of that type may be named with. */
export const PROOF_FILE_TYPES: Readonly<Record<ProofFileType, { mime: string; extensions: readonly string[] }>> = {
  jpg: { mime: 'image/jpeg', extensions: ['jpg', 'jpeg'] },
  png: { mime: 'image/png', extensions: ['png'] },
  webp: { mime: 'image/webp', extensions: ['webp'] },
  pdf: { mime: 'application/pdf', extensions: ['pdf'] },
};
