import { TELEMETRY_LIMITS, type TelemetryError, type TelemetryView } from '@instalment/contract/api';
import { ENDPOINTS } from '@instalment/contract/api/endpoints';

const bytes = (text: string) => new TextEncoder().encode(text).length;
const body = (views: string[], errors: string[]) => `{"views":[${views.join(',')}],"errors":[${errors.join(',')}]}`;
const EMPTY = bytes(body([], []));

/**
 * The batches' bodies, in order, each within TELEMETRY_LIMITS (its views, its errors, its bytes).
 * Every item fits a batch of its own: an error at its largest (a full message, 20 frames of the
 * longest file URL) is some 8 kB.
 */
export function batchBodies(views: readonly TelemetryView[], errors: readonly TelemetryError[]): string[] {
  const bodies: string[] = [];
  let batch = { views: [] as string[], errors: [] as string[], size: EMPTY };
  const close = () => {
    if (batch.views.length + batch.errors.length > 0) bodies.push(body(batch.views, batch.errors));
    batch = { views: [], errors: [], size: EMPTY };
  };
  const add = (kind: 'views' | 'errors', item: TelemetryView | TelemetryError) => {
    const json = JSON.stringify(item);
    // Each item after the first takes a comma too: counted for every item, the bound stays safe.
    const size = bytes(json) + 1;
    if (batch[kind].length === TELEMETRY_LIMITS[kind] || batch.size + size > TELEMETRY_LIMITS.bytes) close();
    batch[kind].push(json);
    batch.size += size;
  };
  for (const view of views) add('views', view);
  for (const error of errors) add('errors', error);
  close();
  return bodies;
}

/**
 * Sends the batches with `navigator.sendBeacon`: the browser delivers them even as the page goes
 * away, and as `text/plain` they need no preflight. A beacon the browser will not queue (too many
 * bytes in flight) is lost, as a report may be.
 */
export function sendBatches(apiBaseURL: string, views: readonly TelemetryView[], errors: readonly TelemetryError[]): void {
  for (const json of batchBodies(views, errors)) {
    navigator.sendBeacon?.(`${apiBaseURL}${ENDPOINTS.telemetry}`, new Blob([json], { type: 'text/plain;charset=UTF-8' }));
  }
}
