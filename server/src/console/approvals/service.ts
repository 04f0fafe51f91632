import {
  APPROVAL_KINDS,
  mayDo,
  type Approval,
  type ApprovalDecided,
  type ApprovalKind,
  type ApprovalStatus,
  type Listing,
  type OperatorEnrolment,
} from '@instalment/contract/api';
import { iso, type Context } from '../../runtime/context';
import { isUniqueViolation, type Store } from '../../db/store';
import type { ServerMessageKey } from '../../i18n/server';
import { ApprovalRecords, type ApprovalRow, type ApprovalVisibility } from '../../repositories/approvals';
import type { Approvals } from '../../services/approvals';
import type { AuditFact } from '../../services/audit';
import { stillPending, type Change } from '../../services/change';
import { changesBorrower, refuseClosedAccount } from '../../services/closed-account-check';
import { accountOfTarget } from '../../services/operator-target';
import type { Operator } from '../../services/operators';
import { Forbidden, Refusal, sentenceOf } from '../../services/refusals';
import { formatTarget } from '../../services/targets';
import { commandOf, requiredCommand, type ApprovalCommand } from './commands';
import { carryOut, type Effects } from './effects';
import { approvalSubjects, type Asked } from './words';

/** A console change and its audit row in one write (console/writes.ts), which the composition gives. */
export interface ConsoleWriting {
  change<A>(
    action: string,
    fact: () => Omit<AuditFact, 'outcome'>,
    locks: readonly string[],
    work: (tx: Store) => Promise<Change<A>>,
  ): Promise<Change<A>>;
}

/**
 * Who decides, as the decision's write reads them: the request's session and roles are read
 * again inside every write (http/session-writes.ts), so a role taken away meanwhile is missing here.
 */
export interface Decider {
  /** The route's action, whose lock the write holds with the approval's. */
  action: string;
  checker(): Operator;
  /** What the audit row says of the request: who, from where, under which action. */
  fact(): Omit<AuditFact, 'outcome'>;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));
const parsed = (value: string | null): unknown => (value === null ? null : JSON.parse(value));
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

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

function view(row: ApprovalRow, subject: Approval['subject'], mayDecide: boolean): Approval {
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

/** A stored row as its words read it; none for a row whose parts make no command. */
function askedOf(row: ApprovalRow): Asked[] {
  const command = commandOf(row.kind, row.target, parsed(row.payload));
  const before = parsed(row.state_before);
  return command === null ? [] : [{ id: row.id, command, before: isRecord(before) ? before : null }];
}

/**
 * Four eyes where money moves or power is given: one operator asks for a change, a second one
 * with the same permission carries it out or declines it. Two people, not two accounts: the
 * maker, the operator it is about and accounts the same admin stands behind never decide it
 * (`refusalOf`); two checkers at once make one decision (the row's lock, then a conditional
 * update), and the change happens in the same write as the decision and its audit row, or none
 * of them does.
 */
export class ApprovalService implements Approvals {
  private readonly records: ApprovalRecords;

  constructor(
    private readonly ctx: Context,
    private readonly effects: Effects,
    private readonly writes: ConsoleWriting,
  ) {
    this.records = new ApprovalRecords(ctx.store);
  }

  static lock(id: number): string {
    return `approval:${id}`;
  }

  ask(tx: Store, maker: Operator, kind: ApprovalKind, target: string, payload: unknown, before: unknown): Promise<number> {
    return this.askCommand(tx, maker, requiredCommand(kind, target, payload), before);
  }

  /** Records the command inside the maker's write; one awaiting change per kind and target. */
  async askCommand(tx: Store, maker: Operator, command: ApprovalCommand, before: unknown): Promise<number> {
    try {
      return await tx.attempt(() =>
        new ApprovalRecords(tx).insert({
          kind: command.kind,
          target: formatTarget(command.target),
          payload: JSON.stringify(command.payload),
          state_before: json(before),
          maker_id: maker.id,
          maker_username: maker.username,
          created_at: this.ctx.now(),
        }),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refusal(sentenceOf('approvalAwaiting'));
      throw error;
    }
  }

  async byId(id: number): Promise<Approval> {
    const row = await this.records.byId(id);
    if (!row) throw new Refusal(sentenceOf('approvalNotFound'));
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
      approvalSubjects(store, rows.flatMap(askedOf)),
      viewer === null ? new Set<string>() : new ApprovalRecords(store).unconfirmedPartners(viewer.username),
    ]);
    const mayDecide = (row: ApprovalRow) =>
      viewer !== null &&
      row.status === 'awaiting' &&
      mayDo(viewer.roles, APPROVAL_KINDS[row.kind]) &&
      refusalOf(row, viewer, partners) === null;
    return rows.map((row) => view(row, subjects.get(row.id) ?? null, mayDecide(row)));
  }

  async newestFor(kind: ApprovalKind, target: string): Promise<Approval | null> {
    const row = await this.records.newest(kind, target);
    return row && (await this.viewed(this.ctx.store, [row], null))[0];
  }

  approvedBy(kind: ApprovalKind, targets: readonly string[]): Promise<Map<string, string>> {
    return this.records.approvedBy(kind, targets);
  }

  awaitingFor(kind: ApprovalKind, targets: readonly string[], store: Store = this.ctx.store): Promise<Map<string, number>> {
    return new ApprovalRecords(store).awaitingFor(kind, targets);
  }

  /**
   * The checker's decision, in a write holding the approval's lock that also writes its audit row
   * (`decider`: who decides, read inside that write): only an awaiting approval, only by an
   * operator whose roles carry the kind's permission, never by one `refusalOf` turns away. An
   * approval's command is carried out in that write, refused as a borrower's change once the
   * borrower's account is closed, even when it was asked before the closing.
   */
  decide(id: number, decision: 'approve' | 'decline', reason: string, decider: Decider): Promise<Change<ApprovalDecided>> {
    return this.writes.change(decider.action, decider.fact, [ApprovalService.lock(id)], async (tx) => {
      const checker = decider.checker();
      const records = new ApprovalRecords(tx);
      const row: ApprovalRow | null = await records.byId(id);
      if (!row) throw new Refusal(sentenceOf('approvalNotFound'));
      if (!mayDo(checker.roles, APPROVAL_KINDS[row.kind])) throw new Forbidden(sentenceOf('operatorForbidden'));
      const refusal = refusalOf(row, checker, await records.unconfirmedPartners(checker.username));
      if (refusal !== null) throw new Refusal(sentenceOf(refusal));
      const decided = await records.decide(id, {
        status: decision === 'approve' ? 'approved' : 'declined',
        checker_id: checker.id,
        checker_username: checker.username,
        decided_at: this.ctx.now(),
        reason: reason || null,
      });
      if (!decided) throw new Refusal(sentenceOf('approvalDecided'));
      let enrolment: OperatorEnrolment | null = null;
      let after: unknown = null;
      if (decision === 'approve') {
        const command = requiredCommand(row.kind, row.target, parsed(row.payload));
        if (changesBorrower(command.kind)) await refuseClosedAccount(tx, row.target);
        after = await carryOut(this.effects, tx, command, checker, (handed) => {
          enrolment = handed;
        });
      }
      const approval = (await this.viewed(tx, [(await records.byId(id))!], checker))[0];
      return {
        target: approval.target,
        before: approval.before,
        // A decline's reason is kept with it, so that the thing's history says why.
        after: { approval_id: approval.id, kind: approval.kind, status: approval.status, reason: approval.reason, result: after },
        // An enrolment code is the checker's to hand over: answered, never audited.
        answer: { ...approval, enrolment },
        notice: stillPending(after) ? sentenceOf('approvedPending') : undefined,
      };
    });
  }
}
