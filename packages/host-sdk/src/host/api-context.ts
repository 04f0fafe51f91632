import { createContext } from 'react';
import type { Api } from '@instalment/contract/api';

/**
 * Where a test puts the calls a page makes instead of the real ones: every borrower call, of which
 * `useApi(...)` (@instalment/ui/facade) hands a page those it names. Only the context lives in the
 * shared singleton; the calls themselves are bound in each remote, so a remote's new call never
 * waits for the host.
 */
export const ApiContext = createContext<Api | null>(null);
