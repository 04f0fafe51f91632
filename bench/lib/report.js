// The figures of a bench run as a table for the terminal and as budget verdicts (DESIGN §6).
const { IDLE_BUDGET_KB, TBT_BUDGET_MS, fixedCostVerdict, idleFetchedUnderSaveData } = require('./critical');
const { describe, ratio } = require('./stats');
const { FEDERATION_RUNTIME } = require('./duplicates');

/**
 * The federated app; today's monolith (the same sources as one build, none of DESIGN §6's ways
 * ahead); and the monolith with the same first paint, inline script and service worker as the
 * shell (`sameFirstPaint`), against which the ratio is what federation itself costs.
 */
const VARIANTS = ['federated', 'monolithic', 'sameFirstPaint'];
/** DESIGN §6 and issue 41: the federation's own tax, against the monolith with the same first paint. */
const SAME_FIRST_PAINT_LCP_BUDGET = 1.1;
/** The federated app's visits as a reader who asked to save data (Save-Data), beside the variants. */
const SAVE_DATA = 'federatedSaveData';

/** The cold, throttled visits: the routes whose bytes DESIGN §6 splits into critical and idle. */
const isColdRoute = (scenario) => scenario.throttled && !scenario.warm;

/**
 * The critical kB of the federated app over the same-first-paint monolith's (medians), and the
 * fixed cost its remote entries before the idle mark allow (the most any visit loaded, so no visit's
 * entries are left out of its allowance).
 */
function fixedCostOf({ federated, sameFirstPaint }) {
  return fixedCostVerdict({
    federatedKb: federated.criticalGzip.median == null ? null : federated.criticalGzip.median / 1000,
    sameFirstPaintKb: sameFirstPaint?.criticalGzip.median == null ? null : sameFirstPaint.criticalGzip.median / 1000,
    remoteEntries: federated.remoteEntriesCritical.max,
  });
}

/** Median and spread of every figure of one scenario and variant, from its visits. */
function summariseVisits(visits, tabs = []) {
  const figure = (pick) => describe(visits.map(pick));
  const summary = {
    landedOn: [...new Set(visits.map((visit) => visit.route))],
    settled: visits.every((visit) => visit.settled),
    /** Visits where a page or widget showed the shell's error view, and what the console said. */
    failedVisits: visits.filter((visit) => visit.failedViews > 0 || Object.values(visit.tabs).some((tap) => tap.failedViews > 0)).length,
    errors: [...new Set(visits.flatMap((visit) => visit.errors ?? []))].slice(0, 5),
    jsCssGzip: figure((visit) => visit.jsCssGzip),
    jsCssBrotli: figure((visit) => visit.jsCssBrotli),
    jsCssBytes: figure((visit) => visit.jsCssBytes),
    jsCssTransferred: figure((visit) => visit.jsCssTransferred),
    jsCssRequests: figure((visit) => visit.jsCssRequests),
    jsCssFromCache: figure((visit) => visit.jsCssFromCache),
    revalidated: figure((visit) => visit.revalidated),
    allRequests: figure((visit) => visit.allRequests),
    fcp: figure((visit) => visit.fcp),
    lcp: figure((visit) => visit.lcp),
    codeDoneMs: figure((visit) => visit.codeDoneMs),
    /** JS+CSS gzip and requests started before the shell's idle mark (critical) and at or after it (idle). */
    criticalGzip: figure((visit) => visit.criticalGzip),
    idleGzip: figure((visit) => visit.idleGzip),
    criticalRequests: figure((visit) => visit.criticalRequests),
    idleRequests: figure((visit) => visit.idleRequests),
    remoteEntriesCritical: figure((visit) => visit.remoteEntriesCritical),
    remoteEntriesIdle: figure((visit) => visit.remoteEntriesIdle),
    /** Visits in which the shell set its idle mark: it fetched code ahead of a tap. */
    idleMarked: visits.filter((visit) => visit.idleMark != null).length,
    lcpElements: [...new Set(visits.map((visit) => visit.lcpElement))],
    encodings: visits.at(-1)?.encodings ?? {},
    tabs: {},
  };
  for (const tab of tabs) {
    const taps = visits.map((visit) => visit.tabs[tab.key]).filter(Boolean);
    summary.tabs[tab.key] = {
      label: tab.label,
      titleMs: describe(taps.map((tap) => tap.titleMs)),
      contentMs: describe(taps.map((tap) => tap.contentMs)),
      loaderShown: taps.filter((tap) => tap.loaderShown).length,
      /** Taps whose page came in under 200 ms and yet showed the loading view. */
      loaderFlashes: taps.filter((tap) => tap.loaderShown && tap.contentMs !== null && tap.contentMs < 200).length,
      failures: taps.filter((tap) => tap.error || tap.contentMs === null).map((tap) => tap.error ?? 'page did not show'),
      jsCssGzip: describe(taps.map((tap) => tap.jsCssGzip)),
      jsCssBytes: describe(taps.map((tap) => tap.jsCssBytes)),
      jsCssRequests: describe(taps.map((tap) => tap.jsCssRequests)),
    };
  }
  return summary;
}

/**
 * The Save-Data visits of a route, and the gzip of the files each fetched that the route's normal
 * federated visits fetched at idle (by URL path): what the shell still fetched ahead of a tap.
 */
function summariseSaveData(saveDataVisits, federatedVisits) {
  const normalFiles = federatedVisits.flatMap((visit) => visit.codeFiles ?? []);
  return {
    ...summariseVisits(saveDataVisits),
    idleFetchedGzip: describe(saveDataVisits.map((visit) => idleFetchedUnderSaveData(visit.codeFiles ?? [], normalFiles))),
  };
}

const kB = (bytes) => (bytes == null ? '–' : (bytes / 1000).toFixed(1));
const kBOf = (bytes) => (bytes == null ? null : bytes / 1000);
const ms = (value) => (value == null ? '–' : String(Math.round(value)));

function cell(stats, format) {
  if (!stats || stats.median == null) return '–';
  if (stats.min === stats.max) return format(stats.median);
  return `${format(stats.median)} (${format(stats.min)}–${format(stats.max)})`;
}

/** Rows of [figure, federated, monolithic, fed/mono, budget]. */
function tableRows(scenarios, summaries) {
  const rows = [];
  for (const scenario of scenarios) {
    const fed = summaries[scenario.key].federated;
    const mono = summaries[scenario.key].monolithic;
    const name = `${scenario.label}${scenario.throttled ? '' : ' [unthrottled]'}`;
    const landed = fed.landedOn.join(',') !== scenario.route ? ` → ${fed.landedOn.join(',')}` : '';
    if (scenario.throttled) {
      rows.push([
        `${name}${landed}  JS+CSS kB gzip`,
        cell(fed.jsCssGzip, kB),
        cell(mono.jsCssGzip, kB),
        ratio(fed.jsCssGzip, mono.jsCssGzip),
        scenario.bytesBudget ? `≤ ${scenario.bytesBudget}` : '',
      ]);
      rows.push([
        `    JS+CSS kB as served (${Object.keys(fed.encodings).join('/') || '–'})`,
        cell(fed.jsCssBytes, kB),
        cell(mono.jsCssBytes, kB),
        ratio(fed.jsCssBytes, mono.jsCssBytes),
        '',
      ]);
      rows.push([
        scenario.warm ? '    JS+CSS requests to the network' : '    JS+CSS requests',
        cell(fed.jsCssRequests, ms),
        cell(mono.jsCssRequests, ms),
        ratio(fed.jsCssRequests, mono.jsCssRequests),
        '',
      ]);
      if (scenario.warm) {
        rows.push(['    JS+CSS from the cache', cell(fed.jsCssFromCache, ms), cell(mono.jsCssFromCache, ms), '', '']);
        rows.push(['    revalidated (304), any type', cell(fed.revalidated, ms), cell(mono.revalidated, ms), '', '']);
      }
      rows.push(['    FCP ms', cell(fed.fcp, ms), cell(mono.fcp, ms), ratio(fed.fcp, mono.fcp), '']);
      rows.push([
        '    LCP ms',
        cell(fed.lcp, ms),
        cell(mono.lcp, ms),
        ratio(fed.lcp, mono.lcp),
        scenario.lcpBudget ? `≤ ${scenario.lcpBudget}` : '',
      ]);
      const same = summaries[scenario.key].sameFirstPaint;
      if (same) {
        rows.push([
          '    LCP ms; monolith with the same first paint',
          cell(fed.lcp, ms),
          cell(same.lcp, ms),
          ratio(fed.lcp, same.lcp),
          `≤ ${SAME_FIRST_PAINT_LCP_BUDGET}×`,
        ]);
      }
      rows.push([
        '    last JS/CSS arrived ms',
        cell(fed.codeDoneMs, ms),
        cell(mono.codeDoneMs, ms),
        ratio(fed.codeDoneMs, mono.codeDoneMs),
        '',
      ]);
      if (isColdRoute(scenario)) rows.push(...criticalRows(summaries[scenario.key]));
    } else {
      rows.push([
        `${name}${landed}  FCP / LCP ms`,
        `${ms(fed.fcp.median)} / ${ms(fed.lcp.median)}`,
        `${ms(mono.fcp.median)} / ${ms(mono.lcp.median)}`,
        ratio(fed.lcp, mono.lcp),
        '',
      ]);
    }
    for (const [key, tab] of Object.entries(fed.tabs)) {
      const monoTab = mono.tabs[key];
      const budget = scenario.throttled ? '' : '≤ 300';
      rows.push([
        `    tap '${tab.label}' → page ms`,
        cell(tab.contentMs, ms),
        cell(monoTab.contentMs, ms),
        ratio(tab.contentMs, monoTab.contentMs),
        budget,
      ]);
      rows.push([`    tap '${tab.label}' → title ms`, cell(tab.titleMs, ms), cell(monoTab.titleMs, ms), '', '']);
      rows.push([
        `    tap '${tab.label}' loads kB gzip (req)`,
        `${kB(tab.jsCssGzip.median)} (${ms(tab.jsCssRequests.median)})`,
        `${kB(monoTab.jsCssGzip.median)} (${ms(monoTab.jsCssRequests.median)})`,
        ratio(tab.jsCssGzip, monoTab.jsCssGzip),
        '',
      ]);
    }
  }
  return rows;
}

/**
 * A route's bytes split at the shell's idle mark, the federated app beside the same-first-paint monolith (in the
 * monolith's column); the third column is the difference in kB, the budget DESIGN §6's.
 */
function criticalRows(summary) {
  const { federated, sameFirstPaint } = summary;
  const saveData = summary[SAVE_DATA];
  const same = (pick) => (sameFirstPaint ? cell(pick(sameFirstPaint), kB) : '–');
  const { overKb, limitKb } = fixedCostOf(summary);
  const entries = federated.remoteEntriesCritical;
  const rows = [
    [
      '    critical JS+CSS kB gzip (started before the idle mark); same-first-paint monolith',
      cell(federated.criticalGzip, kB),
      same((figures) => figures.criticalGzip),
      overKb == null ? '' : `${overKb >= 0 ? '+' : ''}${overKb.toFixed(1)}`,
      limitKb == null ? '' : `≤ +${limitKb} (${entries.max} ${entries.max === 1 ? 'entry' : 'entries'})`,
    ],
    [
      '    idle JS+CSS kB gzip (started at or after the idle mark); same-first-paint monolith',
      cell(federated.idleGzip, kB),
      same((figures) => figures.idleGzip),
      '',
      `≤ ${IDLE_BUDGET_KB}`,
    ],
    [
      '    remote entries started before / after the idle mark',
      `${ms(entries.median)} / ${ms(federated.remoteEntriesIdle.median)}`,
      '',
      '',
      '',
    ],
  ];
  if (saveData) {
    rows.push([
      "    Save-Data: kB gzip of the normal visits' idle files fetched; visits with the idle mark",
      cell(saveData.idleFetchedGzip, kB),
      String(saveData.idleMarked),
      '',
      '0; 0',
    ]);
  }
  return rows;
}

/** Rows of the Lighthouse reports, route by route, in the same columns as the visits'. */
function lighthouseRows(lighthouse) {
  const rows = [];
  const score = (value) => value.toFixed(2);
  const cls = (value) => value.toFixed(3);
  for (const route of lighthouse?.routes ?? []) {
    const fed = route.federated;
    const mono = route.monolithic;
    rows.push([
      `Lighthouse ${route.label}  performance`,
      cell(fed.score, score),
      cell(mono.score, score),
      ratio(fed.score, mono.score),
      route.scoreBudget ? `≥ ${route.scoreBudget}` : '',
    ]);
    rows.push(['    LCP ms', cell(fed.lcp, ms), cell(mono.lcp, ms), ratio(fed.lcp, mono.lcp), '']);
    if (route.sameFirstPaint) {
      const same = route.sameFirstPaint;
      rows.push(['    LCP ms; monolith with the same first paint', cell(fed.lcp, ms), cell(same.lcp, ms), ratio(fed.lcp, same.lcp), '']);
      rows.push(['    performance; monolith with the same first paint', cell(fed.score, score), cell(same.score, score), '', '']);
    }
    rows.push(['    FCP ms', cell(fed.fcp, ms), cell(mono.fcp, ms), ratio(fed.fcp, mono.fcp), '']);
    rows.push(['    TBT ms', cell(fed.tbt, ms), cell(mono.tbt, ms), ratio(fed.tbt, mono.tbt), '']);
    rows.push(['    Speed Index ms', cell(fed.speedIndex, ms), cell(mono.speedIndex, ms), ratio(fed.speedIndex, mono.speedIndex), '']);
    rows.push(['    CLS', cell(fed.cls, cls), cell(mono.cls, cls), '', '']);
  }
  return rows;
}

/** Lines naming every scenario where something failed to load, so no figure is trusted blindly. */
function problems(scenarios, summaries) {
  const lines = [];
  for (const scenario of scenarios) {
    for (const variant of [...VARIANTS, SAVE_DATA].filter((each) => summaries[scenario.key][each])) {
      const summary = summaries[scenario.key][variant];
      const failedTabs = Object.values(summary.tabs).filter((tab) => tab.failures.length);
      if (summary.failedVisits || !summary.settled || failedTabs.length || summary.errors.length) {
        const what = [
          summary.failedVisits ? `${summary.failedVisits} visit(s) showed an error view` : null,
          summary.settled ? null : 'a visit did not settle within 30 s',
          ...failedTabs.map((tab) => `tap '${tab.label}': ${tab.failures.join(', ')}`),
          summary.errors.length ? `console: ${summary.errors.join(' | ')}` : null,
        ].filter(Boolean);
        lines.push(`${variant} ${scenario.label}${scenario.throttled ? '' : ' [unthrottled]'}: ${what.join('; ')}`);
      }
    }
  }
  return lines;
}

function formatTable(header, rows) {
  const all = [header, ...rows].map((row) => row.map((value) => (value == null ? '' : String(value))));
  const widths = header.map((_, column) => Math.max(...all.map((row) => row[column].length)));
  const line = (row) =>
    row.map((value, column) => (column === 0 ? value.padEnd(widths[column]) : value.padStart(widths[column]))).join('  ');
  return [line(all[0]), widths.map((width) => '-'.repeat(width)).join('  '), ...all.slice(1).map(line)].join('\n');
}

/**
 * DESIGN §6, budget by budget, on the medians of the federated app. `lighthouse` is the
 * Lighthouse part of the run, or null where it did not run.
 * @param {any} summaries
 * @param {any[]} scenarios
 * @param {{ routes: any[] } | null} [lighthouse]
 */
function budgets(summaries, scenarios, lighthouse = null) {
  const verdicts = [];
  const home = summaries.home;
  /** @param {'≤' | '≥'} [comparison] */
  const add = (budget, measured, limit, unit, comparison = '≤') =>
    verdicts.push({
      budget,
      measured,
      limit,
      unit,
      comparison,
      met: measured == null ? null : comparison === '≤' ? measured <= limit : measured >= limit,
    });
  // DESIGN §6 counts what a page needs before it is drawn: what the shell fetches at idle for the
  // tab bar is reported apart (the idle rows), not charged to the page.
  if (home) add('JS+CSS of a cold / before its idle fetch (gzip)', home.federated.criticalGzip.median / 1000, 200, 'kB');
  if (home) add('JS+CSS requests of a cold / before its idle fetch', home.federated.criticalRequests.median, 12, 'requests');
  for (const scenario of scenarios.filter((s) => s.bytesBudget && s.key !== 'home')) {
    const summary = summaries[scenario.key].federated;
    add(
      `JS+CSS of a cold deep link ${scenario.label} before its idle fetch (landed on ${summary.landedOn.join(',')}, gzip)`,
      summary.criticalGzip.median / 1000,
      scenario.bytesBudget,
      'kB',
    );
  }
  if (home) {
    add('federated / monolithic LCP of /', ratio(home.federated.lcp, home.monolithic.lcp), 1, '×');
    add('LCP of /', home.federated.lcp.median, 1500, 'ms');
  }
  for (const scenario of scenarios.filter((s) => s.lcpBudget && s.key !== 'home')) {
    add(`LCP of ${scenario.label}`, summaries[scenario.key].federated.lcp.median, scenario.lcpBudget, 'ms');
  }
  // Issue 41: no route slower than the monolith, and the federation's own tax (against the monolith
  // with the same first paint) within 1.10. Issue 54: bytes as federation's fixed cost over that
  // monolith, before the shell's idle mark; what it fetched at idle apart, and none of it under Save-Data.
  for (const scenario of scenarios.filter(isColdRoute)) {
    const { federated, monolithic, sameFirstPaint } = summaries[scenario.key];
    const saveData = summaries[scenario.key][SAVE_DATA];
    if (scenario.key !== 'home') add(`federated / monolithic LCP of ${scenario.label}`, ratio(federated.lcp, monolithic.lcp), 1, '×');
    if (sameFirstPaint) {
      const { overKb, limitKb } = fixedCostOf(summaries[scenario.key]);
      add(
        `critical JS+CSS of ${scenario.label} over the same-first-paint monolith (gzip; remote entries before the idle mark: ${federated.remoteEntriesCritical.max ?? '?'})`,
        overKb,
        limitKb,
        'kB',
      );
    }
    add(
      `idle JS+CSS of ${scenario.label} (gzip, started at or after the idle mark)`,
      kBOf(federated.idleGzip.median),
      IDLE_BUDGET_KB,
      'kB',
    );
    if (saveData) {
      add(
        `JS+CSS of ${scenario.label} under Save-Data that the normal visits fetched at idle (gzip, every visit)`,
        kBOf(saveData.idleFetchedGzip.max),
        0,
        'kB',
      );
      add(`visits of ${scenario.label} under Save-Data that set the idle mark`, saveData.idleMarked, 0, 'visits');
    }
    if (sameFirstPaint)
      add(
        `federated / same-first-paint monolith LCP of ${scenario.label}`,
        ratio(federated.lcp, sameFirstPaint.lcp),
        SAME_FIRST_PAINT_LCP_BUDGET,
        '×',
      );
    for (const [key, tab] of Object.entries(federated.tabs))
      add(`federated / monolithic tap '${tab.label}' → page (throttled)`, ratio(tab.contentMs, monolithic.tabs[key].contentMs), 1, '×');
  }
  for (const scenario of scenarios.filter((s) => s.tabs && !s.throttled)) {
    for (const tab of Object.values(summaries[scenario.key].federated.tabs)) {
      add(`tap '${tab.label}' (remote not loaded yet) → page on screen, unthrottled`, tab.contentMs.median, 300, 'ms');
      verdicts.push({
        budget: `no loading flash under 200 ms ('${tab.label}', unthrottled)`,
        measured: tab.loaderFlashes,
        limit: 0,
        unit: 'flashes',
        comparison: '≤',
        met: tab.loaderFlashes === 0,
      });
    }
  }
  for (const route of (lighthouse?.routes ?? []).filter((r) => r.scoreBudget)) {
    add(`Lighthouse performance of ${route.label} (mobile)`, route.federated.score.median, route.scoreBudget, '', '≥');
    if (route.key !== 'home')
      add(`federated / monolithic Lighthouse LCP of ${route.label}`, ratio(route.federated.lcp, route.monolithic.lcp), 1, '×');
    // Absolute: a ratio of two figures under 100 ms is noise (50 against 30 ms reads 1.68).
    add(`Lighthouse TBT of ${route.label}`, route.federated.tbt.median, TBT_BUDGET_MS, 'ms');
  }
  return verdicts;
}

function formatBudgets(verdicts) {
  const amount = (value, unit) => `${value} ${unit}`.trim();
  return verdicts
    .map((v) => {
      const status = v.met === null ? '  ?  ' : v.met ? ' met ' : 'MISSED';
      const measured = v.measured == null ? 'not measured' : amount(Math.round(v.measured * 100) / 100, v.unit);
      return `${status}  ${v.budget}: ${measured} (budget ${v.comparison} ${amount(v.limit ?? '?', v.unit)})`;
    })
    .join('\n');
}

/** How many of a route's duplicated modules the terminal lists; results/latest.json keeps them all. */
const DUPLICATES_SHOWN = 10;

/**
 * Per route, the modules a remote bundles beside the host's copy, largest first, with the total
 * and the sums per package (bench/lib/duplicates.js).
 * @param {Array<{ label: string, duplicates: ReturnType<typeof import('./duplicates').duplicatedModules> }>} routes
 */
function formatDuplicates(routes) {
  return routes
    .map(({ label, duplicates }) => {
      const { rows, totalGzip, byPackage, hostRuntimeGzip } = duplicates;
      const shown = rows.slice(0, DUPLICATES_SHOWN).map((row) => [row.module, row.remote, kB(row.gzip), kB(row.hostGzip)]);
      const more =
        rows.length > DUPLICATES_SHOWN
          ? [[`… ${rows.length - DUPLICATES_SHOWN} more`, '', kB(rows.slice(DUPLICATES_SHOWN).reduce((sum, row) => sum + row.gzip, 0)), '']]
          : [];
      const packages = Object.entries(byPackage)
        .sort((a, b) => b[1] - a[1])
        .map(([name, gzip]) => `${name} ${kB(gzip)}`)
        .join(', ');
      const table = formatTable(
        [`${label}: module bundled by a remote and the host`, 'remote', 'kB gzip', "host's copy"],
        [...shown, ...more, ['total', '', kB(totalGzip), '']],
      );
      return `${table}\nby package: ${packages || 'none'}\nthe host's federation runtime (${FEDERATION_RUNTIME}*): ${kB(hostRuntimeGzip)} kB gzip`;
    })
    .join('\n\n');
}

function formatBuilds(builds) {
  const rows = builds.map((build) => [
    build.name,
    (build.ms / 1000).toFixed(1),
    kB(build.size.jsGzip + build.size.cssGzip),
    kB(build.size.jsBrotli + build.size.cssBrotli),
    String(build.size.files),
  ]);
  return formatTable(['production build', 'seconds', 'JS+CSS gzip kB (all files)', 'brotli kB', 'files'], rows);
}

module.exports = {
  summariseVisits,
  summariseSaveData,
  problems,
  tableRows,
  lighthouseRows,
  formatTable,
  budgets,
  formatBudgets,
  formatBuilds,
  formatDuplicates,
  isColdRoute,
  SAVE_DATA,
  VARIANTS,
};
