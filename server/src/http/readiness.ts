import type { Static } from '@sinclair/typebox';
import type { NotReady } from '@instalment/contract/api/schemas';

/**
 * Whether this process should be sent traffic, as a load balancer asks `GET /health/ready`: not
 * while it drains for a stop, nor while its database, its schema, its keys or its file storage fails it.
 * `GET /health/live` only says the process answers.
 */
export interface ReadinessChecks {
  /** A round trip to the database. */
  database: () => Promise<unknown>;
  /** The schema migrated and seeded at start. */
  migrated: Promise<unknown>;
  /** The keys proven at start and still those whose check values the database keeps (db/key-checks.ts). */
  keys: () => Promise<unknown>;
  /** The uploads' storage can be written. */
  storage: () => Promise<unknown>;
}

export type NotReadyReason = Static<typeof NotReady>['problems'][number];

export class Readiness {
  /** Set on SIGTERM: the balancer stops sending requests while those in flight finish. */
  draining = false;

  constructor(private readonly checks: ReadinessChecks) {}

  /** Why not ready, each check's failure named; none when ready. */
  async problems(): Promise<NotReadyReason[]> {
    const failing = (check: () => Promise<unknown>, reason: NotReadyReason) =>
      check().then(
        () => [],
        () => [reason],
      );
    const found = await Promise.all([
      failing(() => this.checks.migrated, 'migrations'),
      failing(this.checks.keys, 'keys'),
      failing(this.checks.database, 'database'),
      failing(this.checks.storage, 'storage'),
    ]);
    return [...(this.draining ? (['draining'] as const) : []), ...found.flat()];
  }
}
