import type { Static } from '@sinclair/typebox';
import type * as schema from './schemas';

/** What a browser reports (schemas/telemetry.ts): page views with their speed, and remotes' errors. */
export type TelemetryBatch = Static<typeof schema.TelemetryBatch>;
export type TelemetryView = Static<typeof schema.TelemetryView>;
export type TelemetryError = Static<typeof schema.TelemetryError>;
export type TelemetryFrame = Static<typeof schema.TelemetryFrame>;

/** A batch's bounds, which the browser keeps and the server refuses beyond (`413`, `400`). */
export const TELEMETRY_LIMITS = {
  /** A beacon's body; browsers cap a page's beacons in flight at 64 kB. */
  bytes: 16_384,
  views: 50,
  errors: 20,
  message: 200,
} as const;

/**
 * A message as it may leave the browser and be kept: an address loses its query and fragment
 * (`…/loans?mobile=…` → `…/loans`), digits runs (a phone, an ID number, an amount, an order
 * number) become `#`, an e-mail-like word `…@…`, cut to the limit.
 */
export function scrubMessage(message: string): string {
  return message
    .replace(/(\/[^\s?#]*)[?#][^\s"'()]*/g, '$1')
    .replace(/[^\s@]+@[^\s@]+/g, '…@…')
    .replace(/\d+/g, '#')
    .slice(0, TELEMETRY_LIMITS.message);
}
