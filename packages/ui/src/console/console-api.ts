import { useMemo } from 'react';
import { createConsoleApi, type ConsoleApi } from '@instalment/contract/api';
import { useHost } from '@instalment/host-sdk/host';

/**
 * The console's calls (the contract's, typed by their schemas) bound to the console's client, as
 * `useApi(...)` binds the borrower's: an operator screen asks through these, never by path, and the
 * lint refuses a direct `http.get(`/`http.post(`/`fetch(` in one. Bundled by each remote, like the
 * borrower's calls: a new console call ships with the remote that makes it.
 */
export function useConsoleApi(): ConsoleApi {
  const { http } = useHost();
  return useMemo(() => createConsoleApi(http), [http]);
}
