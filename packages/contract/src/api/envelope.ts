/** FastAdmin's response envelope: every API answer has this shape. */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  time: number | string;
  data: T;
  /** Some gateways answer with `success`/`message` instead (SPEC §8). */
  success?: boolean;
  message?: string;
}

export const CODE_OK = 1;
export const CODE_FAIL = 0;
export const CODE_UNAUTHORIZED = 401;

/** SPEC §8: success is code 1; code 200 or `success: true` is also accepted. */
export function isSuccess(body: Pick<Envelope, 'code' | 'success'>): boolean {
  return body.code === CODE_OK || body.code === 200 || body.success === true;
}

/**
 * SPEC §8: an upload also accepts code 0. Some upload back ends answer a stored file with
 * code 0 and the file in `data`; a refusal carries no data, so code 0 without data stays a
 * failure (otherwise an oversized or disguised file would read as uploaded).
 */
export function isUploadSuccess(body: Pick<Envelope, 'code' | 'success' | 'data'>): boolean {
  return isSuccess(body) || (body.code === CODE_FAIL && body.data !== null && body.data !== undefined);
}

export function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && ('code' in body || 'success' in body);
}
