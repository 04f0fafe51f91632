import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { cashier, createLoan, installments, uploadFile } from '@instalment/contract/api';
import { blob, ENGINE, PNG_BYTES, sharedDatabase, signUp, type TestDatabase } from '../helpers';
import { payAtGateway } from '../services/ledger/gateway';
import { startProcess, stop, type ApiProcess } from '../process';
import { openSqlite } from '../../src/db/sqlite';
import { runCommand } from '../db/raw';

const BORROWERS = 20;
const TERM = 12;

let database: TestDatabase;
let folder: string;
const running: ApiProcess[] = [];
beforeEach(async () => {
  database = await sharedDatabase();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-backup-'));
});
afterEach(async () => {
  await Promise.all(running.splice(0).map(stop));
  await database.drop();
  fs.rmSync(folder, { recursive: true, force: true });
}, 30_000);

async function until(done: () => boolean): Promise<void> {
  while (!done()) await sleep(10);
}

(ENGINE === 'sqlite' ? test : test.skip)(
  'a backup taken while 20 borrowers repay restores, into a new folder, every repayment acknowledged before it began, and none torn',
  async () => {
    const api = await startProcess(database.options);
    running.push(api);
    const loans = await Promise.all(
      Array.from({ length: BORROWERS }, async () => {
        const borrower = await signUp(api);
        const { order_no } = await createLoan(borrower.http, { ...borrower.application, term: TERM });
        return { borrower, order_no };
      }),
    );
    const receipt = await uploadFile(loans[0].borrower.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');

    // Each borrower repays one instalment after another until the backup has finished.
    const acknowledged = loans.map(() => 0);
    let backingUp = true;
    const repaying = loans.map(async ({ borrower, order_no }, index) => {
      for (let period = 1; period <= TERM && (backingUp || period === 1); period += 1) {
        const due = await cashier(borrower.http, { order_no, periods: String(period) });
        expect(await payAtGateway(api, due.payment_no)).toBe('success');
        acknowledged[index] = period;
      }
    });
    await until(() => acknowledged.every((periods) => periods >= 1));
    const before = [...acknowledged];
    const file = path.join(folder, 'backup.tar.gz');
    const backup = await runCommand('backup', database.options, {}, ['--to', file]);
    backingUp = false;
    await Promise.all(repaying);
    expect(backup).toMatchObject({ code: 0 });
    const after = [...acknowledged];
    expect(after.some((periods, index) => periods > before[index])).toBe(true);

    const restoredFile = path.join(folder, 'restored', 'instalment.db');
    expect(await runCommand('restore', { databaseFile: restoredFile }, {}, ['--from', file])).toMatchObject({ code: 0 });
    const again = await runCommand('restore', { databaseFile: restoredFile }, {}, ['--from', file]);
    expect([again.code, again.stderr]).toEqual([1, expect.stringContaining('is not empty')]);
    expect(fs.readFileSync(path.join(folder, 'restored', receipt.url))).toEqual(PNG_BYTES);

    const restored = await startProcess({ databaseFile: restoredFile });
    running.push(restored);
    for (const [index, { borrower, order_no }] of loans.entries()) {
      const there = Object.assign(restored.client(), { token: borrower.token });
      const [now, then] = await Promise.all([installments(borrower.http, { order_no }), installments(there.http, { order_no })]);
      const paid = then.list.filter((item) => item.status === 'paid').length;
      expect(paid).toBeGreaterThanOrEqual(before[index]);
      expect(paid).toBeLessThanOrEqual(after[index]);
      // Whole instalments, in order, as the running server recorded them: nothing half-settled.
      expect(then.list.slice(0, paid)).toEqual(now.list.slice(0, paid));
      expect(then.list.slice(paid).every((item) => item.status !== 'paid')).toBe(true);
    }
  },
  120_000,
);

(ENGINE === 'postgres' ? test : test.skip)('on PostgreSQL the backup command names pg_dump instead', async () => {
  const backup = await runCommand('backup', database.options, {}, ['--to', path.join(folder, 'backup.tar.gz')]);
  expect([backup.code, backup.stderr]).toEqual([1, expect.stringContaining('pg_dump')]);
});

/** A file's permission bits. */
const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

(ENGINE === 'sqlite' ? test : test.skip)(
  'the database file (and its -wal and -shm), the uploads and a backup are readable by their owner only, whatever the umask',
  async () => {
    // The usual umask, which leaves what a process creates readable by every user of the machine.
    const umask = process.umask(0o022);
    try {
      const api = await startProcess(database.options);
      running.push(api);
      const borrower = await signUp(api);
      const receipt = await uploadFile(borrower.http, blob(PNG_BYTES, 'image/png'), 'receipt.png');
      const databaseFile = database.options.databaseFile!;
      const home = path.dirname(databaseFile);
      const stored = path.join(home, receipt.url);
      const folders = path.relative(home, path.dirname(stored)).split(path.sep);
      const file = path.join(folder, 'backup.tar.gz');
      expect(await runCommand('backup', database.options, {}, ['--to', file])).toMatchObject({ code: 0 });

      expect({
        database: [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`].map(modeOf),
        uploadFolders: folders.map((_, depth) => modeOf(path.join(home, ...folders.slice(0, depth + 1)))),
        upload: modeOf(stored),
        backup: modeOf(file),
      }).toEqual({ database: [0o600, 0o600, 0o600], uploadFolders: folders.map(() => 0o700), upload: 0o600, backup: 0o600 });
    } finally {
      process.umask(umask);
    }
  },
  60_000,
);

(ENGINE === 'sqlite' ? test : test.skip)(
  'a database opened in a folder everyone shares (sticky, as /tmp) leaves the folder open to all',
  async () => {
    const shared = path.join(folder, 'shared');
    fs.mkdirSync(shared);
    fs.chmodSync(shared, 0o1777);
    const databaseFile = path.join(shared, 'instalment.db');
    const { store } = openSqlite(databaseFile);
    try {
      expect({ folder: fs.statSync(shared).mode & 0o7777, file: modeOf(databaseFile) }).toEqual({ folder: 0o1777, file: 0o600 });
    } finally {
      await store.close();
    }
  },
);

(ENGINE === 'sqlite' ? test : test.skip)(
  'a database folder, file, -wal and -shm an earlier version left readable by others are narrowed to their owner when the server opens them',
  async () => {
    const home = path.join(folder, 'earlier');
    const databaseFile = path.join(home, 'instalment.db');
    const files = [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`];
    fs.mkdirSync(home, { mode: 0o755 });
    fs.chmodSync(home, 0o755);
    // SQLite copies the database file's mode only to a -wal or -shm it creates: ones already
    // there keep theirs, and the log holds the newest rows until a checkpoint.
    for (const file of files) {
      fs.writeFileSync(file, '');
      fs.chmodSync(file, 0o644);
    }
    const { store } = openSqlite(databaseFile);
    try {
      expect({ folder: modeOf(home), files: files.map(modeOf) }).toEqual({ folder: 0o700, files: [0o600, 0o600, 0o600] });
    } finally {
      await store.close();
    }
  },
);
