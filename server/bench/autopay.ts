/**
 * The capacity of the due-date charge (`npm run bench:autopay`): 10,000 loans of borrowers with an
 * active withholding agreement, each with an instalment due today (in `BUSINESS_TIMEZONE`), on
 * PostgreSQL, charged by two API processes (the built server) whose development route starts the
 * run in both at the same moment; every charge goes over HTTP to the loopback Alipay
 * (`test/fakes/alipay.ts`), signed and verified as in production. Times the run from the first
 * start until every instalment is paid, then checks each loan was charged exactly once (the
 * fake's trades, the charges, the payments, no difference). PostgreSQL is a throwaway cluster on
 * loopback, as `scripts/test-postgres.sh` starts one, unless `BENCH_DATABASE_URL` names an empty
 * database. Bounded in time (`BENCH_AUTOPAY_LIMIT_SECONDS`, 600); stops everything it started,
 * on failure too. Prints a table and writes bench/results/autopay-latest.json.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { AUTOPAY_TERMS_VERSION, DEV_ENDPOINTS } from '@instalment/contract/api';
import { DEFAULT_BUSINESS_TIMEZONE, zonedMidnight } from '@instalment/contract/format';
import { calendarDate } from '@instalment/contract/loan';
import { openDatabase } from '../src/db/database';
import type { Store } from '../src/db/store';
import { startAlipayFake, type AlipayFake } from '../test/fakes/alipay';
import { request } from '../test/fakes/request';
import { seedDueLoans } from './seeding';
import { cleanups, runBounded } from './lifetime';

const LOANS = Number(process.env.BENCH_AUTOPAY_LOANS ?? 10_000);
const PROCESSES = Number(process.env.BENCH_AUTOPAY_PROCESSES ?? 2);
const LIMIT_MS = Number(process.env.BENCH_AUTOPAY_LIMIT_SECONDS ?? 600) * 1000;
/** Runs started in each process at most: one run charges every loan it finds, a second finds what an unknown outcome left. */
const ROUNDS = 3;
const ZONE = process.env.BUSINESS_TIMEZONE ?? DEFAULT_BUSINESS_TIMEZONE;
const HOUR_MS = 3600 * 1000;
const SERVER = path.join(__dirname, '..');
const ROOT = path.join(SERVER, '..');
const HOST = '127.0.0.1';

const deadline = Date.now() + LIMIT_MS;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, HOST, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A throwaway cluster as scripts/test-postgres.sh starts one: loopback only, fsync off, removed after. */
async function startPostgres(): Promise<string> {
  const bin = fs
    .readdirSync('/usr/lib/postgresql')
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => `/usr/lib/postgresql/${version}/bin`)[0];
  if (!bin) throw new Error('PostgreSQL is not installed (apt-get install postgresql), and BENCH_DATABASE_URL is unset.');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-bench-pg-'));
  const root = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster then belongs to the postgres user.
  const asOwner = (command: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'ignore' })
      : execFileSync(command, args, { stdio: 'ignore' });
  if (root) execFileSync('chown', ['postgres', dir]);
  cleanups.push(() => {
    try {
      asOwner(`${bin}/pg_ctl`, ['-D', `${dir}/data`, '-m', 'immediate', 'stop']);
    } catch {
      // never started, or already stopped
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const port = await freePort();
  asOwner(`${bin}/initdb`, ['-D', `${dir}/data`, '--auth=trust', '--username=postgres', '--encoding=UTF8']);
  asOwner(`${bin}/pg_ctl`, [
    '-D',
    `${dir}/data`,
    '-l',
    `${dir}/log`,
    '-w',
    '-o',
    `-c listen_addresses=${HOST} -c port=${port} -c unix_socket_directories=${dir} -c fsync=off -c max_connections=100`,
    'start',
  ]);
  execFileSync(`${bin}/psql`, ['-h', HOST, '-p', String(port), '-U', 'postgres', '-qc', 'CREATE DATABASE instalment_bench'], {
    stdio: 'ignore',
  });
  return `postgres://postgres@${HOST}:${port}/instalment_bench`;
}

/**
 * The server as production runs it, bundled as `build.mjs` bundles it, but into a folder of our
 * own: `dist/` belongs to whoever started the stack (the browser tests run from it). Its
 * dependencies stay in the workspace's node_modules, found through NODE_PATH.
 */
async function buildServer(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-bench-build-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const { dependencies } = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const installed = Object.keys(dependencies).filter((name) => !name.startsWith('@instalment/'));
  await build({
    entryPoints: { main: path.join(SERVER, 'src', 'main.ts') },
    outdir: dir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: installed.flatMap((name) => [name, `${name}/*`]),
    logLevel: 'warning',
  });
  return path.join(dir, 'main.js');
}

/** The loans and their borrowers (bench/seeding.ts), and each borrower's agreement, signed here and at Alipay. */
async function seed(store: Store, cipher: ReturnType<typeof openDatabase>['cipher'], alipay: AlipayFake, today: string) {
  const now = Date.now();
  return seedDueLoans(store, cipher, {
    count: LOANS,
    today,
    zone: ZONE,
    each: async (borrowers) => {
      const agreements = borrowers.map(({ number, userId }) => ({
        user_id: userId,
        external_agreement_no: `A${today.replace(/-/g, '')}B${String(number).padStart(11, '0')}`,
        agreement_no: `2026${String(number).padStart(12, '0')}`,
        state: 'active' as const,
        consent_version: AUTOPAY_TERMS_VERSION,
        created_at: now,
        signed_at: now,
      }));
      await store.q.insertInto('autopay_agreements').values(agreements).execute();
      // Signed at Alipay too: the fake charges an agreement it knows as NORMAL.
      for (const agreement of agreements) {
        alipay.agreements.set(agreement.external_agreement_no, {
          externalAgreementNo: agreement.external_agreement_no,
          agreementNo: agreement.agreement_no,
          status: 'NORMAL',
          personalProductCode: 'GENERAL_WITHHOLDING_P1',
          signScene: 'INDUSTRY|CARRENTAL',
          notifyUrl: '',
          returnUrl: null,
          notifyAnswers: [],
        });
      }
    },
  });
}

interface Api {
  base: string;
  child: ChildProcess;
  /** Log lines at error level or above. */
  errors: string[];
}

async function startApi(main: string, env: Record<string, string>): Promise<Api> {
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: SERVER,
    env: { ...process.env, ...env, PORT: String(port), HOST, NODE_PATH: path.join(ROOT, 'node_modules') },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const api: Api = { base: `http://${HOST}:${port}`, child, errors: [] };
  cleanups.push(async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGINT');
    if ((await Promise.race([exited, sleep(10_000).then(() => 'late')])) === 'late') child.kill('SIGKILL');
  });
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (/"level":(50|60)/.test(line)) api.errors.push(line);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`an API process exited with ${child.exitCode}: ${api.errors.join('\n')}`);
    if (Date.now() > deadline) throw new Error('an API process did not get ready in time');
    const ready = await fetch(`${api.base}/health/ready`).then(
      (answer) => answer.status === 200,
      () => false,
    );
    if (ready) return api;
    await sleep(200);
  }
}

/** The development route's run, over node:http: a long run must not meet fetch's five-minute header time-out. */
async function runJob(api: Api): Promise<number> {
  const answer = await request(`${api.base}${DEV_ENDPOINTS.runJob}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ job: 'autopay' }),
  });
  const parsed = JSON.parse(answer.text) as { code: number; msg: string; data: { charged: number } | null };
  if (answer.status !== 200 || parsed.code !== 1) throw new Error(`run-job answered ${answer.status}: ${parsed.msg}`);
  return parsed.data!.charged;
}

const count = async (query: Promise<{ n: string | number | bigint }>) => Number((await query).n);

async function main(): Promise<void> {
  const now = Date.now();
  const today = calendarDate(now, ZONE);
  // The background job charges at a charge hour that has come; the only hour set is one still to
  // come today, so the runs timed here are the development route's alone.
  const hour = Math.floor((now - zonedMidnight(today, ZONE)) / HOUR_MS);
  if (hour >= 23) throw new Error(`it is 23:00 or later in ${ZONE}: run it after midnight there, or set BUSINESS_TIMEZONE`);
  const databaseUrl = process.env.BENCH_DATABASE_URL ?? (await startPostgres());
  const alipay = await startAlipayFake();
  cleanups.push(() => alipay.close());
  // Enough for every charge: a short balance is not what is measured.
  alipay.balanceFen = Number.MAX_SAFE_INTEGER;

  const database = openDatabase({ databaseUrl, databaseFile: '', dataKeys: null }, now);
  cleanups.push(() => database.store.close());
  await database.ready;
  const seedStarted = performance.now();
  const dueFen = await seed(database.store, database.cipher, alipay, today);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`seeded ${LOANS} loans due ${today} (${ZONE}) in ${seedSeconds.toFixed(1)} s`);

  const server = await buildServer();
  const env = {
    NODE_ENV: 'development',
    DEV_ROUTES: '1',
    LOG_LEVEL: 'warn',
    DATABASE_URL: databaseUrl,
    BUSINESS_TIMEZONE: ZONE,
    PAYMENT_PROVIDER: 'alipay',
    ALIPAY_APP_ID: alipay.appId,
    ALIPAY_PRIVATE_KEY: alipay.appPrivateKey,
    ALIPAY_PUBLIC_KEY: alipay.alipayPublicKey,
    ALIPAY_GATEWAY: alipay.gateway,
    AUTOPAY: '1',
    AUTOPAY_HOURS: '23',
  };
  const apis: Api[] = [];
  for (let index = 0; index < PROCESSES; index += 1) apis.push(await startApi(server, env));

  const q = database.store.q;
  const paidInstalments = () =>
    count(
      q
        .selectFrom('instalments')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('period', '=', 1)
        .where('paid_at', 'is not', null)
        .executeTakeFirstOrThrow(),
    );
  const load = os.loadavg();
  const started = performance.now();
  let finishedMs: number | null = null;
  // Once every run has answered nothing more is charged: the watch stops then, paid or not.
  let runsOver = false;
  const watch = (async () => {
    while (finishedMs === null && !runsOver && Date.now() < deadline) {
      if ((await paidInstalments()) >= LOANS) finishedMs = performance.now() - started;
      else await sleep(250);
    }
  })();
  let failedRuns = 0;
  const chargedBy = apis.map(() => 0);
  let rounds = 0;
  while (rounds < ROUNDS && (await paidInstalments()) < LOANS) {
    rounds += 1;
    const answers = await Promise.allSettled(apis.map((api) => runJob(api)));
    for (const [index, answer] of answers.entries()) {
      if (answer.status === 'fulfilled') chargedBy[index] += answer.value;
      else {
        failedRuns += 1;
        console.error(answer.reason);
      }
    }
  }
  runsOver = true;
  await watch;
  const allRunsMs = performance.now() - started;
  // The last instalment was paid between the watch's last look and the last run's answer.
  if (finishedMs === null && (await paidInstalments()) >= LOANS) finishedMs = allRunsMs;

  // Charged exactly once: at Alipay, in the charges, in the payments; nothing paid twice, no money lost.
  const charges = await q.selectFrom('autopay_charges').select(['loan_id', 'state', 'out_trade_no', 'amount_fen']).execute();
  const chargedLoans = new Set(charges.filter((charge) => charge.state === 'paid').map((charge) => charge.loan_id));
  const trades = [...alipay.trades.values()].filter((trade) => trade.status === 'TRADE_SUCCESS');
  const takenFen = trades.reduce((sum, trade) => sum + Math.round(Number(trade.totalAmount) * 100), 0);
  const paidPayments = await q
    .selectFrom('payments')
    .select((eb) => [eb.fn.countAll().as('n'), eb.fn.sum<number>('amount_fen').as('fen')])
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  const differences = await count(
    q
      .selectFrom('payment_differences')
      .select((eb) => eb.fn.countAll().as('n'))
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
  const paid = await paidInstalments();
  const problems = [
    paid !== LOANS && `${paid} of ${LOANS} due instalments paid`,
    chargedLoans.size !== LOANS && `${chargedLoans.size} loans with a paid charge`,
    charges.length !== LOANS && `${charges.length} charges made (one per loan expected)`,
    trades.length !== LOANS && `${trades.length} trades at Alipay`,
    alipay.chargeRequests !== LOANS && `${alipay.chargeRequests} charge requests at Alipay`,
    Number(paidPayments.n) !== LOANS && `${Number(paidPayments.n)} paid payments`,
    takenFen !== LOANS * dueFen && `Alipay took ${takenFen} fen, ${LOANS * dueFen} were due`,
    Number(paidPayments.fen) !== takenFen && `the books received ${Number(paidPayments.fen)} fen, Alipay took ${takenFen}`,
    differences !== 0 && `${differences} payment differences`,
    paidLater !== 0 && `${paidLater} instalments not yet due were paid`,
    finishedMs === null && 'not every instalment was paid in time',
  ].filter((problem): problem is string => typeof problem === 'string');
  const logErrors = apis.flatMap((api) => api.errors);
  const seconds = (finishedMs ?? allRunsMs) / 1000;
  const report = {
    measuredAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
    loadAverageBefore: load.map((value) => Number(value.toFixed(2))),
    loadAverageAfter: os.loadavg().map((value) => Number(value.toFixed(2))),
    database: 'PostgreSQL',
    instalments: LOANS,
    processes: PROCESSES,
    rounds,
    seedSeconds: Number(seedSeconds.toFixed(1)),
    seconds: Number(seconds.toFixed(1)),
    chargesPerSecond: Number((trades.length / seconds).toFixed(1)),
    chargesPerLoan: Number((trades.length / LOANS).toFixed(2)),
    // What each process's runs answered: how the work fell between them.
    chargedByProcess: chargedBy,
    errors: failedRuns + logErrors.length + problems.length,
    problems,
    logErrors: logErrors.slice(0, 10),
  };
  console.log(
    `\n${'instalments'.padStart(11)} ${'processes'.padStart(9)} ${'seconds'.padStart(8)} ${'charges/s'.padStart(9)} ${'per loan'.padStart(8)} ${'errors'.padStart(6)}`,
  );
  console.log(
    `${String(LOANS).padStart(11)} ${String(PROCESSES).padStart(9)} ${seconds.toFixed(1).padStart(8)} ${report.chargesPerSecond.toFixed(1).padStart(9)} ${report.chargesPerLoan.toFixed(2).padStart(8)} ${String(report.errors).padStart(6)}`,
  );
  for (const problem of problems) console.error(`problem: ${problem}`);
  for (const line of report.logErrors) console.error(`logged: ${line}`);
  const out = path.join(ROOT, 'bench', 'results', 'autopay-latest.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  if (report.errors > 0) process.exitCode = 1;
}

runBounded(main, LIMIT_MS);
