import type { ApprovalKind, ApprovalStatus } from '@instalment/contract/api';
import type { ExpressionBuilder, Insertable, Selectable } from 'kysely';
import type { Store } from '../db/store';
import type { Tables } from '../db/tables';

export type ApprovalRow = Selectable<Tables['approvals']>;

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

  /** Oldest first, so the queue is worked in order. */
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
    const [list, total] = await Promise.all([rows.orderBy('id').limit(limit).offset(offset).execute(), count.executeTakeFirstOrThrow()]);
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

  /**
   * The usernames of the operators who may not check `username`'s work nor have it checked by
   * them: those `username` created or renewed the authenticator of, and those who did that to
   * `username`, while the latest `operator.confirm` about the account so made is not approved.
   */
  async unconfirmedPartners(username: string): Promise<Set<string>> {
    const accounts = await this.store.q
      .selectFrom('operators')
      .select(['username', 'created_by', 'reset_by'])
      .where((eb) => eb.or([eb('username', '=', username), eb('created_by', '=', username), eb('reset_by', '=', username)]))
      .execute();
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
    const partners = new Set<string>();
    for (const account of accounts) {
      if (latest.get(`operator:${account.username}`) === 'approved') continue;
      if (account.username !== username) partners.add(account.username);
      // Accounts made on the command line or before migration 018 were made by no admin.
      else for (const maker of [account.created_by, account.reset_by]) if (maker !== null) partners.add(maker);
    }
    return partners;
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
