import type { AppConfig } from '../settings/config';
import { DEVELOPMENT_DATA_KEYS, FieldCipher } from '../sealing/field-cipher';
import { checkKeys, proveKeys } from './key-checks';
import { openPostgres } from './postgres';
import { migrate } from './schema';
import { seed } from './seed';
import { openSqlite } from './sqlite';
import type { Store } from './store';

/**
 * The configured database: PostgreSQL when `databaseUrl` is set, otherwise the embedded SQLite
 * file. `migrated` migrates it (and seeds a new one); `ready` is that and the keys proven
 * (db/key-checks.ts), which the app awaits before it serves. `keys` compares the keys again
 * (`/health/ready`). `cipher` seals and opens its personal fields.
 */
export function openDatabase(
  config: Pick<AppConfig, 'databaseUrl' | 'databaseFile' | 'dataKeys'>,
  nowMs: number,
): { store: Store; migrated: Promise<void>; ready: Promise<void>; keys: () => Promise<void>; cipher: FieldCipher } {
  const cipher = new FieldCipher(config.dataKeys ?? DEVELOPMENT_DATA_KEYS);
  const { store, schema } = config.databaseUrl ? openPostgres(config.databaseUrl) : openSqlite(config.databaseFile);
  const migrated = migrate(schema, cipher).then(async (fresh) => {
    if (fresh) await seed(store, nowMs);
  });
  const ready = migrated.then(() => proveKeys(store, cipher));
  // Awaited by the app's start; a failure is reported there, not as an unhandled rejection here.
  ready.catch(() => undefined);
  const keys = () => ready.then(() => checkKeys(store, cipher));
  return { store, migrated, ready, keys, cipher };
}
