import { type Said, say } from './say';

/**
 * What a service throws to refuse a request. The app's error handler turns it into
 * `{ code: 0, msg }` (HTTP 200, as FastAdmin answers) in the request's language, so services
 * read as straight-line rules and never need to know who is asking.
 */
export class Refusal extends Error {
  /** `data`: what a client needs to act on the refusal (sms/send's `{ wait }`), else none. */
  constructor(
    readonly said: Said,
    readonly data: unknown = null,
  ) {
    // In English for logs and for code that reads the message.
    super(said('en'));
    this.name = 'Refusal';
  }
}

/** No valid token: HTTP 401 with envelope code 401, which makes the client clear its session. */
export class Unauthorized extends Error {
  constructor(readonly said: Said = say('loginFirst')) {
    super(said('en'));
    this.name = 'Unauthorized';
  }
}

/** A signed-in operator whose roles do not allow the action: HTTP 403, envelope code 403. */
export class Forbidden extends Error {
  constructor(readonly said: Said) {
    super(said('en'));
    this.name = 'Forbidden';
  }
}
