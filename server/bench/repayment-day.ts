/**
 * The repayment day (`npm run bench:repayment-day`): borrowers whose first instalment falls due
 * today all pay it, `--at-once` at a time, each as the app and Alipay do it: the cashier for the
 * due period through Alipay (GET ENDPOINTS.cashier, signed by the app's key), the payer opening
 * Alipay's page (the loopback fake, `test/fakes/alipay.ts`, which checks that signature) and
 * paying, and Alipay's signed notify reaching the API, which settles the instalment. A settlement's
 * time runs from the cashier's request to the notify's answer; beside it, the CPU a settlement
 * cost the API processes, PostgreSQL and this process (/proc), which a shared machine's other
 * work moves far less than the wall time. Run on SQLite (one process), and
 * on a throwaway PostgreSQL with one API process and with two behind nginx as the rehearsal runs
 * them (scripts/postgres.js, nginx.js, nginx-config.js, stack.js), the built server each time.
 * Then checks, from the database and from the gateway's side, that every loan's period was paid
 * exactly once. Flags:
 *   --borrowers N      borrowers, one settlement each (2000)
 *   --at-once N        settlements in flight (32)
 *   --only a,b         of sqlite, postgres-1, postgres-2 (all three)
 *   --statements       also runs postgres-1 once more with every statement logged, and prints
 *                      statements, transactions and locks per settlement (not timed: logging slows it)
 * Loopback only, bounded in time (BENCH_REPAYMENT_LIMIT_SECONDS, 600), stops everything it
 * started, on failure too. Prints a table and writes bench/results/repayment-day-latest.json.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { ENDPOINTS, TOKEN_HEADER, type Cashier } from '@instalment/contract/api';
import { DEFAULT_BUSINESS_TIMEZONE } from '@instalment/contract/format';
import { calendarDate } from '@instalment/contract/loan';
import { openDatabase } from '../src/db/database';
import type { Store } from '../src/db/store';
import { alipayEnv, startAlipayFake, type AlipayFake } from '../test/fakes/alipay';
import { request } from '../test/fakes/request';
import { seedDueLoans } from './seeding';
import { cleanups, runBounded } from './lifetime';

interface Stopper {
  stop: () => Promise<unknown> | unknown;
}
const scripts = createRequire(path.join(__dirname, '..', '..', 'scripts', 'stack.js'));
const { startApi, HOST, ROOT } = scripts('./stack') as {
  startApi: (options: { port: number; env: Record<string, string>; quiet: boolean }) => Promise<Stopper & { url: string }>;
  HOST: string;
  ROOT: string;
};
const { startPostgres } = scripts('./postgres') as { startPostgres: (dir: string) => Promise<Stopper & { url: string }> };
const { ensureNginx, startNginx, hasBrotli } = scripts('./nginx') as {
  ensureNginx: () => void;
  startNginx: (options: { dir: string; httpConfig: string; readyUrl: string; servesFrom: string }) => Promise<Stopper>;
  hasBrotli: () => boolean;
};
const { renderNginxConfig } = scripts('./nginx-config') as { renderNginxConfig: (deployment: unknown) => string };
const { freePort } = scripts('./ports') as { freePort: () => Promise<number> };

const CONFIGURATIONS = ['sqlite', 'postgres-1', 'postgres-2'] as const;
type Configuration = (typeof CONFIGURATIONS)[number];

const { values: flags } = parseArgs({
  options: {
    borrowers: { type: 'string', default: '2000' },
    'at-once': { type: 'string', default: '32' },
    only: { type: 'string', default: CONFIGURATIONS.join(',') },
    statements: { type: 'boolean', default: false },
  },
});
const BORROWERS = Number(flags.borrowers);
const AT_ONCE = Number(flags['at-once']);
const ONLY = flags.only.split(',') as Configuration[];
for (const name of ONLY) if (!CONFIGURATIONS.includes(name)) throw new Error(`--only: ${name} is none of ${CONFIGURATIONS.join(', ')}`);
const LIMIT_MS = Number(process.env.BENCH_REPAYMENT_LIMIT_SECONDS ?? 600) * 1000;
const ZONE = process.env.BUSINESS_TIMEZONE ?? DEFAULT_BUSINESS_TIMEZONE;
/** The app's page the payer comes back to: an origin the API accepts (APP_URL), never opened. */
const APP_ORIGIN = 'http://127.0.0.1:9';
const TOKEN_TTL_SECONDS = 24 * 3600;

const deadline = Date.now() + LIMIT_MS;

interface Borrower {
  orderNo: string;
  token: string;
}

/** Each borrower's session, as a login writes it (the hash of a random token). */
async function seedBorrowers(store: Store, cipher: ReturnType<typeof openDatabase>['cipher'], today: string) {
  const borrowers: Borrower[] = [];
  const now = Math.floor(Date.now() / 1000);
  const dueFen = await seedDueLoans(store, cipher, {
    count: BORROWERS,
    today,
    zone: ZONE,
    each: async (batch) => {
      const tokens = batch.map(() => randomBytes(32).toString('hex'));
      await store.q
        .insertInto('tokens')
        .values(
          batch.map((borrower, index) => ({
            token_hash: createHash('sha256').update(tokens[index]).digest('hex'),
            user_id: borrower.userId,
            createtime: now,
            expiretime: now + TOKEN_TTL_SECONDS,
          })),
        )
        .execute();
      batch.forEach((borrower, index) => borrowers.push({ orderNo: borrower.orderNo, token: tokens[index] }));
    },
  });
  return { borrowers, dueFen };
}

/** The borrowers' connections, kept open as a phone's are between its calls. */
const phones = new http.Agent({ keepAlive: true });
cleanups.push(() => phones.destroy());

/** One settlement as the app and Alipay make it; answers its time in ms. */
async function settle(apiUrl: string, alipay: AlipayFake, borrower: Borrower): Promise<number> {
  const started = performance.now();
  const query = new URLSearchParams({ order_no: borrower.orderNo, periods: '1', channel: 'alipay', return_url: `${APP_ORIGIN}/repay` });
  const answer = await request(`${apiUrl}${ENDPOINTS.cashier}?${query}`, { headers: { [TOKEN_HEADER]: borrower.token }, agent: phones });
  const envelope = JSON.parse(answer.text) as { code: number; msg: string; data: Cashier | null };
  if (envelope.code !== 1 || !envelope.data?.pay_url) throw new Error(`cashier of ${borrower.orderNo}: ${answer.status} ${envelope.msg}`);
  const page = await request(envelope.data.pay_url, { agent: phones });
  if (page.status !== 200) throw new Error(`Alipay's page for ${envelope.data.payment_no}: ${page.status}`);
  // The payer pays: Alipay marks the trade paid and sends its signed notify (the fake's "Pay" without the return page, which no one opens here).
  const trade = alipay.trades.get(envelope.data.payment_no)!;
  trade.status = 'TRADE_SUCCESS';
  const told = await alipay.postNotify(trade.notifyUrl, alipay.notifyFields(trade.outTradeNo));
  trade.notifyAnswers.push(told);
  if (told !== 'success') throw new Error(`the notify of ${trade.outTradeNo} was answered ${told}`);
  return performance.now() - started;
}

const count = async (query: Promise<{ n: string | number | bigint }>) => Number((await query).n);

/** Every loan's first period paid exactly once, by one payment, the money Alipay took and nothing else. */
async function paidOnce(store: Store, alipay: AlipayFake, dueFen: number): Promise<string[]> {
  const q = store.q;
  const paidFirst = await count(
    q
      .selectFrom('instalments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('period', '=', 1)
      .where('paid_at', 'is not', null)
      .executeTakeFirstOrThrow(),
  );
  const paidLater = await count(
    q
      .selectFrom('instalments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('period', '>', 1)
      .where('paid_at', 'is not', null)
      .executeTakeFirstOrThrow(),
  );
  const payments = await q.selectFrom('payments').select(['loan_id', 'status', 'amount_fen', 'payment_no']).execute();
  const paid = payments.filter((payment) => payment.status === 'paid');
  const paidLoans = new Set(paid.map((payment) => payment.loan_id));
  // Each instalment names the payment that paid it.
  const byTheirPayment = await count(
    q
      .selectFrom('instalments as i')
      .innerJoin('payments as p', 'p.loan_id', 'i.loan_id')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('i.period', '=', 1)
      .where('p.status', '=', 'paid')
      .where(sql<boolean>`i.paid_by = 'payment:' || p.payment_no`)
      .executeTakeFirstOrThrow(),
  );
  const differences = await count(
    q
      .selectFrom('payment_differences')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow(),
  );
  const trades = [...alipay.trades.values()];
  const succeeded = trades.filter((trade) => trade.status === 'TRADE_SUCCESS');
  const takenFen = succeeded.reduce((sum, trade) => sum + Math.round(Number(trade.totalAmount) * 100), 0);
  const notifiedOnce = succeeded.filter((trade) => trade.notifyAnswers.length === 1 && trade.notifyAnswers[0] === 'success').length;
  const bookedFen = paid.reduce((sum, payment) => sum + payment.amount_fen, 0);
  return [
    paidFirst !== BORROWERS && `${paidFirst} of ${BORROWERS} due instalments paid`,
    paidLater !== 0 && `${paidLater} instalments not yet due were paid`,
    payments.length !== BORROWERS && `${payments.length} payments opened (one per borrower expected)`,
    paid.length !== BORROWERS && `${paid.length} paid payments`,
    paidLoans.size !== BORROWERS && `${paidLoans.size} loans with a paid payment`,
    byTheirPayment !== BORROWERS && `${byTheirPayment} instalments name the payment that paid them`,
    differences !== 0 && `${differences} payment differences`,
    succeeded.length !== BORROWERS && `${succeeded.length} paid trades at Alipay`,
    notifiedOnce !== BORROWERS && `${notifiedOnce} trades notified once and answered success`,
    takenFen !== BORROWERS * dueFen && `Alipay took ${takenFen} fen, ${BORROWERS * dueFen} were due`,
    bookedFen !== takenFen && `the books received ${bookedFen} fen, Alipay took ${takenFen}`,
  ].filter((problem): problem is string => typeof problem === 'string');
}

/** Where the cluster's log is read from, for --statements: every statement a backend ran, by its pid. */
interface StatementLog {
  file: string;
  from: number;
}

/** Statements, transactions and advisory locks per settlement, from the log of the timed window. */
function statementsOf(log: StatementLog, settlements: number) {
  const text = fs.readFileSync(log.file, 'utf8').slice(log.from);
  const open = new Set<string>();
  let statements = 0;
  let transactions = 0;
  const texts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^(\d+) LOG:\s+(?:statement|execute [^:]*): (.*)$/.exec(line);
    if (!match) continue;
    const [, pid, statement] = match;
    statements += 1;
    const shape = statement.replace(/\$\d+/g, '?').replace(/\s+/g, ' ').slice(0, 160);
    texts.set(shape, (texts.get(shape) ?? 0) + 1);
    if (/^BEGIN/i.test(statement)) {
      open.add(pid);
      transactions += 1;
    } else if (/^(COMMIT|ROLLBACK)$/i.test(statement)) open.delete(pid);
    else if (!open.has(pid)) transactions += 1;
  }
  const per = (n: number) => Number((n / settlements).toFixed(2));
  return {
    statementsPerSettlement: per(statements),
    transactionsPerSettlement: per(transactions),
    advisoryLocksPerSettlement: per([...texts].filter(([shape]) => shape.includes('pg_advisory')).reduce((sum, [, n]) => sum + n, 0)),
    byStatement: [...texts]
      .sort((a, b) => b[1] - a[1])
      .map(([shape, n]) => ({ perSettlement: per(n), statement: shape }))
      .filter((row) => row.perSettlement >= 0.01),
  };
}

interface Figures {
  database: 'SQLite' | 'PostgreSQL';
  processes: number;
  settlements: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  paidOnce: { ok: boolean; problems: string[] };
  firstErrors: string[];
  loadAverageBefore: number[];
  loadAverageAfter: number[];
  /** CPU ms per settlement of the API processes, of PostgreSQL, and of this process (the borrowers and the Alipay fake). */
  cpuMsPerSettlement: { api: number; postgres: number; borrowersAndAlipay: number };
  statements?: ReturnType<typeof statementsOf>;
}

/** CPU seconds (user and system) a process has used, from /proc (Linux): 0 where it cannot be read. */
function cpuSeconds(pid: number): number {
  try {
    // The fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The processes whose parent is `parent` (a cluster's backends), from /proc. */
function childrenOf(parent: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** The API process listening on `port` (its PORT), found in /proc: stack.js answers its address, not its process. */
function apiProcess(port: number): number | null {
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`PORT=${port}`)) return Number(pid);
    } catch {
      // gone, or not ours to read
    }
  }
  return null;
}

/**
 * CPU used so far by the API processes and the cluster (its postmaster and backends, whose CPU
 * is read before they exit): per settlement, a figure that contention on a shared machine moves
 * far less than the wall time.
 */
function cpuNow(apiPids: number[], postmaster: number | null) {
  const cluster = postmaster === null ? [] : [postmaster, ...childrenOf(postmaster)];
  return {
    api: apiPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    postgres: cluster.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] : 0;
const loadAverage = () => os.loadavg().map((value) => Number(value.toFixed(2)));

/** One configuration, from an empty database to its checks; everything it started is stopped before it answers. */
async function run(configuration: Configuration, logStatements = false): Promise<Figures> {
  const stops: Array<() => Promise<unknown> | unknown> = [];
  // Each part is stopped even when one before it fails to stop: a cluster must not outlive the run.
  const stopAll = async () => {
    for (const stop of stops.reverse().splice(0)) {
      try {
        await stop();
      } catch (error) {
        console.error(error);
      }
    }
  };
  cleanups.push(stopAll);
  try {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-repayment-day-'));
    // nginx's workers and the cluster's owner read inside it.
    fs.chmodSync(dir, 0o755);
    stops.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const onPostgres = configuration !== 'sqlite';
    const processes = configuration === 'postgres-2' ? 2 : 1;
    let databaseEnv: Record<string, string>;
    let log: StatementLog | null = null;
    let postmaster: number | null = null;
    const apiPids: number[] = [];
    if (onPostgres) {
      const postgresDir = path.join(dir, 'postgres');
      fs.mkdirSync(postgresDir);
      const postgres = await startPostgres(postgresDir);
      stops.push(postgres.stop);
      postmaster = Number(fs.readFileSync(path.join(postgresDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
      databaseEnv = { DATABASE_URL: postgres.url };
      if (logStatements) log = { file: path.join(postgresDir, 'log'), from: 0 };
    } else databaseEnv = { DATABASE_FILE: path.join(dir, 'bench.db') };

    const now = Date.now();
    const today = calendarDate(now, ZONE);
    const database = openDatabase(
      { databaseUrl: databaseEnv.DATABASE_URL ?? '', databaseFile: databaseEnv.DATABASE_FILE ?? '', dataKeys: null },
      now,
    );
    stops.push(() => database.store.close());
    await database.ready;
    const { borrowers, dueFen } = await seedBorrowers(database.store, database.cipher, today);
    if (log) {
      await sql`ALTER SYSTEM SET log_statement = 'all'`.execute(database.store.q);
      await sql`ALTER SYSTEM SET log_line_prefix = '%p '`.execute(database.store.q);
      await sql`SELECT pg_reload_conf()`.execute(database.store.q);
    }

    const alipay = await startAlipayFake();
    stops.push(() => alipay.close());
    const env = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      BUSINESS_TIMEZONE: ZONE,
      APP_URL: APP_ORIGIN,
      PAYMENT_PROVIDER: 'alipay',
      ...alipayEnv(alipay),
      ...databaseEnv,
    };
    // Alipay's notify comes back to the address the cashier signs: nginx's, in front of two processes.
    const edgePort = processes > 1 ? await freePort() : null;
    const apis: string[] = [];
    for (let index = 0; index < processes; index += 1) {
      const port = await freePort();
      const behind: Record<string, string> =
        edgePort === null ? { PUBLIC_URL: `http://${HOST}:${port}` } : { PUBLIC_URL: `http://${HOST}:${edgePort}`, TRUST_PROXY: HOST };
      const api = await startApi({ port, env: { ...env, ...behind }, quiet: true });
      stops.push(api.stop);
      apis.push(new URL(api.url).host);
      const pid = apiProcess(port);
      if (pid !== null) apiPids.push(pid);
    }
    let apiUrl = `http://${apis[0]}`;
    if (edgePort !== null) {
      ensureNginx();
      apiUrl = `http://${HOST}:${edgePort}`;
      const httpConfig = renderNginxConfig({
        sites: {},
        api: { listen: `${HOST}:${edgePort}`, server_name: HOST, servers: apis },
        hostOrigins: [APP_ORIGIN],
        brotli: hasBrotli(),
      });
      const nginx = await startNginx({ dir: path.join(dir, 'nginx'), httpConfig, readyUrl: `${apiUrl}/health/ready`, servesFrom: ROOT });
      stops.push(nginx.stop);
    }
    if (log) log.from = fs.statSync(log.file).size;

    const loadAverageBefore = loadAverage();
    const cpuBefore = cpuNow(apiPids, postmaster);
    const times: number[] = [];
    const errors: string[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: AT_ONCE }, async () => {
        while (next < borrowers.length && Date.now() < deadline) {
          const borrower = borrowers[next];
          next += 1;
          await settle(apiUrl, alipay, borrower).then(
            (ms) => times.push(ms),
            (error: unknown) => errors.push(String(error)),
          );
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const loadAverageAfter = loadAverage();
    const cpuAfter = cpuNow(apiPids, postmaster);
    const cpuMs = (part: keyof typeof cpuAfter) =>
      Number((((cpuAfter[part] - cpuBefore[part]) * 1000) / Math.max(1, times.length)).toFixed(2));
    const problems = await paidOnce(database.store, alipay, dueFen);
    times.sort((a, b) => a - b);
    return {
      database: onPostgres ? 'PostgreSQL' : 'SQLite',
      processes,
      settlements: times.length,
      seconds: Number(seconds.toFixed(2)),
      perSecond: Number((times.length / seconds).toFixed(1)),
      p50Ms: Math.round(percentile(times, 0.5)),
      p99Ms: Math.round(percentile(times, 0.99)),
      errors: errors.length,
      paidOnce: { ok: problems.length === 0, problems },
      firstErrors: errors.slice(0, 5),
      loadAverageBefore,
      loadAverageAfter,
      cpuMsPerSettlement: { api: cpuMs('api'), postgres: cpuMs('postgres'), borrowersAndAlipay: cpuMs('bench') },
      ...(log && { statements: statementsOf(log, times.length) }),
    };
  } finally {
    await stopAll();
  }
}

async function main(): Promise<void> {
  const results: Array<Figures & { configuration: Configuration }> = [];
  for (const configuration of ONLY) results.push({ configuration, ...(await run(configuration)) });
  const profile = flags.statements ? { configuration: 'postgres-1' as const, ...(await run('postgres-1', true)) } : null;
  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
  const changed = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, encoding: 'utf8' }).trim() !== '';
  const report = {
    measuredAt: new Date().toISOString(),
    commit: changed ? `${commit} with uncommitted changes` : commit,
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    borrowers: BORROWERS,
    atOnce: AT_ONCE,
    configurations: results,
    statements: profile && { ...profile.statements, settlements: profile.settlements, errors: profile.errors, paidOnce: profile.paidOnce },
  };
  console.log(
    `\n${'database'.padEnd(10)} ${'processes'.padStart(9)} ${'settled'.padStart(7)} ${'seconds'.padStart(7)} ${'per s'.padStart(7)} ${'p50 ms'.padStart(6)} ${'p99 ms'.padStart(6)} ${'errors'.padStart(6)}  paid once  CPU ms: API  PG  load before → after`,
  );
  for (const row of results) {
    console.log(
      `${row.database.padEnd(10)} ${String(row.processes).padStart(9)} ${String(row.settlements).padStart(7)} ${row.seconds.toFixed(2).padStart(7)} ${row.perSecond.toFixed(1).padStart(7)} ${String(row.p50Ms).padStart(6)} ${String(row.p99Ms).padStart(6)} ${String(row.errors).padStart(6)}  ${(row.paidOnce.ok ? 'yes' : 'NO').padEnd(9)}  ${row.cpuMsPerSettlement.api.toFixed(2).padStart(11)} ${row.cpuMsPerSettlement.postgres.toFixed(2).padStart(5)}  ${row.loadAverageBefore[0]} → ${row.loadAverageAfter[0]}`,
    );
    for (const problem of row.paidOnce.problems) console.error(`  problem: ${problem}`);
    for (const error of row.firstErrors) console.error(`  error: ${error}`);
  }
  if (profile?.statements) {
    const { statementsPerSettlement, transactionsPerSettlement, advisoryLocksPerSettlement, byStatement } = profile.statements;
    console.log(
      `\nPostgreSQL, one process, per settlement: ${statementsPerSettlement} statements (round trips), ${transactionsPerSettlement} transactions, ${advisoryLocksPerSettlement} advisory locks`,
    );
    for (const row of byStatement) console.log(`${row.perSettlement.toFixed(2).padStart(6)}  ${row.statement}`);
  }
  const out = path.join(ROOT, 'bench', 'results', 'repayment-day-latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  const failed = [...results, ...(profile ? [profile] : [])].some((row) => row.errors > 0 || !row.paidOnce.ok);
  if (failed) process.exitCode = 1;
}

// Past the deadline the run still checks what it did: its own time limit leaves room for that.
runBounded(main, LIMIT_MS + 60_000);
