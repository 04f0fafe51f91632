import { loadConfig, type RuntimeConfig } from './config';
import { preloadExposed, registerAppRemotes } from '@instalment/federation/loader';
import { takeEarlyManifest } from './early/handover';
import { openingExposes } from '@instalment/federation/pages';
import { startTelemetry } from './telemetry/recorder';

/** The route the app opens on decides what to fetch first: its remote starts loading now. */
function preloadOpeningRoute(): void {
  const path = window.location.hash.replace(/^#/, '').split('?')[0] || '/';
  for (const exposed of openingExposes(path)) preloadExposed(exposed.remote, exposed.module);
}

/**
 * Runs first in the entry chunk, before React and the shell's own code are evaluated. The page's
 * inline script (early/inline.js) has usually fetched config.json and the manifests already;
 * here the federation runtime takes them over and preloads the opening route (again, for a page
 * opened without that script, as in development).
 */
export const booted: Promise<RuntimeConfig> = loadConfig().then((config) => {
  registerAppRemotes(config.remotes, takeEarlyManifest);
  // Listening before the first load, whose failure is a report too.
  startTelemetry(config);
  preloadOpeningRoute();
  return config;
});
booted.catch(() => {});
