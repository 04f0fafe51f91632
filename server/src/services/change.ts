import type { Sentence } from './refusals';

/** What an operator's command changed, for its answer and the audit log. */
export interface Change<T = unknown> {
  target: string;
  before: unknown;
  after: unknown;
  answer: T;
  /** The answer's message when the change is done only in part (else "ok"): what is still pending, and where. */
  notice?: Sentence;
}

/**
 * Whether an effect's state after it is still pending: it sent what a provider has not confirmed
 * yet (a refund whose answer never came), and says so with `pending: true`.
 */
export const stillPending = (after: unknown): boolean =>
  typeof after === 'object' && after !== null && (after as { pending?: unknown }).pending === true;
