import {
  APPROVAL_KINDS,
  mayDo,
  type Approval,
  type ApprovalKind,
  type ApprovalStatus,
  type ApprovalSubject,
  type Listing,
} from '@instalment/contract/api';
import { iso, type Context } from '../context';
import { isUniqueViolation, type Store } from '../db/store';
import { ApprovalRecords, type ApprovalRow, type ApprovalVisibility } from '../repositories/approvals';
import { approvalSubjects } from './approval-subjects';
import type { Operator } from './operators';
import { Forbidden, Refusal, say } from './refusals';

/** What carrying out an approved change does, in the checker's write (`checker`: who carries it out); answers the state after it. */
export type Effect = (tx: Store, target: string, payload: unknown, checker: Operator) => Promise<unknown>;

export interface Decided {
  approval: Approval;
  after: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

function view(row: ApprovalRow, subject: ApprovalSubject | null): Approval {
  return {
    id: row.id,
    kind: row.kind,
    target: row.target,
    payload: parsed(row.payload),
    before: parsed(row.state_before),
    subject,
    maker: row.maker_username,
    created_at: iso(row.created_at),
    status: row.status,
    checker: row.checker_username,
    decided_at: row.decided_at === null ? null : iso(row.decided_at),
    reason: row.reason,
  };
}

/** The approvals an operator may read; null: every one (auditors read all). */
function visibilityOf(viewer: Operator): ApprovalVisibility | null {
  if (viewer.roles.includes('auditor')) return null;
  const kinds = (Object.keys(APPROVAL_KINDS) as ApprovalKind[]).filter((kind) => mayDo(viewer.roles, APPROVAL_KINDS[kind]));
  return { kinds, makerId: viewer.id };
}

/**
 * Four eyes where money moves: one operator asks for a change, a second one with the same
 * permission carries it out or declines it. The maker can never decide their own; two checkers
 * at once make one decision (the row's lock, then a conditional update), and the change happens
 * in the same write as the decision, or neither does.
 */
export class ApprovalService {
  private readonly records: ApprovalRecords;

  constructor(
    private readonly ctx: Context,
    private readonly effects: Record<ApprovalKind, Effect>,
  ) {
    this.records = new ApprovalRecords(ctx.store);
  }

  static lock(id: number): string {
    return `approval:${id}`;
  }

  /** Records the request inside the maker's write; one awaiting change per kind and target. */
  async ask(tx: Store, maker: Operator, kind: ApprovalKind, target: string, payload: unknown, before: unknown): Promise<number> {
    try {
      return await tx.attempt(() =>
        new ApprovalRecords(tx).insert({
          kind,
          target,
          payload: JSON.stringify(payload),
          state_before: json(before),
          maker_id: maker.id,
          maker_username: maker.username,
          created_at: this.ctx.now(),
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refusal(say('approvalAwaiting'));
      throw error;
    }
  }

  async byId(id: number): Promise<Approval> {
    const row = await this.records.byId(id);
    if (!row) throw new Refusal(say('approvalNotFound'));
    return (await this.viewed(this.ctx.store, [row]))[0];
  }

  /**
   * A page of approvals as `viewer` may see them: those of kinds their roles may decide and those
   * they asked for; an auditor sees all. Without a viewer (the queues' count): all.
   */
  async list(status: ApprovalStatus | null, limit: number, offset: number, viewer: Operator | null = null): Promise<Listing<Approval>> {
    const { rows, total } = await this.records.page({ status, visibleTo: viewer && visibilityOf(viewer) }, limit, offset);
    return { list: await this.viewed(this.ctx.store, rows), total };
  }

  /** The rows as answered, each with what it is about. */
  private async viewed(store: Store, rows: readonly ApprovalRow[]): Promise<Approval[]> {
    const subjects = await approvalSubjects(store, rows);
    return rows.map((row) => view(row, subjects.get(row.id) ?? null));
  }

  /** The awaiting approval of `kind` for each of these targets. */
  awaitingFor(kind: ApprovalKind, targets: readonly string[]): Promise<Map<string, number>> {
    return this.records.awaitingFor(kind, targets);
  }

  /**
   * The checker's decision, in a write holding the approval's lock (`lock`), which the caller
   * opens so that its audit row commits with the decision: only an awaiting approval, never by
   * its maker, only by an operator whose roles carry the kind's permission.
   */
  async decide(tx: Store, id: number, checker: Operator, decision: 'approve' | 'decline', reason: string): Promise<Decided> {
    const records = new ApprovalRecords(tx);
    const row: ApprovalRow | null = await records.byId(id);
    if (!row) throw new Refusal(say('approvalNotFound'));
    if (!mayDo(checker.roles, APPROVAL_KINDS[row.kind])) throw new Forbidden(say('operatorForbidden'));
    if (row.maker_id === checker.id) throw new Refusal(say('ownApproval'));
    const decided = await records.decide(id, {
      status: decision === 'approve' ? 'approved' : 'declined',
      checker_id: checker.id,
      checker_username: checker.username,
      decided_at: this.ctx.now(),
      reason: reason || null,
    });
    if (!decided) throw new Refusal(say('approvalDecided'));
    const after = decision === 'approve' ? await this.effects[row.kind](tx, row.target, parsed(row.payload), checker) : null;
    return { approval: (await this.viewed(tx, [(await records.byId(id))!]))[0], after };
  }
}
