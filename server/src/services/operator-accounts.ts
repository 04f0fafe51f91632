import { PRIVILEGED_ROLES, type OperatorRole } from '@instalment/contract/api';
import type { Static } from '@sinclair/typebox';
import type {
  OperatorCreated,
  OperatorDisabled,
  OperatorEnabled,
  OperatorRolesChanged,
  OperatorTotpReset,
  ConsoleOperator,
} from '@instalment/contract/api/schemas';
import { iso, type Context } from '../runtime/context';
import type { Store } from '../db/store';
import { OperatorRecords } from '../repositories/operators';
import type { Approvals } from './approvals';
import type { Change } from './change';
import { operatorTarget, type Confirmation } from './operator-target';
import { rolesOf, type Operator, type OperatorService } from './operators';
import { Refusal, sentenceOf } from './refusals';

/** Roles that grant what the operator does not hold yet and that a second admin must approve. */
const privilegedGrants = (now: readonly OperatorRole[], asked: readonly OperatorRole[]) =>
  asked.filter((role) => PRIVILEGED_ROLES.includes(role) && !now.includes(role));

/**
 * Operators' accounts as admins manage them in the console: every change in the admin's write,
 * with its audit row; no admin changes their own account. What gives power, or takes an admin's
 * away, waits for a second admin: a grant of a role that checks, moves money or grants roles
 * (`operator.roles`), any role taken from an admin, disabling an admin (`operator.disable`),
 * enabling again an operator with such a role (`operator.enable`) and renewing an admin's
 * authenticator (`operator.totp`). Every account an admin creates or renews
 * the authenticator of waits for a second admin's confirmation (`operator.confirm`).
 *
 * Taking power from an operator who is not an admin happens at once: it makes no one stronger,
 * and an operator who must be stopped is stopped now. An admin's power is different: one admin
 * who could remove or lock out the other admins alone would be left the only one, deciding
 * every four-eyes change with accounts of their own.
 */
export class OperatorAccounts {
  constructor(
    private readonly ctx: Context,
    private readonly operators: OperatorService,
    private readonly approvals: Approvals,
  ) {}

  async list(): Promise<Array<Static<typeof ConsoleOperator>>> {
    const rows = await new OperatorRecords(this.ctx.store).all();
    const targets = rows.map((row) => operatorTarget(row.username));
    const [roles, disable, enable, totp, confirm] = await Promise.all(
      (['operator.roles', 'operator.disable', 'operator.enable', 'operator.totp', 'operator.confirm'] as const).map((kind) =>
        this.approvals.awaitingFor(kind, targets),
      ),
    );
    const locked = await this.operators.locked(rows.map((row) => row.username));
    return rows.map((row) => {
      const target = operatorTarget(row.username);
      return {
        username: row.username,
        roles: rolesOf(row),
        disabled: row.disabled === 1,
        locked: locked.has(row.username),
        created_at: iso(row.created_at),
        roles_awaiting: roles.get(target) ?? null,
        disable_awaiting: disable.get(target) ?? null,
        enable_awaiting: enable.get(target) ?? null,
        totp_awaiting: totp.get(target) ?? null,
        confirm_awaiting: confirm.get(target) ?? null,
      };
    });
  }

  /** A new account with the roles it may have at once (privileged ones are asked for), and its operator's enrolment code. */
  async create(tx: Store, admin: Operator, username: string, roles: OperatorRole[]): Promise<Change<Static<typeof OperatorCreated>>> {
    const granted = privilegedGrants([], roles);
    const now = roles.filter((role) => !granted.includes(role));
    const enrolment = await this.operators.create(username, now, admin.username, tx);
    await this.askConfirmation(tx, admin, username, 'confirm-new');
    const approval_id = granted.length > 0 ? await this.askRoles(tx, admin, username, now, roles) : null;
    return {
      target: operatorTarget(username),
      before: undefined,
      // The audit keeps who and which roles, and when the enrolment code expires: never the code.
      after: { roles: now, roles_asked: approval_id === null ? null : roles, approval_id, enrolment_expires_at: enrolment.expires_at },
      answer: { enrolment, roles: now, approval_id },
    };
  }

  async setRoles(
    tx: Store,
    admin: Operator,
    username: string,
    roles: OperatorRole[],
  ): Promise<Change<Static<typeof OperatorRolesChanged>>> {
    const before = rolesOf(await this.account(tx, admin, username));
    const takenFromAdmin = before.includes('admin') && before.some((role) => !roles.includes(role));
    if (privilegedGrants(before, roles).length > 0 || takenFromAdmin) {
      const approval_id = await this.askRoles(tx, admin, username, before, roles);
      return {
        target: operatorTarget(username),
        before: { roles: before },
        after: { roles_asked: roles, approval_id },
        answer: { username, roles: before, approval_id },
      };
    }
    await new OperatorRecords(tx).setRoles(username, roles.join(','));
    return {
      target: operatorTarget(username),
      before: { roles: before },
      after: { roles },
      answer: { username, roles, approval_id: null },
    };
  }

  /** Sessions end at once; an admin's account waits for a second admin. */
  async disable(tx: Store, admin: Operator, username: string): Promise<Change<Static<typeof OperatorDisabled>>> {
    const row = await this.account(tx, admin, username);
    const target = operatorTarget(username);
    if (rolesOf(row).includes('admin')) {
      const approval_id = await this.approvals.ask(tx, admin, 'operator.disable', target, {}, { disabled: false });
      return { target, before: { disabled: false }, after: { disabled_asked: true, approval_id }, answer: { username, approval_id } };
    }
    await this.operators.disable(username, tx);
    return { target, before: { disabled: false }, after: { disabled: true }, answer: { username, approval_id: null } };
  }

  /**
   * A disabled operator may sign in again: at once, or, holding a role that checks, moves money or
   * grants roles, once a second admin approves (as a grant of that role would wait).
   */
  async enable(tx: Store, admin: Operator, username: string): Promise<Change<Static<typeof OperatorEnabled>>> {
    const row = await this.account(tx, admin, username);
    if (row.disabled === 0) throw new Refusal(sentenceOf('operatorNotDisabled'));
    const target = operatorTarget(username);
    if (rolesOf(row).some((role) => PRIVILEGED_ROLES.includes(role))) {
      const approval_id = await this.approvals.ask(tx, admin, 'operator.enable', target, {}, { disabled: true });
      return { target, before: { disabled: true }, after: { enable_asked: true, approval_id }, answer: { username, approval_id } };
    }
    await this.operators.enable(username, tx);
    return { target, before: { disabled: true }, after: { disabled: false }, answer: { username, approval_id: null } };
  }

  /**
   * The operator's authenticator ends at once; they enrol a new one with the code answered (never
   * seen in the audit). An admin's waits for a second admin, who is handed the code.
   */
  async resetTotp(tx: Store, admin: Operator, username: string): Promise<Change<Static<typeof OperatorTotpReset>>> {
    const row = await this.account(tx, admin, username);
    if (rolesOf(row).includes('admin')) {
      const approval_id = await this.approvals.ask(tx, admin, 'operator.totp', operatorTarget(username), {}, null);
      return {
        target: operatorTarget(username),
        before: undefined,
        after: { totp_reset_asked: true, approval_id },
        answer: { username, enrolment: null, approval_id },
      };
    }
    const enrolment = await this.operators.resetTotp(username, admin.username, tx);
    await this.askConfirmation(tx, admin, username, 'confirm-totp');
    return {
      target: operatorTarget(username),
      before: undefined,
      after: { totp_reset: true, enrolment_expires_at: enrolment.expires_at },
      answer: { username, enrolment, approval_id: null },
    };
  }

  private askRoles(tx: Store, admin: Operator, username: string, before: OperatorRole[], roles: OperatorRole[]): Promise<number> {
    return this.approvals.ask(tx, admin, 'operator.roles', operatorTarget(username), { roles }, { roles: before });
  }

  /**
   * Asks a second admin to confirm an account `admin` created or renewed the authenticator of,
   * in that write: until then the account and `admin` check nothing of each other's
   * (`ApprovalService.decide`). A confirmation already awaiting stands for this one too: no
   * admin who created or renewed the account may decide it.
   */
  async askConfirmation(tx: Store, admin: Operator, username: string, confirmation: Confirmation): Promise<void> {
    const target = operatorTarget(username);
    if ((await this.approvals.awaitingFor('operator.confirm', [target], tx)).size > 0) return;
    await this.approvals.ask(tx, admin, 'operator.confirm', target, { confirmation }, null);
  }

  /** Another operator's account: an admin never changes their own (a second admin does). */
  private async account(tx: Store, admin: Operator, username: string) {
    if (username === admin.username) throw new Refusal(sentenceOf('operatorOwnAccount'));
    const row = await new OperatorRecords(tx).byUsername(username);
    if (!row) throw new Refusal(sentenceOf('operatorNotFound'));
    return row;
  }
}
