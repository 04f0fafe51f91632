import { useContext, useMemo, useState } from 'react';
import { bindCalls, type Api, type BorrowerCalls, type BoundCalls, type NamedCalls } from '@instalment/contract/api';
import { ApiContext, useHost } from '@instalment/host-sdk/host';

/** Refuses a group or a name the contract does not file a call under: no test's mock would stand in for it. */
type Filed<C> = {
  [G in keyof C]: G extends keyof BorrowerCalls
    ? { [F in keyof C[G]]: F extends keyof BorrowerCalls[G] ? BorrowerCalls[G][F] : never }
    : never;
};

/**
 * A page's API calls (DESIGN §3): the contract's calls the page names, e.g.
 * `useApi({ news: { newsIndex } })`, bound here to the one HTTP client the host door shares. Only
 * the calls named reach the remote's bundle, and the page can make no other. This module is not a
 * shared singleton, so each remote bundles the calls of the contract it was built against: a new or
 * changed call ships with the remote's own deploy, under any shell. The host door carries state only
 * (client, session, locale, navigation, screen), never the calls. Under a test's `ApiContext` the
 * page gets that test's mocks of the same calls.
 */
export function useApi<C extends NamedCalls>(calls: C & Filed<C>): BoundCalls<C> {
  const given = useContext(ApiContext);
  const { http } = useHost();
  // A page names the same calls on every render: the first render's stand for them all.
  const [named] = useState<C>(calls);
  return useMemo(() => (given ? standIns(given, named) : bindCalls(named, http)), [given, http, named]);
}

/** The test's mocks of the calls named, and of no other. */
function standIns<C extends NamedCalls>(api: Api, calls: C): BoundCalls<C> {
  const picked: Record<string, Record<string, unknown>> = {};
  for (const [group, named] of Object.entries(calls)) {
    const mocks: Record<string, unknown> = api[group as keyof Api];
    picked[group] = Object.fromEntries(Object.keys(named).map((name) => [name, mocks[name]]));
  }
  return picked as BoundCalls<C>;
}
