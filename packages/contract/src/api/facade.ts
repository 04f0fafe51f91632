import { autopay, cancelAutopay, signAutopay } from './autopay';
import * as loan from './loan';
import * as news from './news';
import * as portfolio from './portfolio';
import * as upload from './upload';
import * as user from './user';
import { bind, type BoundModule } from './bound';
import type { HttpClient } from './transport';

/**
 * The borrower's calls of SPEC §7 by group, unbound: a page names the few it makes to
 * `useApi(...)` (@instalment/ui/facade), so its remote bundles those alone. The console's are in
 * ./console-facade.ts, out of a borrower page's chunk.
 */
export interface BorrowerCalls {
  user: typeof user;
  loan: typeof loan;
  news: typeof news;
  portfolio: typeof portfolio;
  upload: typeof upload;
  // The borrower's calls only: the module's run of a job is a development route.
  autopay: { autopay: typeof autopay; signAutopay: typeof signAutopay; cancelAutopay: typeof cancelAutopay };
}

/** Some of the borrower's calls, filed under the contract's groups and names. */
export type NamedCalls = { [G in keyof BorrowerCalls]?: Partial<BorrowerCalls[G]> };

/** The calls named, each bound to one client. */
export type BoundCalls<C extends NamedCalls> = { [G in keyof C]-?: BoundModule<NonNullable<C[G]>> };

/** Every borrower call bound to one client: what a test host mocks, one by one. */
export type Api = BoundCalls<BorrowerCalls>;

/** Binds each call named to one client; a call not named stays out of the bundle. */
export function bindCalls<C extends NamedCalls>(calls: C, http: HttpClient): BoundCalls<C> {
  const bound: Record<string, unknown> = {};
  for (const [group, named] of Object.entries(calls)) bound[group] = bind(named, http);
  return bound as BoundCalls<C>;
}

/** Every borrower call bound to one client, for a test host to put a mock in each one's place. */
export function createApi(http: HttpClient): Api {
  return bindCalls(
    {
      user,
      loan,
      news,
      portfolio,
      upload,
      autopay: { autopay, signAutopay, cancelAutopay },
    },
    http,
  );
}
