// What a page needs before it is drawn and what it fetches once drawn, and the DESIGN §6 budgets
// on both (issue 54): federation may add its fixed cost to the critical bytes of the monolith with
// the same first paint, and nothing more; code fetched at idle is reported apart.

/**
 * Federation's fixed cost in gzip kB, which no technique removes: the host's runtime, and each
 * remote entry the route loaded before its page was drawn. The one owner of these figures.
 */
const FIXED_COST_KB = { hostRuntime: 22, perRemoteEntry: 6 };
/** Code fetched after the page is drawn (tab pages, entries), gzip kB; none under Save-Data. */
const IDLE_BUDGET_KB = 60;
/** Lighthouse TBT, absolute: a ratio of two figures under 100 ms is noise. */
const TBT_BUDGET_MS = 100;

/** The critical kB a route may add to the same-first-paint monolith's. */
function fixedCostKb(remoteEntries) {
  return FIXED_COST_KB.hostRuntime + FIXED_COST_KB.perRemoteEntry * remoteEntries;
}

/**
 * The federated app's critical kB over the same-first-paint monolith's, against the fixed cost of
 * the remote entries it loaded before its LCP. Null figures (a visit with no LCP) measure nothing.
 * @param {{ federatedKb: number | null, sameFirstPaintKb: number | null, remoteEntries: number | null }} figures
 */
function fixedCostVerdict({ federatedKb, sameFirstPaintKb, remoteEntries }) {
  const limitKb = remoteEntries == null ? null : fixedCostKb(remoteEntries);
  if (federatedKb == null || sameFirstPaintKb == null || limitKb == null) return { overKb: null, limitKb, met: null };
  const overKb = Math.round((federatedKb - sameFirstPaintKb) * 10) / 10;
  return { overKb, limitKb, met: overKb <= limitKb };
}

/**
 * Requests split at the LCP: those started before the LCP element rendered are what the page
 * needed to be drawn (critical); the rest it fetched once drawn (idle). `startMs` and `lcpMs` are
 * on the same clock, the page's navigation start. Without an LCP nothing can be split: null.
 * @template {{ startMs: number }} T
 * @param {T[]} requests
 * @param {number | null} lcpMs
 * @returns {{ critical: T[], idle: T[] } | null}
 */
function splitAtLcp(requests, lcpMs) {
  if (lcpMs == null) return null;
  return {
    critical: requests.filter((request) => request.startMs < lcpMs),
    idle: requests.filter((request) => request.startMs >= lcpMs),
  };
}

module.exports = { FIXED_COST_KB, IDLE_BUDGET_KB, TBT_BUDGET_MS, fixedCostKb, fixedCostVerdict, splitAtLcp };
