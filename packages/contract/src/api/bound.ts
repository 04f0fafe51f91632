import type { HttpClient } from './transport';

/** A call of the contract with its client given: what a page calls through a facade. */
export type Bound<F> = F extends (http: HttpClient, ...rest: infer A) => infer R ? (...rest: A) => R : never;
/** A module's calls, each bound to one client. */
export type BoundModule<M> = { [K in keyof M]: Bound<M[K]> };

/** Binds each call of a module (or of a group picked from several) to one client. */
export function bind<M extends Record<string, (http: HttpClient, ...rest: never[]) => unknown>>(
  module: M,
  http: HttpClient,
): BoundModule<M> {
  const bound = {} as Record<string, unknown>;
  for (const [name, call] of Object.entries(module)) {
    bound[name] = (...rest: never[]) => call(http, ...rest);
  }
  return bound as BoundModule<M>;
}
