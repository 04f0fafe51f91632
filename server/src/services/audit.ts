import { isIPv6 } from 'node:net';
import type { AuditEntry, Listing, OperatorRole } from '@instalment/contract/api';
import { iso, type Context } from '../runtime/context';
import type { Store } from '../db/store';
import { AuditRecords, type AuditRow } from '../repositories/audit';
import { OperatorRecords } from '../repositories/operators';
import { ConsoleListRecords, type AuditFilter, type AuditSort, type ListSpan, type ListWindow } from '../repositories/console-lists';
import { auditChanges } from './audit-changes';
import { sentenceOf } from './refusals';

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

/** How long one tally of strangers' refused logins counts: one row per network per window. */
export const STRANGER_WINDOW_MS = 10 * 60 * 1000;
/** What a tally is filed under in place of the usernames typed (no operator's name has a space). */
export const STRANGERS = 'unknown usernames';

/**
 * The network an address counts in: an IPv6 address's /64 (what one subscriber is given, millions
 * of addresses), an IPv4 address (or an IPv4-mapped one) as it is.
 */
export function networkOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1];
  const bare = address.split('%')[0];
  if (!isIPv6(bare)) return address;
  const groups = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [head, tail] = bare.toLowerCase().split('::');
  const left = groups(head);
  const full = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - groups(tail).length).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The audit log: every operator action, done or refused, once; written in the action's own transaction where there is one. */
export class AuditService {
  private readonly readActions = new Set<string>();

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

  /**
   * A refused request from someone not signed in (a login), under the username they typed. One
   * that names an operator is that operator's, audited as it is; one that names no operator is a
   * stranger's guess, and what it typed is nobody's to keep: it is counted in the row of its
   * network's window, so guesses from any number of addresses add a bounded number of rows.
   */
  async recordClaim(fact: AuditFact): Promise<void> {
    if (await new OperatorRecords(this.ctx.store).byUsername(fact.operator.username)) return this.record(fact);
    const now = this.ctx.now();
    const network = networkOf(fact.address);
    const window = Math.floor(now / STRANGER_WINDOW_MS) * STRANGER_WINDOW_MS;
    await new AuditRecords(this.ctx.store).tally({
      tally: bounded(`${fact.action}:${network}:${window}`, AUDIT_FIELD_LIMITS.target),
      at: now,
      operator_id: null,
      username: STRANGERS,
      roles: '',
      action: bounded(fact.action, AUDIT_FIELD_LIMITS.action),
      target: 'operators',
      state_before: null,
      state_after: null,
      outcome: 'refused',
      reason: sentenceOf('auditStrangers', { minutes: STRANGER_WINDOW_MS / 60_000 })('en'),
      address: bounded(network, AUDIT_FIELD_LIMITS.address),
    });
  }

  async list(filter: { target?: string; limit: number; offset: number }): Promise<AuditEntry[]> {
    return (await new AuditRecords(this.ctx.store).list(filter)).map(entryOf);
  }

  /**
   * An action that only reads (a console GET route but an export, registered by guard.ts as the
   * routes are): what the console's audit list folds.
   */
  countAsRead(action: string): void {
    this.readActions.add(action);
  }

  /** The console's audit list, as `filter` narrows it, reads each a row or folded, with its total. */
  async page(filter: AuditFilter, window: ListWindow<AuditSort>, reads: 'each' | 'folded' = 'each'): Promise<Listing<AuditEntry>> {
    const folding = reads === 'folded' ? [...this.readActions] : undefined;
    const { rows, total } = await new ConsoleListRecords(this.ctx.store).audit(filter, window, folding);
    return { list: rows.map(entryOf), total };
  }

  /** The console's audit list whole, a page at a time (its export). */
  async *pages(filter: AuditFilter, span: ListSpan<AuditSort>): AsyncGenerator<AuditEntry[]> {
    for await (const rows of new ConsoleListRecords(this.ctx.store).auditPages(filter, span)) yield rows.map(entryOf);
  }
}

/**
 * Why a checker declined or finance rejected a proof, kept in the decision's state after: a row's
 * reason is a refusal's, a decline's or a rejection's.
 */
function declineReasonOf(row: AuditRow): string | null {
  const field = row.action === 'approval.decline' ? 'reason' : row.action === 'voucher.reject' ? 'reject_reason' : null;
  if (field === null || row.outcome !== 'done') return null;
  const after = parsed(row.state_after) as Record<string, unknown> | null;
  const reason = after?.[field];
  return typeof reason === 'string' && reason !== '' ? reason : null;
}

function entryOf(row: AuditRow & { targets?: number | null }): AuditEntry {
  const [before, after] = [parsed(row.state_before), parsed(row.state_after)];
  const folded = row.targets !== undefined && row.targets !== null;
  return {
    id: row.id,
    at: iso(row.at),
    username: row.username,
    roles: row.roles.split(',').filter(Boolean) as OperatorRole[],
    action: row.action,
    target: row.target,
    before,
    // A tally's count is what it says.
    after: row.tally === null ? after : { refused: row.repeats, last_at: iso(row.last_at!) },
    changes: row.tally === null ? auditChanges(row.action, row.target, before, after) : [],
    outcome: row.outcome,
    reason:
      row.tally === null
        ? (row.reason ?? declineReasonOf(row))
        : sentenceOf('auditTally', { repeats: row.repeats, reason: row.reason ?? '', last: iso(row.last_at!) })('en'),
    address: row.address,
    ...(folded ? { reads: { count: row.repeats, targets: row.targets!, last_at: iso(row.last_at!) } } : {}),
  };
}
