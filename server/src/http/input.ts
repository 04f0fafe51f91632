import { validationMessage, type Rule } from '@instalment/contract/validation';
import type { PageRequest } from '../services/page';
import { Refusal } from '../services/refusals';

/**
 * What is left to judge once a route's schema has judged a request's shape: the values, by the
 * shared SPEC §5 rules, which name the problem in the reader's language.
 */

/** Runs a shared SPEC §5 rule on a value and refuses with its message. */
export function check(rule: Rule, value: string): string {
  const problem = rule(value);
  if (problem) throw new Refusal((locale) => validationMessage(problem, locale));
  return value;
}

/**
 * A page as the route's schema (`PageQuery`) left it: the validator has refused anything out of
 * range and filled in the defaults, so both are there.
 */
export function pageOf(query: { page?: number; limit?: number }): PageRequest {
  return { page: query.page!, limit: query.limit! };
}
