import { ADMIN_PERMISSIONS, mayDo, type AdminPermission } from '@instalment/shared/api';
import type { FastifyRequest } from 'fastify';
import type { Store } from '../../db/store';
import { createAdminAuth, operatorOf } from '../../http/admin-auth';
import { ok, type SentEnvelope } from '../../http/envelope';
import { pageOf } from '../../http/input';
import type { Change } from '../../services/back-office';
import { Forbidden, Refusal, say } from '../../services/refusals';
import type { ApiInstance, RouteDeps } from '../deps';

/** What every console route is given: the routes' deps, the operator guard and `act`. */
export interface ConsoleDeps extends RouteDeps {
  /** Route options of every console route but login: an operator's live token or HTTP 401. */
  guarded: { onRequest: ReturnType<typeof createAdminAuth>['required'] };
  act: ReturnType<typeof actions>;
}

/** A look at something: nothing changes, the audit entry names what was looked at. */
export const look = <A>(target: string, answer: A): Change<A> => ({ target, before: undefined, after: undefined, answer });

/** `?status=`: one of `allowed`, or every status when absent. */
export function statusOf<T extends string>(value: string | undefined, allowed: (value: string) => boolean): T | null {
  if (value === undefined || value === '') return null;
  if (!allowed(value)) throw new Refusal(say('statusUnknown'));
  return value as T;
}

/** The rows of the page a console list asks for (`PageQuery`, defaults filled in by the validator). */
export function windowOf(query: { page?: number; limit?: number }): { limit: number; offset: number } {
  const page = pageOf(query);
  return { limit: page.limit, offset: (page.page - 1) * page.limit };
}

/** The console routes' deps: the operator guard and `act` built once for all of them. */
export function consoleDeps(app: ApiInstance, deps: RouteDeps): ConsoleDeps {
  const auth = createAdminAuth(deps.services.operators);
  return { ...deps, guarded: { onRequest: auth.required }, act: actions(app, deps) };
}

/**
 * Every console action runs through `act`: the operator's roles are checked, a change and its
 * audit entry are written in one transaction, and a refused action (a role that lacks it, a rule
 * that says no) is on the audit log too — once either way.
 */
function actions(app: ApiInstance, { services: { audit } }: RouteDeps) {
  /**
   * `change`: the work runs with its audit entry in one write; a look (`change` false) reads
   * outside any write (SQLite's one connection is the write's while it lasts) and is audited after.
   */
  return function act<R extends FastifyRequest, A>(
    permission: AdminPermission,
    action: string,
    change: boolean,
    work: (request: R, store: Store) => Promise<Change<A>>,
    targetOf: (request: NoInfer<R>) => string = (request) => request.url.split('?')[0],
  ) {
    return async (request: R): Promise<SentEnvelope<A>> => {
      const operator = operatorOf(request);
      // What a refusal is filed under: the thing it was about, as a done action would be.
      const fact = { operator, address: request.ip, action, target: targetOf(request) };
      if (!mayDo(operator.roles, permission)) {
        await audit.record({ ...fact, outcome: 'refused', reason: `needs one of ${ADMIN_PERMISSIONS[permission].join(', ')}` });
        throw new Forbidden(say('operatorForbidden'));
      }
      try {
        const run = async (on: Store) => {
          const result = await work(request, on);
          await audit.record({ ...fact, target: result.target, before: result.before, after: result.after, outcome: 'done' }, on);
          return result;
        };
        const done = change ? await app.store.write([`operator-action:${action}`], run) : await run(app.store);
        // `ok` refuses a promise for data; a change's answer is the value itself.
        return ok(done.answer as A extends PromiseLike<unknown> ? never : A);
      } catch (error) {
        if (error instanceof Refusal || error instanceof Forbidden) {
          await audit.record({ ...fact, outcome: 'refused', reason: error.message });
        }
        throw error;
      }
    };
  };
}
