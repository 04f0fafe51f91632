import type { AuditEntry, OperatorRole } from '@instalment/shared/api';
import { iso, type Context } from '../context';
import type { Store } from '../db/store';
import { AuditRecords } from '../repositories/audit';

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

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

/** The audit log: every operator action, done or refused, once; written in the action's own transaction where there is one. */
export class AuditService {
  constructor(private readonly ctx: Context) {}

  async record(fact: AuditFact, store: Store = this.ctx.store): Promise<void> {
    await new AuditRecords(store).add({
      at: this.ctx.now(),
      operator_id: fact.operator.id,
      username: fact.operator.username,
      roles: fact.operator.roles.join(','),
      action: fact.action,
      target: fact.target,
      state_before: json(fact.before),
      state_after: json(fact.after),
      outcome: fact.outcome,
      reason: fact.reason ?? null,
      address: fact.address,
    });
  }

  async list(filter: { target?: string; limit: number; offset: number }): Promise<AuditEntry[]> {
    return (await new AuditRecords(this.ctx.store).list(filter)).map((row) => ({
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
    }));
  }
}
