import { ADMIN_PERMISSIONS, mayAct, mayRead, type AdminPermission } from '@instalment/contract/api';
import type { FastifyError, FastifyRequest } from 'fastify';
import { createAdminAuth } from '../../http/admin-auth';
import { Unauthorized } from '../../http/errors';
import type { AuditFact } from '../../services/audit';
import type { Operator } from '../../services/operators';
import { Forbidden, sentenceOf } from '../../services/refusals';
import type { ApiInstance, RouteDeps } from '../deps';
import { routeOf, targetOf, type ConsoleRoute } from './act';

const permissionsOf = (route: ConsoleRoute): readonly AdminPermission[] =>
  route.permission === null ? [] : typeof route.permission === 'string' ? [route.permission] : route.permission;

/** The roles that may call a console route; none: any signed-in operator. */
export const rolesNeeded = (route: ConsoleRoute) => [
  ...new Set(permissionsOf(route).flatMap((permission) => ADMIN_PERMISSIONS[permission])),
];

/** Who a login claims to be: refused logins are filed under the username typed, as it came. */
function claimant(request: FastifyRequest): AuditFact['operator'] {
  const username = (request.body as { username?: unknown } | null | undefined)?.username;
  return { id: null, username: typeof username === 'string' ? username : JSON.stringify(username ?? ''), roles: [] };
}

/** Why a request was refused, for the audit row (in English, as the log reads). */
function reasonOf(route: ConsoleRoute, error: FastifyError): string {
  // Filed in English as the server says it; the audit screen reads it in its reader's language (audit-reasons.ts).
  if (error instanceof Forbidden && route.permission !== null)
    return sentenceOf('auditNeedsRoles', { roles: rolesNeeded(route).join(', ') })('en');
  if (error.validation) return sentenceOf('auditSchemaRefused', { detail: error.message })('en');
  return error.message;
}

/**
 * The console API's door, as hooks of its encapsulated plugin, so that every route in it is
 * guarded and audited without a list to keep: a route must declare its action and permission;
 * every request but login needs an operator's live token and the route's permission; and every
 * request that reached a route and was not throttled leaves exactly one audit row — a change's in
 * its own write (`act.ts`), a read's before its answer goes out, a refusal's (by schema, role,
 * rule or a missing target) when it is refused. Requests without a valid token are not operators'
 * acts and are not filed, and refused logins under usernames no operator has are only counted: a
 * stranger cannot grow the audit log.
 */
export function consoleGuard(scope: ApiInstance, { services: { operators, audit } }: RouteDeps): void {
  const auth = createAdminAuth(operators);

  scope.addHook('onRoute', (route) => {
    if (!route.config?.consoleRoute) throw new Error(`${route.method} ${route.url}: a console route declares config.consoleRoute (act.ts)`);
    // What a GET answers is only read; an export is kept a row of its own: data leaves with it.
    const { action } = route.config.consoleRoute;
    if (route.method === 'GET' && !action.startsWith('export.')) audit.countAsRead(action);
  });

  /**
   * Refuses an operator whose roles carry none of the route's permissions: a read (a GET, exports
   * too) by `mayRead`, which lets the auditor through, a change by `mayAct`, which never does.
   */
  const permitted = (route: ConsoleRoute, operator: Operator, method: string) => {
    const permissions = permissionsOf(route);
    const may = method === 'GET' ? mayRead : mayAct;
    if (permissions.length > 0 && !permissions.some((permission) => may(operator.roles, permission)))
      throw new Forbidden(sentenceOf('operatorForbidden'));
  };

  scope.addHook('onRequest', async (request) => {
    const route = routeOf(request);
    request.audit = { recorded: false };
    if (route.public) return;
    await auth.required(request);
    permitted(route, request.operator!, request.method);
    const token = request.operatorToken!;
    // Read again inside each write the request makes (http/session-writes.ts): still enabled,
    // still signed in, and still holding the route's permission; the work and its audit row then
    // see the roles as they are.
    request.sessionCheck = async (tx) => {
      const operator = await operators.authenticate(token, tx);
      if (!operator) throw new Unauthorized(sentenceOf('operatorLoginFirst'));
      request.operator = operator;
      permitted(route, operator, request.method);
    };
  });

  scope.addHook('onError', async (request, _reply, error) => {
    const route = routeOf(request);
    // Throttled traffic is counted by the limiter, not filed: a flood must not grow the audit.
    if (request.audit?.recorded || error.statusCode === 429) return;
    const operator = request.operator ?? (route.public ? claimant(request) : null);
    if (!operator) return;
    const { before, after } = request.audit;
    const target = targetOf(request);
    const refusal: AuditFact = {
      operator,
      address: request.ip,
      action: route.action,
      target,
      before,
      after,
      outcome: 'refused',
      reason: reasonOf(route, error),
    };
    // Without a token the username is only what was typed: a stranger's is counted, not filed (recordClaim).
    await (request.operator ? audit.record(refusal) : audit.recordClaim(refusal));
    request.audit.recorded = true;
  });

  scope.addHook('onSend', async (request, reply, payload) => {
    if (request.audit?.recorded || reply.statusCode >= 400) return payload;
    const operator = request.operator ?? claimant(request);
    const { before, after } = request.audit;
    await audit.record({
      operator,
      address: request.ip,
      action: routeOf(request).action,
      target: targetOf(request),
      before,
      after,
      outcome: 'done',
    });
    request.audit.recorded = true;
    return payload;
  });
}
