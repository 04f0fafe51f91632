import type { OperatorRole } from '@instalment/contract/api';
import { authenticator } from 'otplib';
import { ADMIN_ENDPOINTS } from '@instalment/contract/api';
import type { TestServer } from './helpers';
import { request, type Answer } from './security/traffic';

let operatorCount = 0;

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
    const server = serverOf();
    const answer = await request(server.baseURL, 'POST', ADMIN_ENDPOINTS.login, {
      username: account.username,
      password: account.password,
      totp: account.code(),
    });
    if (answer.body.code !== 1) throw new Error(`operator login refused: ${answer.body.msg}`);
    const token = (answer.body.data as { token: string }).token;
    const call = (method: 'GET' | 'POST', path: string, body?: unknown): Promise<Answer> =>
      request(server.baseURL, method, path, body, { authorization: `Bearer ${token}` });
    /** The answer's data, or a thrown error with the refusal's words. */
    const data = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
      const answer = await call(method, path, body);
      if (answer.body.code !== 1) throw new Error(`${answer.status} ${answer.body.msg}`);
      return answer.body.data as T;
    };
    return { ...account, token, call, data };
  }

  return { operator, loggedIn };
}

export type LoggedInOperator = Awaited<ReturnType<ReturnType<typeof operatorsOf>['loggedIn']>>;
