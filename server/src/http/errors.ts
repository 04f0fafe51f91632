/**
 * What a service throws to refuse a request. The app's error handler turns it into
 * `{ code: 0, msg }` (HTTP 200, as FastAdmin answers), so services read as straight-line rules.
 */
export class Refusal extends Error {
  /** `data`: what a client needs to act on the refusal (sms/send's `{ wait }`), else none. */
  constructor(
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

/** No valid token: HTTP 401 with envelope code 401, which makes the client clear its session. */
export class Unauthorized extends Error {
  constructor(message = 'Please log in first.') {
    super(message);
    this.name = 'Unauthorized';
  }
}

/** Throws a Refusal when `problem` names one; for chaining rule checks. */
export function refuseIf(problem: string | null | undefined | false): void {
  if (problem) throw new Refusal(problem);
}
