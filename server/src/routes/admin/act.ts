import type { AdminPermission } from '@instalment/contract/api';
import type { FastifyRequest } from 'fastify';
import type { Store } from '../../db/store';
import { operatorOf } from '../../http/admin-auth';
import { ok, type SentEnvelope } from '../../http/envelope';
import { pageOf } from '../../http/input';
import { localeOf } from '../../http/sentence';
import type { AuditFact } from '../../services/audit';
import type { Change } from '../../services/change';
import { Refusal, sentenceOf } from '../../services/refusals';
import type { RouteDeps } from '../deps';

/**
 * What every console route declares in its `config.consoleRoute`: the name the audit files it
 * under and who may call it. The console plugin (`guard.ts`) refuses to register a route without
 * it, so no route can be added unguarded or unaudited.
 */
export interface ConsoleRoute {
  /** The audit's name for what the request does, e.g. `loan.approve`. */
  action: string;
  /** The permission the operator's roles must carry (any of a list); null: any signed-in operator. */
  permission: AdminPermission | readonly AdminPermission[] | null;
  /** What the request is about, read from the request as it came: its params may not have passed the schema. */
  target?: (request: FastifyRequest) => string;
  /** Reached without an operator's token (login); the audit files it under the username given. */
  public?: true;
}

/** What the audit will write for the request in flight, filled in by the route as it learns it. */
export interface AuditNote {
  /** Set by a route that learns it; else the route's `target` at the time the row is written. */
  target?: string;
  before?: unknown;
  after?: unknown;
  /** Set once the request's one row is written: the hooks then write none. */
  recorded: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    consoleRoute?: ConsoleRoute;
  }
  interface FastifyRequest {
    audit: AuditNote;
  }
}

/** A console route's options: its audit name, who may call it, and what it is about. */
export const consoleRoute = (
  action: string,
  permission: ConsoleRoute['permission'],
  target?: (request: FastifyRequest) => string,
): { config: { consoleRoute: ConsoleRoute } } => ({ config: { consoleRoute: { action, permission, target } } });

/** The declaration of the route a request reached (the guard made sure there is one). */
export const routeOf = (request: FastifyRequest): ConsoleRoute => request.routeOptions.config.consoleRoute!;

/** What the request is about: what the route learnt, else what its declaration reads from the request. */
export function targetOf(request: FastifyRequest): string {
  const route = routeOf(request);
  return request.audit.target ?? (route.target ? route.target(request) : request.url.split('?')[0]);
}

/** The operator, address and action of the request's audit row. */
export function factOf(request: FastifyRequest): Omit<AuditFact, 'outcome'> {
  const operator = operatorOf(request);
  return { operator, address: request.ip, action: routeOf(request).action, target: targetOf(request) };
}

/** The console's actions: how a read and a change reach the audit. */
export interface ConsoleActions {
  /** A read's answer; `target`: what it looked at, when the route only learns it by reading. Audited before it is sent (`guard.ts`). */
  read<A>(request: FastifyRequest, answer: A extends PromiseLike<unknown> ? never : A, target?: string): SentEnvelope<A>;
  /**
   * A change: the work and its audit row in one write, so neither is kept without the other;
   * `locks`: what else the write must hold beyond the action's own lock. The write first reads
   * the operator's session and the route's permission again (guard.ts, http/session-writes.ts).
   */
  write<A>(request: FastifyRequest, work: (tx: Store) => Promise<Change<A>>, locks?: readonly string[]): Promise<SentEnvelope<A>>;
  /** A change whose service opened its write with the audit row (`ConsoleWrites`): its answer, once that write is committed. */
  committed<A>(request: FastifyRequest, done: Promise<Change<A>>): Promise<SentEnvelope<A>>;
}

/** What every console route is given: the routes' deps and the console's actions. */
export interface ConsoleDeps extends RouteDeps, ConsoleActions {}

export function consoleActions({ services: { consoleWrites } }: RouteDeps): ConsoleActions {
  const committed = async <A>(request: FastifyRequest, done: Promise<Change<A>>) => {
    const { answer, notice } = await done;
    // Only once the write is committed: a write that failed after the row leaves the refusal to the guard.
    request.audit.recorded = true;
    return ok<A>(answer as A extends PromiseLike<unknown> ? never : A, notice?.(localeOf(request)));
  };
  return {
    read(request, answer, target) {
      if (target !== undefined) request.audit.target = target;
      return ok(answer);
    },
    write: (request, work, locks = []) =>
      committed(
        request,
        consoleWrites.change(routeOf(request).action, () => factOf(request), locks, work),
      ),
    committed,
  };
}

/** `?status=`: one of `allowed`, or every status when absent. */
export function statusOf<T extends string>(value: string | undefined, allowed: (value: string) => boolean): T | null {
  if (value === undefined || value === '') return null;
  if (!allowed(value)) throw new Refusal(sentenceOf('statusUnknown'));
  return value as T;
}

/** The rows of the page a console list asks for (`PageQuery`, defaults filled in by the validator). */
export function windowOf(query: { page?: number; limit?: number }): { limit: number; offset: number } {
  const page = pageOf(query);
  return { limit: page.limit, offset: (page.page - 1) * page.limit };
}
