import type { Approval, ApprovalKind } from '@instalment/contract/api';
import type { Store } from '../db/store';
import type { Operator } from './operators';

/**
 * What the services ask of the four-eyes approvals (console/approvals/service.ts), which the
 * composition gives them: the approvals depend on the services' effects, so the services know
 * them only by this.
 */
export interface Approvals {
  /**
   * Records the request inside the maker's write; one awaiting change per kind and target. The
   * target and payload must make the kind's command (console/approvals/commands.ts).
   */
  ask(tx: Store, maker: Operator, kind: ApprovalKind, target: string, payload: unknown, before: unknown): Promise<number>;
  /** The awaiting approval of `kind` for each of these targets (in `store` when a write is open). */
  awaitingFor(kind: ApprovalKind, targets: readonly string[], store?: Store): Promise<Map<string, number>>;
  /** Who approved `kind` for each of these targets: the second operator who carried it out. */
  approvedBy(kind: ApprovalKind, targets: readonly string[]): Promise<Map<string, string>>;
  /** The newest approval of `kind` for `target`, as listed (without a viewer), or null. */
  newestFor(kind: ApprovalKind, target: string): Promise<Approval | null>;
}
