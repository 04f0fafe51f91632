/**
 * The API as the read benchmark meets it (run by `bench/api.ts`, in a process of its own): a
 * database file with the seed news, a borrower with 12 loans and one with 500, limits out of the
 * way. Prints one JSON line: the port and the borrowers' tokens.
 */
import type { AddressInfo } from 'node:net';
import { CURRENT_AGREEMENT, DEV_ENDPOINTS, ENDPOINTS, type LoginUserinfo, type SmsOutboxEntry } from '@instalment/contract/api';
import { idCardOf } from '@instalment/testing/people';
import { buildApp } from '../src/app';

const UNLIMITED = 1_000_000_000;
/** The borrower with 12 loans, whose password login the benchmark also times. */
export const BORROWER_MOBILE = '13900000012';
export const BORROWER_PASSWORD = 'secret123';

async function main(databaseFile: string): Promise<void> {
  const app = buildApp({
    databaseFile,
    devRoutes: true,
    creditLimitFen: 1_000_000_000_000,
    limits: {
      smsSendsPerAddress: UNLIMITED,
      registrationsPerAddress: UNLIMITED,
      loginsPerAddress: UNLIMITED,
      uploadsPerAddress: UNLIMITED,
      loginFailuresPerAddress: UNLIMITED,
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const post = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = (await (
      await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    ).json()) as { code: number; msg: string; data: T };
    if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
    return answer.data;
  };

  const borrower = async (mobile: string, loans: number): Promise<string> => {
    await post(ENDPOINTS.smsSend, { mobile, event: 'register' });
    const outbox = (await (await fetch(`${base}${DEV_ENDPOINTS.smsOutbox}?mobile=${mobile}`)).json()) as { data: SmsOutboxEntry[] };
    const { userinfo } = await post<{ userinfo: LoginUserinfo }>(ENDPOINTS.register, {
      ...CURRENT_AGREEMENT,
      mobile,
      code: outbox.data[0].code,
      password: BORROWER_PASSWORD,
    });
    for (let i = 0; i < loans; i += 1) {
      await app.services.loans.create(
        userinfo.user_id,
        {
          amount: '1000.00',
          term: 3,
          purpose: 'consumption',
          real_name: 'Li Lei',
          id_card: idCardOf(mobile),
          bank_card: '6222020200112233445',
          bank_name: 'Industrial and Commercial Bank of China',
          agree_contract: true,
        },
        '127.0.0.1',
      );
    }
    return userinfo.token;
  };

  const twelve = await borrower(BORROWER_MOBILE, 12);
  const fiveHundred = await borrower('13900000500', 500);
  console.log(JSON.stringify({ base, tokens: { twelve, fiveHundred } }));
}

// Started as a process of its own; imported by the benchmark only for the borrower's credentials.
if (require.main === module) void main(process.argv[2]);
