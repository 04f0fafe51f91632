import { loadConfig, type RuntimeConfig } from './config';
import { preloadExposed, registerAppRemotes } from './federation/remotes';
import { openingExposes } from '@instalment/shared/pages';

/** The route the app opens on decides what to fetch first: its remote starts loading now. */
function preloadOpeningRoute(): void {
  const path = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  for (const exposed of openingExposes(path)) preloadExposed(exposed.remote, exposed.module);
}

/**
 * Runs in the entry chunk, before the async boundary: config.json, the remotes' manifests and
 * the opening page's chunks load while React and the shell's own code are still arriving,
 * instead of after them. Nothing here touches a shared module.
 */
export const booted: Promise<RuntimeConfig> = loadConfig().then((config) => {
  registerAppRemotes(config.remotes);
  preloadOpeningRoute();
  return config;
});
booted.catch(() => {});
