import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Store } from '../db/store';
import { RateLimitRecords } from '../repositories/rate-limits';

interface Count {
  current: number;
  ttl: number;
}
type Done = (error: Error | null, count: Count) => void;

/** Rows older than this are past every window the API uses, and are swept. */
const KEEP_MS = 24 * 3600 * 1000;

/**
 * A store for @fastify/rate-limit that counts in the database: one atomic upsert per request
 * on a limited route, so simultaneous requests, restarts and other processes on the same
 * database all see one count. Each route counts in a bucket of its own (method and URL).
 */
export function databaseRateLimitStore(store: Store, now: () => number) {
  const records = new RateLimitRecords(store);

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly bucket: string;

    constructor(options: FastifyRateLimitOptions & { routeInfo?: { method?: string; url?: string } } = {}) {
      this.bucket = options.routeInfo ? `${options.routeInfo.method} ${options.routeInfo.url}` : '*';
    }

    /** Sweeps counts that no window can still need (called from the app's periodic sweep). */
    static sweep(): Promise<void> {
      return records.forgetBefore(now() - KEEP_MS);
    }

    incr(key: string, done: Done, timeWindow: number): void {
      const at = now();
      records.hit(this.bucket, key, at, timeWindow).then(
        (row) => done(null, { current: row.hits, ttl: row.window_start + timeWindow - at }),
        (error: Error) => done(error, { current: 0, ttl: 0 }),
      );
    }

    read(key: string, done: Done, timeWindow: number): void {
      const at = now();
      records.peek(this.bucket, key).then(
        (row) => {
          const alive = row !== null && row.window_start + timeWindow > at;
          done(null, alive ? { current: row.hits, ttl: row.window_start + timeWindow - at } : { current: 0, ttl: timeWindow });
        },
        (error: Error) => done(error, { current: 0, ttl: 0 }),
      );
    }

    child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: string; url?: string } }): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
