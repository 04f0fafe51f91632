import { randomBytes } from 'node:crypto';
import { ADMIN_ENDPOINTS, type OperatorEnrolment, type OperatorRole } from '@instalment/contract/api';
import { authenticator } from 'otplib';
import Fastify from 'fastify';
import { DEFAULT_CONFIG } from '../src/settings/config';
import { openDatabase } from '../src/db/database';
import { Metrics } from '../src/runtime/metrics';
import { LoginAttempts } from '../src/services/login-attempts';
import { OperatorService } from '../src/services/operators';
import type { TestDatabase, TestServer } from './helpers';
import { request, type Answer } from './system/security/traffic';

let operatorCount = 0;
/** A username of the operator rule, unique in the run, naming the roles (none: just the number). */
const usernameOf = (roles: readonly OperatorRole[]) => [`op${operatorCount}`, ...roles].join('.');

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

/** A password of the shared rule (6–20 letters and digits), each operator their own, as people choose them. */
const ownPassword = () => `Own${randomBytes(6).toString('hex')}7`;

/**
 * A new account's enrolment done as its operator does it: the secret the enrolment shows,
 * confirmed with the code of the step before `now` (an authenticator a step behind), so that the
 * code of `now` still logs in once.
 */
export async function enrolled(operators: OperatorService, enrolment: OperatorEnrolment, now: number, password = ownPassword()) {
  const { totp_secret } = await operators.beginEnrolment(enrolment.enrolment_code);
  await operators.enrol(enrolment.enrolment_code, password, authenticator.clone({ epoch: now - 30_000 }).generate(totp_secret));
  return { username: enrolment.username, password, totp_secret };
}

/**
 * An operator of API processes sharing `database` (on the real clock), created behind them as
 * `npm run operator -- add` does and enrolled, logged in at `baseURL`.
 */
export async function processOperator(database: TestDatabase['options'], roles: OperatorRole[], baseURL: string) {
  operatorCount += 1;
  const username = usernameOf(roles);
  const { store, ready, cipher } = openDatabase({ ...DEFAULT_CONFIG, ...database }, Date.now());
  try {
    await ready;
    const ctx = { store, config: DEFAULT_CONFIG, now: Date.now, log: Fastify({ logger: false }).log, metrics: new Metrics(), cipher };
    const operators = new OperatorService(ctx, new LoginAttempts(ctx));
    const account = await enrolled(operators, await operators.create(username, roles, 'cli:test'), Date.now());
    return await signedIn(baseURL, account, authenticator.generate(account.totp_secret));
  } finally {
    await store.close();
  }
}

/** Operators of a test server (given by a getter, as it starts in `beforeAll`), created as `npm run operator -- add` does and enrolled. */
export function operatorsOf(serverOf: () => TestServer) {
  /** A new, enrolled operator and the code their authenticator shows now. */
  async function operator(roles: OperatorRole[]) {
    operatorCount += 1;
    const server = serverOf();
    const { operators } = server.app.services;
    const account = await enrolled(operators, await operators.create(usernameOf(roles), roles, 'cli:test'), server.clock.now);
    const code = () => authenticator.clone({ epoch: server.clock.now }).generate(account.totp_secret);
    return { ...account, code };
  }

  /** A new operator, logged in: `call` sends their bearer token. */
  async function loggedIn(roles: OperatorRole[]) {
    const account = await operator(roles);
    return signedIn(serverOf().baseURL, account, account.code());
  }

  return { operator, loggedIn };
}

export type LoggedInOperator = Awaited<ReturnType<ReturnType<typeof operatorsOf>['loggedIn']>>;
