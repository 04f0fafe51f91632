import type { HttpClient } from './transport';
import { autopay, cancelAutopay, signAutopay } from './autopay';
import * as loan from './loan';
import * as news from './news';
import * as portfolio from './portfolio';
import * as upload from './upload';
import * as user from './user';

export * from './admin';
export * from './agreements';
export * from './autopay';
export * from './console';
export * from './endpoints';
export * from './envelope';
export * from './transport';
export * from './types/common';
export * from './types/loan';
export * from './types/news';
export * from './types/portfolio';
export * from './types/upload';
export * from './types/user';
export * from './loan';
export * from './news';
export * from './operator-accounts';
export * from './portfolio';
export * from './reconciliation';
export * from './releases';
export * from './reports';
export * from './telemetry';
export * from './underwriting';
export * from './upload';
export * from './user';

type Bound<F> = F extends (http: HttpClient, ...rest: infer A) => infer R ? (...rest: A) => R : never;
type BoundModule<M> = { [K in keyof M]: Bound<M[K]> };

function bind<M extends Record<string, (http: HttpClient, ...rest: never[]) => unknown>>(module: M, http: HttpClient): BoundModule<M> {
  const bound = {} as Record<string, unknown>;
  for (const [name, call] of Object.entries(module)) {
    bound[name] = (...rest: never[]) => call(http, ...rest);
  }
  return bound as BoundModule<M>;
}

/** Every call of SPEC §7 bound to one client: what pages reach through `useApi()` (@instalment/ui/facade). */
export function createApi(http: HttpClient) {
  return {
    user: bind(user, http),
    loan: bind(loan, http),
    news: bind(news, http),
    portfolio: bind(portfolio, http),
    upload: bind(upload, http),
    // The borrower's calls only: the module's run of a job is a development route.
    autopay: bind({ autopay, signAutopay, cancelAutopay }, http),
  };
}

export type Api = ReturnType<typeof createApi>;
