import { loadConfig } from '../settings/config';
import { openDatabase } from '../db/database';
import { rotateKeys } from '../maintenance/key-rotation';
import { run } from './command-line';

/**
 * Re-encrypts every ID number and bank card under DATA_KEYS' current key, on the database the
 * server's environment names, while the API runs. Prints one JSON line of counts (never a value).
 * Exits 1 when values remain under an old key: a process still ran with the old current key.
 */
run(async () => {
  const config = loadConfig();
  const { store, ready, cipher } = openDatabase(config, Date.now());
  try {
    await ready;
    const report = await rotateKeys(store, cipher);
    process.stdout.write(`${JSON.stringify(report)}\n`);
    if (report.remaining > 0) {
      console.error('Some values were written under an old key meanwhile: give every API process the new DATA_KEYS and run this again.');
      return 1;
    }
    return 0;
  } finally {
    await store.close();
  }
});
