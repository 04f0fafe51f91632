import { Type } from '@sinclair/typebox';
import { ReleaseName, RemoteName } from './releases';

/**
 * POST /api/telemetry: what a borrower's browser reports of the pages it drew, in batches sent
 * with `navigator.sendBeacon` (`text/plain`, so no preflight). Nothing personal: no token, no
 * phone, no query string, no text from the page. Limits: `TELEMETRY_LIMITS` (api/telemetry.ts).
 */

/** Which route drew a view: its pattern from the pages table (`/pages/loan/detail`), never a URL with values. */
const Route = Type.String({ pattern: '^/[A-Za-z0-9/_:.-]{0,79}$', maxLength: 80 });
/** Whose view: the remote, its release and the side of its canary the device is on. */
const Attribution = {
  remote: RemoteName,
  release: Type.Union([ReleaseName, Type.Literal('unversioned')]),
  route: Route,
};

/** A page view and its speed (milliseconds; CLS unitless). */
export const TelemetryView = Type.Object(
  {
    ...Attribution,
    side: Type.Union([Type.Literal('stable'), Type.Literal('canary')]),
    /** The device was on the canary and fell back to stable because the canary failed to load. */
    fallback: Type.Optional(Type.Boolean()),
    lcp: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000 })),
    inp: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000 })),
    cls: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    ttfb: Type.Optional(Type.Number({ minimum: 0, maximum: 600_000 })),
  },
  { additionalProperties: false },
);

/** One stack frame: a built file's URL (no query) and position. */
export const TelemetryFrame = Type.Object(
  { file: Type.String({ maxLength: 300 }), line: Type.Integer({ minimum: 0 }), column: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

/** An error a remote's code caused: thrown while drawing, failing to load, or unhandled with its stack in the remote's files. */
export const TelemetryError = Type.Object(
  {
    ...Attribution,
    kind: Type.Union([Type.Literal('render'), Type.Literal('load'), Type.Literal('unhandled')]),
    /** The error's class and message, cut and with every run of digits replaced by `#` (the browser does it; the server again). */
    message: Type.String({ maxLength: 200 }),
    frames: Type.Array(TelemetryFrame, { maxItems: 20 }),
  },
  { additionalProperties: false },
);

export const TelemetryBatch = Type.Object(
  {
    views: Type.Array(TelemetryView, { maxItems: 50 }),
    errors: Type.Array(TelemetryError, { maxItems: 20 }),
  },
  { additionalProperties: false },
);
