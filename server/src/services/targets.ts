import { EDITABLE_SETTINGS, type EditableSetting } from '@instalment/contract/api';

/**
 * What an audit row or an approval is about, as a value. Stored as `kind:id` (`voucher:` for a
 * proof, as the table is named); `formatTarget` and `parseTarget` are the only readers and writers
 * of that form. Read by the services that write rows and by the ones that look them up, so it
 * lives apart from both.
 */
export type Target =
  | { kind: 'loan'; orderNo: string }
  | { kind: 'proof'; id: number }
  | { kind: 'user'; id: number }
  | { kind: 'operator'; username: string }
  | { kind: 'setting'; key: EditableSetting }
  | { kind: 'difference'; id: number };

export type TargetKind = Target['kind'];

const PREFIXES: Record<TargetKind, string> = {
  loan: 'loan',
  proof: 'voucher',
  user: 'user',
  operator: 'operator',
  setting: 'setting',
  difference: 'difference',
};

const KIND_OF_PREFIX = new Map(Object.entries(PREFIXES).map(([kind, prefix]) => [prefix, kind as TargetKind]));

export function formatTarget(target: Target): string {
  const prefix = PREFIXES[target.kind];
  switch (target.kind) {
    case 'loan':
      return `${prefix}:${target.orderNo}`;
    case 'operator':
      return `${prefix}:${target.username}`;
    case 'setting':
      return `${prefix}:${target.key}`;
    default:
      return `${prefix}:${target.id}`;
  }
}

/** The target a stored string names, or null when it names none (a list's name, an id that is no number). */
export function parseTarget(stored: string): Target | null {
  const at = stored.indexOf(':');
  const kind = at < 0 ? undefined : KIND_OF_PREFIX.get(stored.slice(0, at));
  const id = stored.slice(at + 1);
  if (kind === undefined || id === '') return null;
  switch (kind) {
    case 'loan':
      return { kind, orderNo: id };
    case 'operator':
      return { kind, username: id };
    case 'setting':
      return (EDITABLE_SETTINGS as readonly string[]).includes(id) ? { kind, key: id as EditableSetting } : null;
    default:
      return /^\d+$/.test(id) ? { kind, id: Number(id) } : null;
  }
}

export const loanTarget = (orderNo: string) => formatTarget({ kind: 'loan', orderNo });
export const proofTarget = (id: number) => formatTarget({ kind: 'proof', id });
export const userTarget = (id: number) => formatTarget({ kind: 'user', id });
