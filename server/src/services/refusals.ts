import type { Locale } from '@instalment/contract/i18n';
import { translator } from '@instalment/contract/i18n';
import { validationMessage, type Rule } from '@instalment/contract/validation';
import { serverMessages, type ServerMessageKey } from '../i18n/server';

/** A sentence the server will say, in whichever language the request asks for. */
export type Sentence = (locale: Locale) => string;

type Params = Record<string, string | number>;

/** A sentence of the shared server catalogue (`server/src/i18n/server.ts`), said later in the request's language. */
export function sentenceOf(key: ServerMessageKey, params?: Params): Sentence {
  return (locale) => translator(serverMessages, locale)(key, params);
}

/**
 * What a service throws to refuse a request. The app's error handler turns it into
 * `{ code: 0, msg }` (HTTP 200, as FastAdmin answers) in the request's language, so services
 * read as straight-line rules and never need to know who is asking.
 */
export class Refusal extends Error {
  /** `data`: what a client needs to act on the refusal (sms/send's `{ wait }`), else none. */
  constructor(
    readonly sentence: Sentence,
    readonly data: unknown = null,
  ) {
    // In English for logs and for code that reads the message.
    super(sentence('en'));
    this.name = 'Refusal';
  }
}

/** A promise's rejection handler: `value` for a refusal (the ledger says no), any other failure passed on. */
export const refusedAs =
  <T>(value: T) =>
  (error: unknown): T => {
    if (error instanceof Refusal) return value;
    throw error;
  };

/** An application in an ID number already bound to another account: counted against whoever asks, as it tells them the number is a customer's. */
export class IdCardHeldByOther extends Refusal {
  constructor() {
    super(sentenceOf('idCardOtherAccount'));
    this.name = 'IdCardHeldByOther';
  }
}

/** Runs a shared SPEC §5 rule on a value and refuses with its message: for routes and for services a command line also calls. */
export function check(rule: Rule, value: string): string {
  const problem = rule(value);
  if (problem) throw new Refusal((locale) => validationMessage(problem, locale));
  return value;
}

/** A signed-in operator whose roles do not allow the action: HTTP 403, envelope code 403. */
export class Forbidden extends Error {
  constructor(readonly sentence: Sentence) {
    super(sentence('en'));
    this.name = 'Forbidden';
  }
}
