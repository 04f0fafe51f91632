import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from 'better-sqlite3';
import { createLoan, installments } from '@instalment/shared/api';
import type { LoanRow } from '../src/services/loans';
import { signUp, startServer, type TestServer } from './helpers';

/** Reaches what the sweep reaches: the loan rows and the approval itself. */
type Internals = { ctx: { db: Database }; approve(loan: LoanRow, atMs: number): void };

test('two servers sweeping one database approve a delayed application once', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-sweep-'));
  const options = { databaseFile: path.join(dir, 'shared.db'), approvalMode: 'delay' as const, approvalDelaySeconds: 60 };
  const servers: TestServer[] = [await startServer(options), await startServer(options)];
  try {
    const [a, b] = servers;
    const user = await signUp(a);
    const { order_no } = await createLoan(user.http, user.application);
    for (const server of servers) server.clock.advance(61_000);
    const loansOf = (server: TestServer) => server.app.services.loans as unknown as Internals;
    // Both sweeps read the application as pending before either approves it.
    const seenByB = loansOf(b).ctx.db.prepare('SELECT * FROM loans WHERE order_no = ?').get(order_no) as LoanRow;
    a.app.services.loans.approveDue(null);
    expect(() => loansOf(b).approve(seenByB, seenByB.approve_after!)).not.toThrow();
    const schedule = await installments(user.http, { order_no });
    expect(schedule.list.map((item) => item.period)).toEqual([1, 2, 3]);
  } finally {
    await Promise.all(servers.map((server) => server.close()));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
