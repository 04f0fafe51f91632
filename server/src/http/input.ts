import { validationMessage, type Rule } from '@instalment/shared/validation';
import type { PageRequest } from '../services/page';
import { Refusal, say } from '../services/refusals';

/**
 * Reading untrusted input. A body or query may be anything (a JSON array, a repeated query
 * key, a number where text is expected); these helpers turn it into the one shape a rule
 * can judge, so no handler ever trips over a type and answers 500.
 */
export type Fields = Record<string, unknown>;

export function fieldsOf(value: unknown): Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
}

/** Text of a field: strings trimmed, numbers as written, anything else ''. */
export function text(fields: Fields, name: string): string {
  const value = fields[name];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A password keeps its spaces so that the rule, not the trimming, judges them. */
export function rawText(fields: Fields, name: string): string {
  const value = fields[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Runs a shared SPEC §5 rule and refuses with its English message. */
export function check(rule: Rule, value: string): string {
  const problem = rule(value);
  if (problem) throw new Refusal((locale) => validationMessage(problem, locale));
  return value;
}

/** A whole number in [min, max], or `fallback` when the field is absent. */
export function wholeNumber(fields: Fields, name: string, fallback: number | null, min: number, max: number): number {
  const raw = text(fields, name);
  if (raw === '') {
    if (fallback === null) throw new Refusal(say('fieldRequired', { name }));
    return fallback;
  }
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new Refusal(say('wholeNumberRange', { name, min, max }));
  }
  return Number(raw);
}

/**
 * A page as the route's schema (`PageQuery`) left it: the validator has refused anything out of
 * range and filled in the defaults, so both are there.
 */
export function pageOf(query: { page?: number; limit?: number }): PageRequest {
  return { page: query.page!, limit: query.limit! };
}
