import { useContext, useMemo } from 'react';
import { createApi, type Api } from '@instalment/contract/api';
import { ApiContext, useHost } from '@instalment/host-sdk/host';

/**
 * A remote's API calls (DESIGN §3): the contract's call functions, bound here to the one HTTP
 * client the host door shares. This module is not a shared singleton, so each remote bundles the
 * calls of the contract it was built against: a new or changed call ships with the remote's own
 * deploy, under any shell. The host door carries state only (client, session, locale,
 * navigation, screen), never the calls. A test's `ApiContext` provider stands in for them.
 */
export function useApi(): Api {
  const given = useContext(ApiContext);
  const { http } = useHost();
  return useMemo(() => given ?? createApi(http), [given, http]);
}
