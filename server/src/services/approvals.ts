import {
  APPROVAL_KINDS,
  mayDo,
  type Approval,
  type ApprovalKind,
  type ApprovalStatus,
  type ApprovalSubject,
  type Listing,
  type OperatorEnrolment,
} from '@instalment/contract/api';
import { iso, type Context } from '../context';
import { isUniqueViolation, type Store } from '../db/store';
import type { ServerMessageKey } from '../i18n/server';
import { ApprovalRecords, type ApprovalRow, type ApprovalVisibility } from '../repositories/approvals';
import { approvalSubjects } from './approval-subjects';
import { accountOfTarget } from './operator-target';
import type { Operator } from './operators';
import { Forbidden, Refusal, say } from './refusals';

/**
 * What carrying out an approved change does, in the checker's write (`checker`: who carries it
 * out); answers the state after it, for the audit. `handOver` gives the checker an enrolment code
 * to pass on, which the audit never keeps.
 */
export type Effect = (
  tx: Store,
  target: string,
  payload: unknown,
  checker: Operator,
  handOver: (enrolment: OperatorEnrolment) => void,
) => Promise<unknown>;

export interface Decided {
  approval: Approval;
  after: unknown;
  enrolment: OperatorEnrolment | null;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));

/**
 * Why `checker` may not decide `row`, or null when they may: four eyes mean two people, so
 * neither the maker nor the operator the change is about decides it, and an account one admin
 * created or renewed the authenticator of counts as that admin's own until a second admin
 * confirmed it. That admin and all such accounts of theirs are then one person, so none checks
 * another's request: the admin held every one's enrolment code (`partners`: the rest of the
 * checker's one person, from `unconfirmedPartners`).
 */
function refusalOf(row: ApprovalRow, checker: Operator, partners: ReadonlySet<string>): ServerMessageKey | null {
  if (row.maker_id === checker.id) return 'ownApproval';
  const account = accountOfTarget(row.target);
  if (account === checker.username) return 'approvalAboutYou';
  const partnerAccount = account !== null && partners.has(account);
  if (row.kind === 'operator.confirm' && partnerAccount) return 'confirmationByMaker';
  if (partners.has(row.maker_username) || partnerAccount) return 'approvalUnconfirmed';
  return null;
}

function view(row: ApprovalRow, subject: ApprovalSubject | null, mayDecide: boolean): Approval {
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
    may_decide: mayDecide,
  };
}

/** The approvals an operator may read; null: every one (auditors read all). */
function visibilityOf(viewer: Operator): ApprovalVisibility | null {
  if (viewer.roles.includes('auditor')) return null;
  const kinds = (Object.keys(APPROVAL_KINDS) as ApprovalKind[]).filter((kind) => mayDo(viewer.roles, APPROVAL_KINDS[kind]));
  return { kinds, makerId: viewer.id };
}

/**
 * Four eyes where money moves or power is given: one operator asks for a change, a second one
 * with the same permission carries it out or declines it. Two people, not two accounts: the
 * maker, the operator it is about and accounts the same admin stands behind never decide it
 * (`refusalOf`); two checkers at once make one decision (the row's lock, then a conditional
 * update), and the change happens in the same write as the decision, or neither does.
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
    return (await this.viewed(this.ctx.store, [row], null))[0];
  }

  /**
   * A page of approvals as `viewer` may see them: those of kinds their roles may decide and those
   * they asked for; an auditor sees all. Without a viewer (the queues' count): all.
   */
  async list(status: ApprovalStatus | null, limit: number, offset: number, viewer: Operator | null = null): Promise<Listing<Approval>> {
    const { rows, total } = await this.records.page({ status, visibleTo: viewer && visibilityOf(viewer) }, limit, offset);
    return { list: await this.viewed(this.ctx.store, rows, viewer), total };
  }

  /** The rows as answered, each with what it is about and whether `viewer` may decide it now. */
  private async viewed(store: Store, rows: readonly ApprovalRow[], viewer: Operator | null): Promise<Approval[]> {
    const [subjects, partners] = await Promise.all([
      approvalSubjects(store, rows),
      viewer === null ? new Set<string>() : new ApprovalRecords(store).unconfirmedPartners(viewer.username),
    ]);
    const mayDecide = (row: ApprovalRow) =>
      viewer !== null &&
      row.status === 'awaiting' &&
      mayDo(viewer.roles, APPROVAL_KINDS[row.kind]) &&
      refusalOf(row, viewer, partners) === null;
    return rows.map((row) => view(row, subjects.get(row.id) ?? null, mayDecide(row)));
  }

  /** The newest approval of `kind` for `target`, as listed (without a viewer), or null. */
  async newestFor(kind: ApprovalKind, target: string): Promise<Approval | null> {
    const row = await this.records.newest(kind, target);
    return row && (await this.viewed(this.ctx.store, [row], null))[0];
  }

  /** Who approved `kind` for each of these targets: the second operator who carried it out. */
  approvedBy(kind: ApprovalKind, targets: readonly string[]): Promise<Map<string, string>> {
    return this.records.approvedBy(kind, targets);
  }

  /** The awaiting approval of `kind` for each of these targets (in `store` when a write is open). */
  awaitingFor(kind: ApprovalKind, targets: readonly string[], store: Store = this.ctx.store): Promise<Map<string, number>> {
    return new ApprovalRecords(store).awaitingFor(kind, targets);
  }

  /**
   * The checker's decision, in a write holding the approval's lock (`lock`), which the caller
   * opens so that its audit row commits with the decision: only an awaiting approval, only by an
   * operator whose roles carry the kind's permission, never by one `refusalOf` turns away.
   */
  async decide(tx: Store, id: number, checker: Operator, decision: 'approve' | 'decline', reason: string): Promise<Decided> {
    const records = new ApprovalRecords(tx);
    const row: ApprovalRow | null = await records.byId(id);
    if (!row) throw new Refusal(say('approvalNotFound'));
    if (!mayDo(checker.roles, APPROVAL_KINDS[row.kind])) throw new Forbidden(say('operatorForbidden'));
    const refusal = refusalOf(row, checker, await records.unconfirmedPartners(checker.username));
    if (refusal !== null) throw new Refusal(say(refusal));
    const decided = await records.decide(id, {
      status: decision === 'approve' ? 'approved' : 'declined',
      checker_id: checker.id,
      checker_username: checker.username,
      decided_at: this.ctx.now(),
      reason: reason || null,
    });
    if (!decided) throw new Refusal(say('approvalDecided'));
    let enrolment: OperatorEnrolment | null = null;
    const after =
      decision === 'approve'
        ? await this.effects[row.kind](tx, row.target, parsed(row.payload), checker, (handed) => {
            enrolment = handed;
          })
        : null;
    return { approval: (await this.viewed(tx, [(await records.byId(id))!], checker))[0], after, enrolment };
  }
}
