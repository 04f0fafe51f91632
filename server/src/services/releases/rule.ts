import type { ErrorRate } from '../telemetry/figures';

/** `CANARY_ABORT`'s shape, its `minViews` as this server sets it (RELEASE_ABORT_MIN_VIEWS). */
export interface AbortRule {
  minViews: number;
  factor: number;
  floor: number;
}

/** Errors per view; none without views. */
export const rateOf = (tally: ErrorRate): number => (tally.views > 0 ? tally.errors / tally.views : 0);

/**
 * Whether a canary is to be stopped: over at least `minViews` of its views, its errors per view
 * exceed its stable's more than `factor` times and by at least `floor`. The rates are compared
 * cross-multiplied, in whole numbers of views and errors, so that a canary exactly at the factor
 * or exactly at the floor is judged by the rule and not by a rounding of its division.
 */
export function judgeCanary(canary: ErrorRate, stable: ErrorRate, rule: AbortRule): boolean {
  if (canary.views < rule.minViews) return false;
  // A stable without views counts as without errors.
  const stableViews = Math.max(stable.views, 1);
  const [canaryScaled, stableScaled] = [canary.errors * stableViews, stable.errors * canary.views];
  const floorScaled = Math.round(rule.floor * canary.views * stableViews * 1e6) / 1e6;
  return canaryScaled > rule.factor * stableScaled && canaryScaled - stableScaled >= floorScaled;
}
