import type { ApprovalKind, ApprovalStatus } from '@instalment/contract/api';
import type { Expression, ExpressionBuilder, Insertable, Selectable, SqlBool } from 'kysely';
import type { Store } from '../db/store';
import type { Tables } from '../db/tables';

export type ApprovalRow = Selectable<Tables['approvals']>;

type MadeAccount = Pick<Selectable<Tables['operators']>, 'username' | 'created_by' | 'reset_by'>;

/** Which approvals a reader may see: of the kinds they may decide, or asked for by them. */
export interface ApprovalVisibility {
  kinds: readonly ApprovalKind[];
  makerId: number;
}

/** Changes waiting for a second operator, and what became of them. */
export class ApprovalRecords {
  constructor(private readonly store: Store) {}

  async insert(approval: Insertable<Tables['approvals']>): Promise<number> {
    const row = await this.store.q.insertInto('approvals').values(approval).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  async byId(id: number): Promise<ApprovalRow | null> {
    return (await this.store.q.selectFrom('approvals').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** Awaiting ones oldest first, so the queue is worked in order; decided ones newest first. */
  async page(
    filter: { status: ApprovalStatus | null; visibleTo: ApprovalVisibility | null },
    limit: number,
    offset: number,
  ): Promise<{ rows: ApprovalRow[]; total: number }> {
    let rows = this.store.q.selectFrom('approvals').selectAll();
    let count = this.store.q.selectFrom('approvals').select((eb) => eb.fn.countAll<number>().as('n'));
    const { status, visibleTo } = filter;
    if (status) {
      rows = rows.where('status', '=', status);
      count = count.where('status', '=', status);
    }
    if (visibleTo) {
      const { kinds, makerId } = visibleTo;
      // `in ()` is not SQL: with no kind to decide, only one's own requests are left.
      const visible = (eb: ExpressionBuilder<Tables, 'approvals'>) =>
        kinds.length > 0 ? eb.or([eb('kind', 'in', kinds), eb('maker_id', '=', makerId)]) : eb('maker_id', '=', makerId);
      rows = rows.where(visible);
      count = count.where(visible);
    }
    // What waits is taken in turn, oldest first; what was decided is looked up, newest first.
    const order = status === 'awaiting' ? 'asc' : 'desc';
    const [list, total] = await Promise.all([
      rows.orderBy('id', order).limit(limit).offset(offset).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: list, total: Number(total.n) };
  }

  /** The awaiting approvals of one kind for these targets, by target. */
  async awaitingFor(kind: ApprovalKind, targets: readonly string[]): Promise<Map<string, number>> {
    if (targets.length === 0) return new Map();
    const rows = await this.store.q
      .selectFrom('approvals')
      .select(['id', 'target'])
      .where('kind', '=', kind)
      .where('status', '=', 'awaiting')
      .where('target', 'in', targets)
      .execute();
    return new Map(rows.map((row) => [row.target, row.id]));
  }

  /** The newest approval of one kind for a target (awaiting or decided), or null. */
  async newest(kind: ApprovalKind, target: string): Promise<ApprovalRow | null> {
    const row = await this.store.q
      .selectFrom('approvals')
      .selectAll()
      .where('kind', '=', kind)
      .where('target', '=', target)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Who approved each of these targets' approvals of one kind, by target (the checkers). */
  async approvedBy(kind: ApprovalKind, targets: readonly string[]): Promise<Map<string, string>> {
    if (targets.length === 0) return new Map();
    const rows = await this.store.q
      .selectFrom('approvals')
      .select(['target', 'checker_username'])
      .where('kind', '=', kind)
      .where('status', '=', 'approved')
      .where('target', 'in', targets)
      .execute();
    return new Map(rows.map((row) => [row.target, row.checker_username ?? '']));
  }

  /**
   * The usernames of the operators who may not check `username`'s work nor have it checked by
   * them. An account an admin created or renewed the authenticator of is that admin's until a
   * second admin approves the latest `operator.confirm` about it: the admin held its enrolment
   * code, so may be the one signing in as it. Being one person goes both ways and reaches every
   * such account: while they are unconfirmed the admin and all the accounts they made or renewed
   * count as one person, so two accounts one admin made never check each other either.
   */
  async unconfirmedPartners(username: string): Promise<Set<string>> {
    const [own] = await this.unconfirmed(await this.accounts((eb) => eb('username', '=', username)));
    // Makers that are operators only: the accounts the command line (`cli:<user>`) made, or any
    // before migration 018, were made by no admin, so are nobody's but their own.
    const claimed = own ? [own.created_by, own.reset_by].filter((maker) => maker !== null) : [];
    const admins = claimed.length === 0 ? [] : (await this.accounts((eb) => eb('username', 'in', claimed))).map((admin) => admin.username);
    const makers = [username, ...admins];
    const made = await this.unconfirmed(await this.accounts((eb) => eb.or([eb('created_by', 'in', makers), eb('reset_by', 'in', makers)])));
    const partners = new Set([...admins, ...made.map((account) => account.username)]);
    partners.delete(username);
    return partners;
  }

  private accounts(which: (eb: ExpressionBuilder<Tables, 'operators'>) => Expression<SqlBool>): Promise<MadeAccount[]> {
    return this.store.q.selectFrom('operators').select(['username', 'created_by', 'reset_by']).where(which).execute();
  }

  /** Those of `accounts` whose latest `operator.confirm` is not approved. */
  private async unconfirmed(accounts: MadeAccount[]): Promise<MadeAccount[]> {
    if (accounts.length === 0) return [];
    const confirmations = await this.store.q
      .selectFrom('approvals')
      .select(['target', 'status'])
      .where('kind', '=', 'operator.confirm')
      .where(
        'target',
        'in',
        accounts.map((account) => `operator:${account.username}`),
      )
      .orderBy('id')
      .execute();
    const latest = new Map(confirmations.map((row) => [row.target, row.status]));
    return accounts.filter((account) => latest.get(`operator:${account.username}`) !== 'approved');
  }

  /** Records the checker's decision; false when it was decided already (by someone quicker). */
  async decide(
    id: number,
    decision: Pick<ApprovalRow, 'status' | 'checker_id' | 'checker_username' | 'decided_at' | 'reason'>,
  ): Promise<boolean> {
    const result = await this.store.q
      .updateTable('approvals')
      .set(decision)
      .where('id', '=', id)
      .where('status', '=', 'awaiting')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
