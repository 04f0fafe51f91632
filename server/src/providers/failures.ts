/**
 * An SDK's error message with every URL cut before its query string: Aliyun's SDK puts the
 * request URL, with the phone number and the code's template parameters, into the message of a
 * time-out, and a gateway's URLs carry signed payment fields.
 */
export function withoutQueries(message: string): string {
  return message.replace(/(\bhttps?:\/\/[^\s?#]*)[?#][^\s]*/g, '$1');
}

/**
 * What of a provider's failure is logged: its kind, code and message, without the request the
 * SDK attached to it (bodies, URLs, headers) or the causes that repeat them.
 */
export function loggableFailure(error: unknown): { type: string; code?: string; message: string } {
  if (!(error instanceof Error)) return { type: typeof error, message: withoutQueries(String(error)) };
  const { code } = error as { code?: unknown };
  const cause = error.cause instanceof Error ? `; caused by: ${error.cause.message}` : '';
  return {
    type: error.name,
    ...(typeof code === 'string' ? { code } : {}),
    message: withoutQueries(`${error.message}${cause}`),
  };
}
