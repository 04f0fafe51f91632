import { PROOF_FILE_TYPES, PROOF_MAX_BYTES } from '@instalment/contract/validation';

export { PROOF_MAX_BYTES };

/** The extensions allowed for each MIME type a file picker may report. */
const PROOF_TYPES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.values(PROOF_FILE_TYPES).map((type) => [type.mime, type.extensions]),
);

/** For `<input type="file" accept>`. */
export const PROOF_ACCEPT = Object.keys(PROOF_TYPES).join(',');

export type ProofProblem = 'proofEmpty' | 'proofType' | 'proofTooLarge';

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/**
 * The checks made before a proof is sent: the extension must be one of the allowed ones and
 * agree with the MIME type. An empty MIME type is let through on the extension alone because
 * some Android file pickers report none; the server still checks the content.
 */
export function checkProofFile(file: Pick<File, 'name' | 'type' | 'size'>): ProofProblem | null {
  const ext = extension(file.name);
  const mime = file.type.toLowerCase();
  const allowed = mime ? PROOF_TYPES[mime] : Object.values(PROOF_TYPES).flat();
  if (!allowed || !allowed.includes(ext)) return 'proofType';
  if (file.size === 0) return 'proofEmpty';
  return file.size > PROOF_MAX_BYTES ? 'proofTooLarge' : null;
}

export function isImage(file: Pick<File, 'type'>): boolean {
  return file.type.startsWith('image/');
}
