import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../db/store';
import { LeaseRecords } from '../repositories/leases';

/** Work that runs in the background, in one process of a deployment at a time. */
export interface Job {
  name: string;
  /** How often it runs while this process holds the lease. */
  everyMs: number;
  run: () => Promise<unknown>;
}

export interface RunnerOptions {
  /** How long the lease lasts without renewal: a process that died is replaced after this. */
  leaseMs: number;
  /** How often the lease is renewed (or tried for) and due jobs run; well under `leaseMs`. */
  tickMs: number;
  /** Told of each job round that failed (the metrics count them). */
  failed?: (job: string) => void;
}

const LEASE = 'background';

/**
 * Runs the jobs in the one process that holds the `background` lease. Every process ticks: the
 * holder renews the lease and runs what is due, the others try for the lease and find it held,
 * until its holder stops renewing it (stopped, crashed, cut off from the database) and it expires.
 * Jobs run one after another within a tick, so none overlaps itself; one that throws is logged
 * and tried again when it is next due.
 */
export class BackgroundRunner {
  readonly holder = randomUUID();
  private readonly leases: LeaseRecords;
  private readonly lastRun = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;
  private held = false;

  constructor(
    store: Store,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: readonly Job[],
    private readonly options: RunnerOptions,
  ) {
    this.leases = new LeaseRecords(store);
  }

  /** Whether this process ran the jobs at its last tick. */
  get holding(): boolean {
    return this.held;
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), this.options.tickMs);
    this.timer.unref();
    void this.tick();
  }

  /** Stops ticking and hands the lease back, so that another process takes over at its next tick. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
    if (this.held) await this.leases.release(LEASE, this.holder).catch(() => undefined);
    this.held = false;
  }

  /** One round: the lease, then every job that is due. Rounds never overlap. */
  tick(): Promise<void> {
    this.ticking ??= this.round().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async round(): Promise<void> {
    const wasHeld = this.held;
    try {
      this.held = await this.leases.acquire(LEASE, this.holder, this.now(), this.options.leaseMs);
    } catch (error) {
      this.held = false;
      this.log.error({ err: error }, 'background lease could not be renewed');
      return;
    }
    if (this.held !== wasHeld)
      this.log.info({ holder: this.holder }, this.held ? 'background work taken over' : 'background work handed over');
    if (!this.held) return;
    const started = Date.now();
    for (const job of this.jobs) {
      // Real time, not the app's clock: intervals are about load, and tests move the app's clock by
      // days. Half a tick of slack: a timer that fires a little early must not skip a whole round.
      if (started - (this.lastRun.get(job.name) ?? -Infinity) < job.everyMs - this.options.tickMs / 2) continue;
      this.lastRun.set(job.name, started);
      try {
        await job.run();
      } catch (error) {
        this.log.error({ err: error, job: job.name }, 'background job failed');
        this.options.failed?.(job.name);
      }
    }
  }
}
