import type { Store } from '../db/store';
import type { AuditFact, AuditService } from '../services/audit';
import type { Change } from '../services/change';

/**
 * The console's changes: each in one write with its audit row, so neither is kept without the
 * other. The write holds the action's own lock and `locks`; the request's session and permission
 * are read again inside it (http/session-writes.ts).
 */
export class ConsoleWrites {
  constructor(
    private readonly store: Store,
    private readonly audit: AuditService,
  ) {}

  /**
   * Does `work` for the route's `action` and writes the row `fact` tells of, with what the change
   * says it was about and did; `fact` is read once the work is done, so that the row names the
   * operator as the write read them.
   */
  change<A>(
    action: string,
    fact: () => Omit<AuditFact, 'outcome'>,
    locks: readonly string[],
    work: (tx: Store) => Promise<Change<A>>,
  ): Promise<Change<A>> {
    return this.store.write([`operator-action:${action}`, ...locks], async (tx) => {
      const result = await work(tx);
      await this.audit.record({ ...fact(), target: result.target, before: result.before, after: result.after, outcome: 'done' }, tx);
      return result;
    });
  }
}
