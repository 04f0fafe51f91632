import { loadConfig } from '../settings/config';
import { restoreBackup } from '../maintenance/restore';
import { archivePath, run } from './command-line';

/** `npm run restore -w server -- --from <file>`: a backup into the empty data folder of the server's environment. */
run(async () => {
  const from = archivePath(process.argv.slice(2), '--from');
  if (!from) {
    console.error('usage: npm run restore -w server -- --from <file>');
    return 2;
  }
  const config = loadConfig();
  const manifest = await restoreBackup(config, from);
  process.stdout.write(`${JSON.stringify({ restored: from, database: config.databaseFile, ...manifest })}\n`);
  return 0;
});
