import type { PageRequest } from '../services/page';

/**
 * What is left to judge once a route's schema has judged a request's shape: the values, by the
 * shared SPEC §5 rules, which name the problem in the reader's language.
 */

export { check } from '../services/refusals';

/**
 * A page as the route's schema (`PageQuery`) left it: the validator has refused anything out of
 * range and filled in the defaults, so both are there.
 */
export function pageOf(query: { page?: number; limit?: number }): PageRequest {
  return { page: query.page!, limit: query.limit! };
}
