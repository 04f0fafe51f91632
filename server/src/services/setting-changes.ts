import type { EditableSetting, SettingChange } from '@instalment/contract/api';
import { APR_REFERENCE_AMOUNT_FEN, priceAprBp } from '@instalment/contract/loan';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A leaf as the checker reads it: text as it is, anything else as JSON. */
const leaf = (value: unknown): string | null => (value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));

type Owner = Pick<SettingChange, 'term' | 'channel'>;
const NO_OWNER: Owner = { term: null, channel: null };

/**
 * The values that differ between two states (of a setting, a loan, an account), each by its path, what it belongs to
 * and its own name. Lists are compared place by place; a value only on one side reads null on
 * the other.
 */
export function valueChanges(before: unknown, after: unknown, path = '', owner: Owner = NO_OWNER): SettingChange[] {
  if (Array.isArray(before) && Array.isArray(after)) {
    const length = Math.max(before.length, after.length);
    return Array.from({ length }, (_, index) => valueChanges(before[index], after[index], `${path}[${index}]`, owner)).flat();
  }
  if ((isRecord(before) || isRecord(after)) && !Array.isArray(before) && !Array.isArray(after)) {
    // One side missing (a term added or taken away) reads field by field against nothing.
    const [was, is] = [isRecord(before) ? before : {}, isRecord(after) ? after : {}];
    const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
    return keys.flatMap((key) => valueChanges(was[key], is[key], path ? `${path}.${key}` : key, owner));
  }
  const [was, is] = [leaf(before), leaf(after)];
  const field = path.slice(path.lastIndexOf('.') + 1).replace(/\[\d+\]$/, '');
  return was === is ? [] : [{ path, ...owner, field, before: was, after: is }];
}

/** The items of a list, or of the list under `key` of a record. */
const listOf = (value: unknown, key?: string): Record<string, unknown>[] => {
  const list = key !== undefined && isRecord(value) ? value[key] : value;
  return Array.isArray(list) ? list.filter(isRecord) : [];
};

/**
 * The items of two lists matched by their own key (a term by its months, a channel by its code)
 * rather than by place, so that a term inserted before another does not read as every price
 * changing; each with its path on the side that has it.
 */
function matched(before: Record<string, unknown>[], after: Record<string, unknown>[], key: string, path: (index: number) => string) {
  const keyOf = (item: Record<string, unknown>) => JSON.stringify(item[key]);
  const was = new Map(before.map((item, index) => [keyOf(item), { item, index }]));
  const kept = after.map((item, index) => ({ before: was.get(keyOf(item))?.item, after: item, path: path(index) }));
  const afterKeys = new Set(after.map(keyOf));
  const gone = [...was.entries()]
    .filter(([itemKey]) => !afterKeys.has(itemKey))
    .map(([, { item, index }]) => ({ before: item, after: undefined, path: path(index) }));
  return [...kept, ...gone];
}

const aprOf = (term: Record<string, unknown> | undefined) =>
  term ? String(priceAprBp(APR_REFERENCE_AMOUNT_FEN, Number(term.term), Number(term.monthly_rate_bp), Number(term.monthly_fee_bp))) : null;

/**
 * What a change of a setting changes, in the terms of the setting's own structure, so that a
 * checker reads "12 months: monthly rate 0.70 % → 0.65 %, APR 14.9 % → 13.9 %" and "Channel
 * Alipay: enabled → disabled" instead of indexes: the rates' terms by their months, each whose
 * price moves with its APR; the channels by their names; the receiving account field by field.
 */
export function settingChanges(key: EditableSetting, before: unknown, after: unknown): SettingChange[] {
  if (key === 'loan_rates') {
    const { terms: _before, ...restBefore } = isRecord(before) ? before : {};
    const { terms: _after, ...restAfter } = isRecord(after) ? after : {};
    const terms = matched(listOf(before, 'terms'), listOf(after, 'terms'), 'term', (index) => `terms[${index}]`).flatMap((pair) => {
      const owner = { term: Number((pair.after ?? pair.before).term), channel: null };
      const changes = valueChanges(pair.before, pair.after, pair.path, owner);
      const [was, is] = [aprOf(pair.before), aprOf(pair.after)];
      const apr = was === is ? [] : [{ path: `${pair.path}.apr_bp`, ...owner, field: 'apr_bp', before: was, after: is }];
      return [...changes, ...apr];
    });
    return [...valueChanges(restBefore, restAfter, '', NO_OWNER), ...terms];
  }
  if (key === 'payment_channels') {
    return matched(listOf(before), listOf(after), 'code', (index) => `[${index}]`).flatMap((pair) =>
      valueChanges(pair.before, pair.after, pair.path, { term: null, channel: String((pair.after ?? pair.before).name) }),
    );
  }
  return valueChanges(before, after, '', NO_OWNER);
}
