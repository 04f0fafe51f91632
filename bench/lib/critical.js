// What a page needs and what the shell fetches at idle ahead of a tap, and the DESIGN §6 budgets
// on both (issue 54): federation may add its fixed cost to the critical bytes of the monolith with
// the same first paint, and nothing more; code fetched at idle is reported apart.

/**
 * Federation's fixed cost in gzip kB, which no technique removes: the host's runtime, and each
 * remote entry the route loaded before the shell fetched anything at idle. The one owner of these figures.
 */
const FIXED_COST_KB = { hostRuntime: 22, perRemoteEntry: 6 };
/** Code the shell fetched at idle, ahead of a tap (tab pages, entries), gzip kB; none under Save-Data. */
const IDLE_BUDGET_KB = 60;
/** Lighthouse TBT, absolute: a ratio of two figures under 100 ms is noise. */
const TBT_BUDGET_MS = 100;

/** The critical kB a route may add to the same-first-paint monolith's. */
function fixedCostKb(remoteEntries) {
  return FIXED_COST_KB.hostRuntime + FIXED_COST_KB.perRemoteEntry * remoteEntries;
}

/**
 * The federated app's critical kB over the same-first-paint monolith's, against the fixed cost of
 * the remote entries it loaded before the idle mark. Null figures measure nothing.
 * @param {{ federatedKb: number | null, sameFirstPaintKb: number | null, remoteEntries: number | null }} figures
 */
function fixedCostVerdict({ federatedKb, sameFirstPaintKb, remoteEntries }) {
  const limitKb = remoteEntries == null ? null : fixedCostKb(remoteEntries);
  if (federatedKb == null || sameFirstPaintKb == null || limitKb == null) return { overKb: null, limitKb, met: null };
  const overKb = Math.round((federatedKb - sameFirstPaintKb) * 10) / 10;
  return { overKb, limitKb, met: overKb <= limitKb };
}

/**
 * Requests split at the mark the shell sets right before it fetches anything ahead of a tap
 * (IDLE_FETCH_MARK): those started before it are what the page needed (critical), the rest what
 * the shell fetched at idle. `startMs` and `markMs` are on the same clock, the page's navigation
 * start. No mark (the shell fetched nothing at idle: Save-Data, the monoliths) leaves nothing idle.
 * @template {{ startMs: number }} T
 * @param {T[]} requests
 * @param {number | null} markMs
 * @returns {{ critical: T[], idle: T[] }}
 */
function splitAtIdleMark(requests, markMs) {
  if (markMs == null) return { critical: requests, idle: [] };
  return {
    critical: requests.filter((request) => request.startMs < markMs),
    idle: requests.filter((request) => request.startMs >= markMs),
  };
}

/** A file as the Save-Data check matches it across visits: its host and path, no query. */
function filePath(url) {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}

/**
 * The gzip bytes of the files a Save-Data visit fetched that the normal visits of the route fetched
 * at idle, matched by URL path: what the shell still fetched ahead of a tap for a reader who asked
 * to save data. The budget is 0.
 * @param {Array<{ url: string, gzip: number }>} saveDataFiles
 * @param {Array<{ url: string, idle: boolean }>} normalFiles
 */
function idleFetchedUnderSaveData(saveDataFiles, normalFiles) {
  const idle = new Set(normalFiles.filter((file) => file.idle).map((file) => filePath(file.url)));
  return saveDataFiles.filter((file) => idle.has(filePath(file.url))).reduce((sum, file) => sum + file.gzip, 0);
}

module.exports = { FIXED_COST_KB, IDLE_BUDGET_KB, TBT_BUDGET_MS, fixedCostKb, fixedCostVerdict, idleFetchedUnderSaveData, splitAtIdleMark };
