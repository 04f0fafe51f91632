import type { OperatorRole } from '@instalment/contract/api';
import { authenticator } from 'otplib';
import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import Fastify from 'fastify';
import { DEFAULT_CONFIG } from '../src/config';
import { openDatabase } from '../src/db/database';
import { Metrics } from '../src/http/metrics';
import { LoginAttempts } from '../src/services/login-attempts';
import { OperatorService } from '../src/services/operators';
import type { TestDatabase, TestServer } from './helpers';
import { request, type Answer } from './security/traffic';

let operatorCount = 0;

/** An operator's account logged in at `baseURL` with `totp`: `call` sends their bearer token. */
async function signedIn<T extends { username: string; password: string }>(baseURL: string, account: T, totp: string) {
  const answer = await request(baseURL, 'POST', ADMIN_ENDPOINTS.login, { username: account.username, password: account.password, totp });
  if (answer.body.code !== 1) throw new Error(`operator login refused: ${answer.body.msg}`);
  const token = (answer.body.data as { token: string }).token;
  const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> =>
    request(baseURL, method, path, body, { authorization: `Bearer ${token}` });
  /** The answer's data, or a thrown error with the refusal's words. */
  const data = async <R>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<R> => {
    const answer = await call(method, path, body);
    if (answer.body.code !== 1) throw new Error(`${answer.status} ${answer.body.msg}`);
    return answer.body.data as R;
  };
  return { ...account, token, call, data };
}

/**
 * An operator of API processes sharing `database` (on the real clock), created behind them as
 * `npm run operator -- add` does, logged in at `baseURL`.
 */
export async function processOperator(database: TestDatabase['options'], roles: OperatorRole[], baseURL: string) {
  operatorCount += 1;
  const username = `op${operatorCount}.${roles.join('-')}`;
  const { store, ready, cipher } = openDatabase({ ...DEFAULT_CONFIG, ...database }, Date.now());
  try {
    await ready;
    const ctx = { store, config: DEFAULT_CONFIG, now: Date.now, log: Fastify({ logger: false }).log, metrics: new Metrics(), cipher };
    const created = await new OperatorService(ctx, new LoginAttempts(ctx)).create(username, roles);
    return await signedIn(baseURL, created, authenticator.generate(created.totp_secret));
  } finally {
    await store.close();
  }
}

/** Operators of a test server (given by a getter, as it starts in `beforeAll`), created as `npm run operator -- add` does. */
export function operatorsOf(serverOf: () => TestServer) {
  /** A new operator and the code their authenticator shows now. */
  async function operator(roles: OperatorRole[]) {
    operatorCount += 1;
    const server = serverOf();
    const created = await server.app.services.operators.create(`op${operatorCount}.${roles.join('-')}`, roles);
    const code = () => authenticator.clone({ epoch: server.clock.now }).generate(created.totp_secret);
    return { ...created, code };
  }

  /** A new operator, logged in: `call` sends their bearer token. */
  async function loggedIn(roles: OperatorRole[]) {
    const account = await operator(roles);
    return signedIn(serverOf().baseURL, account, account.code());
  }

  return { operator, loggedIn };
}

export type LoggedInOperator = Awaited<ReturnType<ReturnType<typeof operatorsOf>['loggedIn']>>;
