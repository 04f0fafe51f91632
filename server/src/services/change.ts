/** What an operator's command changed, for its answer and the audit log. */
export interface Change<T = unknown> {
  target: string;
  before: unknown;
  after: unknown;
  answer: T;
}
