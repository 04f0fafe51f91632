import { PRIVILEGED_ROLES, type OperatorRole } from '@instalment/contract/api';
import type { Static } from '@sinclair/typebox';
import type { OperatorCreated, OperatorCredentials, OperatorRolesChanged, StaffOperator } from '@instalment/contract/api/schemas';
import { iso, type Context } from '../context';
import type { Store } from '../db/store';
import { OperatorRecords } from '../repositories/operators';
import type { ApprovalService } from './approvals';
import type { Change } from './change';
import { rolesOf, type Operator, type OperatorService } from './operators';
import { Refusal, say } from './refusals';

export const operatorTarget = (username: string) => `operator:${username}`;
const usernameOf = (target: string) => target.slice(target.indexOf(':') + 1);

/** Roles that grant what the operator does not hold yet and that a second admin must approve. */
const privilegedGrants = (now: readonly OperatorRole[], asked: readonly OperatorRole[]) =>
  asked.filter((role) => PRIVILEGED_ROLES.includes(role) && !now.includes(role));

/** What a second admin's approval of `operator.roles` does. */
export async function applyOperatorRoles(tx: Store, target: string, payload: unknown): Promise<{ roles: OperatorRole[] }> {
  const { roles } = payload as { roles: OperatorRole[] };
  if ((await new OperatorRecords(tx).setRoles(usernameOf(target), roles.join(','))) === null) throw new Refusal(say('operatorNotFound'));
  return { roles };
}

/**
 * Operators' accounts as admins manage them in the console: every change in the admin's write,
 * with its audit row; a grant of a role that moves money or grants roles waits for a second admin
 * (`operator.roles`); no admin changes their own account.
 */
export class OperatorAccounts {
  constructor(
    private readonly ctx: Context,
    private readonly operators: OperatorService,
    private readonly approvals: ApprovalService,
  ) {}

  async list(): Promise<Array<Static<typeof StaffOperator>>> {
    const rows = await new OperatorRecords(this.ctx.store).all();
    const awaiting = await this.approvals.awaitingFor(
      'operator.roles',
      rows.map((row) => operatorTarget(row.username)),
    );
    return rows.map((row) => ({
      username: row.username,
      roles: rolesOf(row),
      disabled: row.disabled === 1,
      created_at: iso(row.created_at),
      roles_awaiting: awaiting.get(operatorTarget(row.username)) ?? null,
    }));
  }

  /** A new account with the roles it may have at once; privileged ones are asked for. */
  async create(tx: Store, admin: Operator, username: string, roles: OperatorRole[]): Promise<Change<Static<typeof OperatorCreated>>> {
    const granted = privilegedGrants([], roles);
    const now = roles.filter((role) => !granted.includes(role));
    const created = await this.operators.create(username, now, tx);
    const approval_id = granted.length > 0 ? await this.askRoles(tx, admin, username, now, roles) : null;
    const credentials: Static<typeof OperatorCredentials> = { ...created };
    return {
      target: operatorTarget(username),
      before: undefined,
      // The audit keeps who and which roles, never the secrets.
      after: { roles: now, roles_asked: approval_id === null ? null : roles, approval_id },
      answer: { credentials, roles: now, approval_id },
    };
  }

  async setRoles(
    tx: Store,
    admin: Operator,
    username: string,
    roles: OperatorRole[],
  ): Promise<Change<Static<typeof OperatorRolesChanged>>> {
    const before = rolesOf(await this.account(tx, admin, username));
    if (privilegedGrants(before, roles).length > 0) {
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

  async disable(tx: Store, admin: Operator, username: string): Promise<Change<null>> {
    await this.account(tx, admin, username);
    await this.operators.disable(username, tx);
    return { target: operatorTarget(username), before: { disabled: false }, after: { disabled: true }, answer: null };
  }

  async resetTotp(tx: Store, admin: Operator, username: string): Promise<Change<Static<typeof OperatorCredentials>>> {
    await this.account(tx, admin, username);
    const secret = await this.operators.resetTotp(username, tx);
    return {
      target: operatorTarget(username),
      before: undefined,
      after: { totp_reset: true },
      answer: { username, password: null, ...secret },
    };
  }

  private askRoles(tx: Store, admin: Operator, username: string, before: OperatorRole[], roles: OperatorRole[]): Promise<number> {
    return this.approvals.ask(tx, admin, 'operator.roles', operatorTarget(username), { roles }, { roles: before });
  }

  /** Another operator's account: an admin never changes their own (a second admin does). */
  private async account(tx: Store, admin: Operator, username: string) {
    if (username === admin.username) throw new Refusal(say('operatorOwnAccount'));
    const row = await new OperatorRecords(tx).byUsername(username);
    if (!row) throw new Refusal(say('operatorNotFound'));
    return row;
  }
}
