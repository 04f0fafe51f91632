/**
 * How many password logins a second this machine serves at the real scrypt cost (the figure in
 * server/README.md): `npx tsx bench/login-throughput.ts [logins] [in flight]` from server/.
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { CURRENT_AGREEMENT, DEV_ENDPOINTS, ENDPOINTS, type SmsOutboxEntry } from '@instalment/contract/api';
import { buildApp } from '../src/app';

const LOGINS = Number(process.argv[2] ?? 40);
const IN_FLIGHT = Number(process.argv[3] ?? 4);
const MOBILE = '13800000000';
const PASSWORD = 'secret123';

async function main(): Promise<void> {
  const app = buildApp({ databaseFile: ':memory:', devRoutes: true, limits: { loginsPerAddress: LOGINS + 10 } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = async (path: string, body: unknown) => {
    const answer = (await (
      await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    ).json()) as {
      code: number;
      msg: string;
    };
    if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  };
  try {
    await post(ENDPOINTS.smsSend, { mobile: MOBILE, event: 'register' });
    const outbox = (await (await fetch(`${base}${DEV_ENDPOINTS.smsOutbox}?mobile=${MOBILE}`)).json()) as { data: SmsOutboxEntry[] };
    await post(ENDPOINTS.register, { ...CURRENT_AGREEMENT, mobile: MOBILE, code: outbox.data[0].code, password: PASSWORD });

    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next++ < LOGINS) {
          const at = performance.now();
          await post(ENDPOINTS.login, { account: MOBILE, password: PASSWORD });
          latencies.push(performance.now() - at);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      JSON.stringify({
        logins: LOGINS,
        inFlight: IN_FLIGHT,
        perSecond: Number((LOGINS / seconds).toFixed(2)),
        medianMs: Math.round(latencies[Math.floor(latencies.length / 2)]),
        cpus: os.cpus().length,
        cpu: os.cpus()[0].model,
        node: process.version,
      }),
    );
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
