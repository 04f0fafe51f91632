import type { AppConfig } from '../config';
import { DEVELOPMENT_DATA_KEYS, FieldCipher } from './field-cipher';
import { openPostgres } from './postgres';
import { migrate } from './schema';
import { seed } from './seed';
import { openSqlite } from './sqlite';
import type { Store } from './store';

/**
 * The configured database: PostgreSQL when `databaseUrl` is set, otherwise the embedded SQLite
 * file. `ready` migrates it (and seeds a new one); the app awaits it before it serves. `cipher`
 * seals and opens its personal fields.
 */
export function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseFile' | 'dataKeys'>,
  nowMs: number,
): { store: Store; ready: Promise<void>; cipher: FieldCipher } {
  const cipher = new FieldCipher(config.dataKeys ?? DEVELOPMENT_DATA_KEYS);
  const { store, schema } = config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(config.databaseFile);
  const ready = migrate(schema, cipher).then(async (fresh) => {
    if (fresh) await seed(store, nowMs);
  });
  // Awaited by the app's start; a failure is reported there, not as an unhandled rejection here.
  ready.catch(() => undefined);
  return { store, ready, cipher };
}
