import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Db } from '../db/database';

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
export function databaseRateLimitStore(db: Db, now: () => number) {
  const hit = db.prepare(`
    INSERT INTO rate_limits (bucket, key, window_start, hits) VALUES (@bucket, @key, @now, 1)
    ON CONFLICT (bucket, key) DO UPDATE SET
      hits = CASE WHEN window_start + @window <= @now THEN 1 ELSE hits + 1 END,
      window_start = CASE WHEN window_start + @window <= @now THEN @now ELSE window_start END
    RETURNING hits, window_start
  `);
  const peek = db.prepare('SELECT hits, window_start FROM rate_limits WHERE bucket = ? AND key = ?');
  const sweep = db.prepare('DELETE FROM rate_limits WHERE window_start < ?');

  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    private readonly bucket: string;

    constructor(options: FastifyRateLimitOptions & { routeInfo?: { method?: string; url?: string } } = {}) {
      this.bucket = options.routeInfo ? `${options.routeInfo.method} ${options.routeInfo.url}` : '*';
    }

    /** Sweeps counts that no window can still need (called from the app's periodic sweep). */
    static sweep(): void {
      sweep.run(now() - KEEP_MS);
    }

    incr(key: string, done: Done, timeWindow: number): void {
      try {
        const at = now();
        const row = hit.get({ bucket: this.bucket, key, now: at, window: timeWindow }) as { hits: number; window_start: number };
        done(null, { current: row.hits, ttl: row.window_start + timeWindow - at });
      } catch (error) {
        done(error as Error, { current: 0, ttl: 0 });
      }
    }

    read(key: string, done: Done, timeWindow: number): void {
      const at = now();
      const row = peek.get(this.bucket, key) as { hits: number; window_start: number } | undefined;
      const alive = row !== undefined && row.window_start + timeWindow > at;
      done(null, alive ? { current: row.hits, ttl: row.window_start + timeWindow - at } : { current: 0, ttl: timeWindow });
    }

    child(routeOptions: FastifyRateLimitOptions & { routeInfo?: { method?: string; url?: string } }): DatabaseRateLimitStore {
      return new DatabaseRateLimitStore(routeOptions);
    }
  };
}
