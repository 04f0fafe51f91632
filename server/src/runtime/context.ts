import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../settings/config';
import type { FieldCipher } from '../sealing/field-cipher';
import type { Store } from '../db/store';
import type { Metrics } from './metrics';

/** What every service needs: the database, the settings, the clock, the log and the counters operations watch. */
export interface Context {
  store: Store;
  config: AppConfig;
  /** Epoch milliseconds; tests move it to expire tokens and make instalments fall overdue. */
  now: () => number;
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** Seals and opens ID numbers and bank cards, which the database keeps encrypted. */
  cipher: FieldCipher;
}

export const seconds = (ms: number) => Math.floor(ms / 1000);
export const iso = (ms: number) => new Date(ms).toISOString();
