import type { AuditEntry, Listing, OperatorRole } from '@instalment/contract/api';
import { iso, type Context } from '../context';
import type { Store } from '../db/store';
import { AuditRecords, type AuditRow } from '../repositories/audit';
import { ConsoleListRecords, type AuditSort, type ListWindow } from '../repositories/console-lists';

/** What one operator action was: who, from where, on what, and the state before and after. */
export interface AuditFact {
  operator: { id: number | null; username: string; roles: readonly OperatorRole[] };
  address: string;
  action: string;
  target: string;
  before?: unknown;
  after?: unknown;
  outcome: 'done' | 'refused';
  reason?: string | null;
}

/**
 * How much of each field a row keeps. What an attacker typed (a username, a target read from a
 * path, a refusal's reason quoting a body) reaches the audit, which nothing may delete: a row is
 * bounded so that refused requests cannot fill the database, and what was cut is marked.
 */
export const AUDIT_FIELD_LIMITS = { username: 64, action: 64, target: 160, reason: 500, address: 64, state: 16_384 } as const;

/** `text` cut to `limit` characters, with a marker that says how many were left out. */
export function bounded(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}…[+${text.length - limit}]`;
}

/** A state as JSON; one too large to keep whole is kept as the start of its JSON, marked. */
function json(value: unknown): string | null {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text.length <= AUDIT_FIELD_LIMITS.state ? text : JSON.stringify({ truncated: bounded(text, AUDIT_FIELD_LIMITS.state) });
}
const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

/** The audit log: every operator action, done or refused, once; written in the action's own transaction where there is one. */
export class AuditService {
  constructor(private readonly ctx: Context) {}

  async record(fact: AuditFact, store: Store = this.ctx.store): Promise<void> {
    await new AuditRecords(store).add({
      at: this.ctx.now(),
      operator_id: fact.operator.id,
      username: bounded(fact.operator.username, AUDIT_FIELD_LIMITS.username),
      roles: fact.operator.roles.join(','),
      action: bounded(fact.action, AUDIT_FIELD_LIMITS.action),
      target: bounded(fact.target, AUDIT_FIELD_LIMITS.target),
      state_before: json(fact.before),
      state_after: json(fact.after),
      outcome: fact.outcome,
      reason: fact.reason == null ? null : bounded(fact.reason, AUDIT_FIELD_LIMITS.reason),
      address: bounded(fact.address, AUDIT_FIELD_LIMITS.address),
    });
  }

  async list(filter: { target?: string; limit: number; offset: number }): Promise<AuditEntry[]> {
    return (await new AuditRecords(this.ctx.store).list(filter)).map(entryOf);
  }

  /** The console's audit list: of one operator and one target when given, with its total. */
  async page(filter: { operator?: string; target?: string }, window: ListWindow<AuditSort>): Promise<Listing<AuditEntry>> {
    const { rows, total } = await new ConsoleListRecords(this.ctx.store).audit(filter, window);
    return { list: rows.map(entryOf), total };
  }
}

function entryOf(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: iso(row.at),
    username: row.username,
    roles: row.roles.split(',').filter(Boolean) as OperatorRole[],
    action: row.action,
    target: row.target,
    before: parsed(row.state_before),
    after: parsed(row.state_after),
    outcome: row.outcome,
    reason: row.reason,
    address: row.address,
  };
}
