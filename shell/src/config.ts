import { parseConfig, type RuntimeConfig } from '@instalment/federation/loader';
import { takeEarly } from './early/handover';

export type { RuntimeConfig };

/**
 * Fetched fresh on every start (no-cache), so a re-pointed remote is seen on the next load; the
 * page's inline script has usually asked already.
 */
export async function loadConfig(): Promise<RuntimeConfig> {
  const fetchFresh = () => fetch('config.json', { cache: 'no-cache' });
  const early = takeEarly('config.json');
  // Only the inline script's request is asked again if it failed; our own failure is the answer.
  const response = await (early ? early.catch(fetchFresh) : fetchFresh());
  if (!response.ok) throw new Error(`config.json answered ${response.status}`);
  return parseConfig(await response.json());
}
