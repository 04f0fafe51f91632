import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { clientOf, type TestDatabase, type TestServer } from './helpers';

/** The API in a process of its own, as a deployment runs it (`npm start`'s entry point). */
export type ApiProcess = Pick<TestServer, 'baseURL' | 'client'> & { child: ChildProcess };

const SERVER_ROOT = path.resolve(__dirname, '..');
const HIGH = '100000';

/** `npm start`'s entry point in a process of its own, on a free port, with the development routes the tests drive; `env` adds to its environment. */
export function startProcess(database: TestDatabase['options'], env: Record<string, string> = {}): Promise<ApiProcess> {
  // tsx as a loader in the one process, not its CLI: the CLI relays a stop signal to a child and
  // kills it outright when the child does not confirm within 30 ms, as happens on a busy machine.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DEV_ROUTES: '1',
      PASSWORD_COST_LOG2: '12',
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : { DATABASE_FILE: database.databaseFile }),
      SMS_SENDS_PER_ADDRESS: HIGH,
      REGISTRATIONS_PER_ADDRESS: HIGH,
      LOGINS_PER_ADDRESS: HIGH,
      LOGIN_FAILURES_PER_ADDRESS: HIGH,
      // A stop drains for a second, not a load balancer's five.
      SHUTDOWN_GRACE_SECONDS: '3',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)?.[1];
      if (address) resolve({ baseURL: address, client: (locale) => clientOf(address, locale), child });
    });
    child.once('exit', (code) => reject(new Error(`the API process exited with ${code} before it listened`)));
  });
}

/** A loopback port no one listens on now: for a listener whose port a test must know before the process starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Stops the process as a deployment does (SIGTERM); resolves with its exit code. */
export function stop(api: ApiProcess): Promise<number | null> {
  return new Promise((resolve) => {
    api.child.once('exit', (code) => resolve(code));
    api.child.kill('SIGTERM');
  });
}
