/** Why a call failed: an envelope code, or what went wrong before there was one. */
export type ApiErrorCode = number | 'network' | 'aborted' | 'unparseable';

/** Every rejection of the HTTP client is an ApiError whose message is fit to show a user. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ApiErrorCode,
    readonly data: unknown = null,
    /** The HTTP status of the answer, when there was one: a 5xx is worth retrying, a refusal is not. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'aborted';
}
