import { loadConfig } from '../settings/config';
import { takeBackup } from '../maintenance/backup';
import { archivePath, run } from './command-line';

/** `npm run backup -w server -- --to <file>`: the SQLite database and the uploads of the server's environment, while it runs. */
run(async () => {
  const to = archivePath(process.argv.slice(2), '--to');
  if (!to) {
    console.error('usage: npm run backup -w server -- --to <file>');
    return 2;
  }
  const manifest = await takeBackup(loadConfig(), to);
  process.stdout.write(`${JSON.stringify({ backup: to, ...manifest })}\n`);
  return 0;
});
