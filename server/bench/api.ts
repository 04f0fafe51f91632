/**
 * Read throughput of the API (`npm run bench:api`): req/s and p99 at 32 connections for the news
 * index, the user index and "my loans" of a borrower with 12 loans and with 500, beside a bare
 * `node:http` server answering a tiny JSON in the same run (the ceiling for any Node server on
 * this machine). Each server runs in a process of its own and every row is measured alike: the
 * same connections and duration, after a warm-up. Loopback only, bounded in time; prints a table
 * and writes bench/results/api-latest.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { CURRENT_AGREEMENT, ENDPOINTS, TOKEN_HEADER } from '@instalment/contract/api';
import { BORROWER_MOBILE, BORROWER_PASSWORD } from './api-server';

const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 5);
const CONNECTIONS = 32;
const ROOT = path.join(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

/** Starts a process that prints one JSON line when it is ready; answers it and the process. */
function start(command: string, args: string[]): Promise<{ child: ChildProcess; ready: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: path.join(__dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const line = buffer.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve({ child, ready: JSON.parse(line) as Record<string, unknown> });
    });
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code} before it was ready`)));
  });
}

const CEILING = `
const http = require('node:http');
const body = JSON.stringify({ code: 1, msg: 'ok', time: 0, data: { status: 'up' } });
const server = http.createServer((_req, res) => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); });
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ base: 'http://127.0.0.1:' + server.address().port })));`;

interface Figure {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

/** Run before every row and discarded, so the ceiling and the API are both measured with their JIT and caches warm. */
const WARM_UP_SECONDS = 1;

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Figure> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const LOGINS = 5;
const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]);

/**
 * A real password login (the real scrypt cost) alone, then while 64 connections flood the API
 * with registrations whose codes were never sent: those must be refused before any hashing, or
 * they queue in the hashing threads ahead of the login.
 */
async function loginThroughFlood(apiBase: string) {
  const login = async () => {
    const started = performance.now();
    const answer = await fetch(`${apiBase}${ENDPOINTS.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: BORROWER_MOBILE, password: BORROWER_PASSWORD }),
    });
    if (((await answer.json()) as { code: number }).code !== 1) throw new Error('the benchmark borrower could not log in');
    return performance.now() - started;
  };
  const logins = async () => {
    const times: number[] = [];
    for (let i = 0; i < LOGINS; i += 1) times.push(await login());
    return median(times);
  };
  const quietMedianMs = await logins();
  const flood = autocannon({
    url: `${apiBase}${ENDPOINTS.register}`,
    method: 'POST',
    connections: 64,
    duration: SECONDS,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...CURRENT_AGREEMENT, mobile: '13700000000', code: '123456', password: 'guess1234' }),
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const floodedMedianMs = await logins();
  const flooded = await flood;
  return { quietMedianMs, floodedMedianMs, floodRequestsPerSecond: Math.round(flooded.requests.average) };
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instalment-bench-api-'));
  const ceiling = await start(process.execPath, ['-e', CEILING]);
  const api = await start(TSX, [path.join(__dirname, 'api-server.ts'), path.join(dir, 'bench.db')]);
  try {
    const apiBase = api.ready.base as string;
    const tokens = api.ready.tokens as { twelve: string; fiveHundred: string };
    const asBorrower = (token: string) => ({ [TOKEN_HEADER]: token });
    const figures = [
      await measure('node:http ceiling', `${ceiling.ready.base as string}/`),
      // The API's own floor: a route that does no work, under every hook (helmet, CORS, caching, auth lookup off).
      await measure('api /health', `${apiBase}/health`),
      await measure('news index', `${apiBase}${ENDPOINTS.newsIndex}?page=1&limit=10`),
      await measure('user index', `${apiBase}${ENDPOINTS.userIndex}`, asBorrower(tokens.twelve)),
      await measure('my loans, 12 loans', `${apiBase}${ENDPOINTS.myLoans}?page=1&limit=10`, asBorrower(tokens.twelve)),
      await measure('my loans, 500 loans', `${apiBase}${ENDPOINTS.myLoans}?page=1&limit=10`, asBorrower(tokens.fiveHundred)),
    ];
    const loginUnderFlood = await loginThroughFlood(apiBase);
    const top = figures[0].requestsPerSecond;
    const rows = figures.map((figure) => ({ ...figure, ofCeiling: Number((figure.requestsPerSecond / top).toFixed(2)) }));
    const byName = (name: string) => rows.find((row) => row.name === name)!;
    const twelve = byName('my loans, 12 loans').requestsPerSecond;
    const report = {
      measuredAt: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model, node: process.version },
      connections: CONNECTIONS,
      seconds: SECONDS,
      warmUpSeconds: WARM_UP_SECONDS,
      rows,
      fiveHundredOverTwelve: Number((byName('my loans, 500 loans').requestsPerSecond / twelve).toFixed(2)),
      loginUnderFlood,
    };
    console.log(`\n${'endpoint'.padEnd(22)} ${'req/s'.padStart(8)} ${'p99 ms'.padStart(7)} ${'of ceiling'.padStart(11)}  errors`);
    for (const row of rows) {
      console.log(
        `${row.name.padEnd(22)} ${String(row.requestsPerSecond).padStart(8)} ${String(row.p99Ms).padStart(7)} ${row.ofCeiling.toFixed(2).padStart(11)}  ${row.errors + row.non2xx}`,
      );
    }
    console.log(`500 loans / 12 loans: ${report.fiveHundredOverTwelve}`);
    console.log(
      `password login, median of ${LOGINS}: ${loginUnderFlood.quietMedianMs} ms alone, ${loginUnderFlood.floodedMedianMs} ms under ${loginUnderFlood.floodRequestsPerSecond} bogus registrations/s`,
    );
    const out = path.join(ROOT, 'bench', 'results', 'api-latest.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  } finally {
    ceiling.child.kill();
    api.child.kill();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main();
