#!/usr/bin/env node
// `npm run bench`: the DESIGN §6 performance budgets, measured. Builds the federated app and a
// monolith of the same sources, serves both precompressed, visits each in headless Chromium
// with the §6 profile (alternating federated / monolithic so machine drift cancels), runs
// Lighthouse on three routes of each, then prints a table and writes bench/results/latest.json.
//
// Environment: BENCH_RUNS (visits per scenario and app, default 5), BENCH_SKIP_BUILD=1 (reuse
// the builds in bench/.work), BENCH_BUILD_PARALLEL (builds at a time, default 2),
// BENCH_CHROMIUM (browser binary, default /usr/bin/chromium), BENCH_ONLY (comma-separated
// scenario keys to run, e.g. home,apply, and `lighthouse` for the Lighthouse reports; the
// default is all of them), BENCH_LIGHTHOUSE=0 (no Lighthouse), BENCH_LIGHTHOUSE_RUNS (reports
// per route and app, default 3).
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { buildEverything, builtAlready, WORK } = require('./lib/build');
const { duplicatesOfRoute } = require('./lib/duplicates');
const { measureLighthouse } = require('./lib/lighthouse');
const { launchBrowser, visit, PROFILE } = require('./lib/measure');
const {
  summariseSaveData,
  summariseVisits,
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
} = require('./lib/report');
const { startServers } = require('./lib/servers');
const { registerUser } = require('./lib/session');
// The app's pages have one owner; tsx (the bench's runner) loads it as it is.
/** @type {typeof import('../packages/federation/src/pages/pages')} */
const { PAGES } = require('../packages/federation/src/pages/pages');

const RESULTS = path.join(__dirname, 'results', 'latest.json');
const BUILDS_FILE = path.join(WORK, 'builds.json');
const LIGHTHOUSE_DIR = path.join(WORK, 'lighthouse');

/** The tab-bar buttons of SPEC §2 whose pages live in remotes that / has not loaded. */
const TABS = [
  { key: 'repayments', label: 'my repayments', title: 'my repayments', needsLogin: true },
  { key: 'mine', label: 'mine', title: 'mine' },
];

const SCENARIOS = [
  { key: 'home', label: '/', route: '/', throttled: true, bytesBudget: 200, lcpBudget: 1500 },
  // A returning visitor: the files of the first visit are in the HTTP cache.
  { key: 'homeWarm', label: '/ returning visitor', route: '/', warm: true, throttled: true, lcpBudget: 600 },
  { key: 'homeLoggedIn', label: '/ logged in, then tabs', route: '/', login: true, throttled: true, tabs: TABS },
  { key: 'homeUnthrottled', label: '/ logged in, then tabs', route: '/', login: true, throttled: false, tabs: TABS },
  { key: 'apply', label: `${PAGES.apply.path} logged in`, route: PAGES.apply.path, login: true, throttled: true, bytesBudget: 230 },
  { key: 'applyLoggedOut', label: PAGES.apply.path, route: PAGES.apply.path, throttled: true, bytesBudget: 230 },
  { key: 'news', label: PAGES.newsList.path, route: PAGES.newsList.path, throttled: true, bytesBudget: 230 },
  {
    key: 'repay',
    label: `${PAGES.repayments.path} logged in`,
    route: PAGES.repayments.path,
    login: true,
    throttled: true,
    bytesBudget: 230,
  },
];

/** Lighthouse's routes: the first visit, the busiest form (logged in), a remote's list page. */
const LIGHTHOUSE_ROUTES = [
  { key: 'home', label: '/', route: '/', scoreBudget: 0.95 },
  { key: 'apply', label: `${PAGES.apply.path} logged in`, route: PAGES.apply.path, login: true, scoreBudget: 0.95 },
  { key: 'news', label: PAGES.newsList.path, route: PAGES.newsList.path, scoreBudget: 0.95 },
];

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(0)} s`;

function appUrl(base, route) {
  return route === '/' ? base : `${base}#${route}`;
}

function git(args) {
  try {
    return execFileSync('git', args, { cwd: path.join(__dirname, '..'), encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

function machine(browserVersion) {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    cpuModel: cpus[0]?.model ?? 'unknown',
    cpuCount: cpus.length,
    totalMemoryGB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    loadAverageAtStart: os.loadavg().map((load) => Math.round(load * 100) / 100),
    node: process.version,
    chromium: browserVersion,
  };
}

async function builds(log) {
  if (process.env.BENCH_SKIP_BUILD === '1' && builtAlready() && fs.existsSync(BUILDS_FILE)) {
    log('reusing the builds in bench/.work (BENCH_SKIP_BUILD=1)');
    return { reused: true, results: JSON.parse(fs.readFileSync(BUILDS_FILE, 'utf8')) };
  }
  const parallel = Number(process.env.BENCH_BUILD_PARALLEL) || 2;
  log(`building the federated app and the monolith (${parallel} at a time)`);
  const results = await buildEverything({ parallel, log });
  fs.writeFileSync(BUILDS_FILE, JSON.stringify(results, null, 2));
  return { reused: false, parallel, results };
}

/**
 * Every scenario, `runs` times each app; each cold, throttled route also once a run as a reader who
 * asked to save data (the federated app only: DESIGN §6's "never under Save-Data" is its rule).
 * @param {{ browser: any, apps: Record<string, string>, sizeOf: (url: string) => any, isRemoteEntry?: (url: string) => boolean, session: any, runs: number, log: (line: string) => void, only?: string[] | null }} options
 */
async function measure({ browser, apps, sizeOf, isRemoteEntry = () => false, session, runs, log, only = null }) {
  const scenarios = SCENARIOS.filter((scenario) => !only || only.includes(scenario.key)).map((scenario) => ({
    ...scenario,
    loggedIn: Boolean(scenario.login && session),
    tabs: scenario.tabs?.filter((tab) => !tab.needsLogin || session),
  }));
  /** @type {Record<string, Record<string, any[]>>} */
  const visits = Object.fromEntries(
    scenarios.map((scenario) => [
      scenario.key,
      Object.fromEntries([...VARIANTS, ...(isColdRoute(scenario) ? [SAVE_DATA] : [])].map((variant) => [variant, []])),
    ]),
  );

  // One unrecorded visit each: the servers' and the OS's file caches are warm for every run.
  for (const variant of VARIANTS) await visit(browser, { url: apps[variant], throttled: false, sizeOf });

  for (let run = 0; run < runs; run += 1) {
    const started = Date.now();
    for (const scenario of scenarios) {
      // A/B/C then C/B/A: whatever drifts over a run weighs on every app alike.
      const order = run % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
      for (const variant of order) {
        const result = await visit(browser, {
          url: appUrl(apps[variant], scenario.route),
          throttled: scenario.throttled,
          warm: Boolean(scenario.warm),
          session: scenario.loggedIn ? session : null,
          tabs: scenario.tabs,
          sizeOf,
          isRemoteEntry,
        });
        visits[scenario.key][variant].push(result);
      }
      if (isColdRoute(scenario)) {
        const result = await visit(browser, {
          url: appUrl(apps.federated, scenario.route),
          throttled: true,
          saveData: true,
          session: scenario.loggedIn ? session : null,
          sizeOf,
          isRemoteEntry,
        });
        visits[scenario.key][SAVE_DATA].push(result);
      }
    }
    const visitCount = scenarios.length * VARIANTS.length + scenarios.filter(isColdRoute).length;
    log(`  run ${run + 1}/${runs}: ${visitCount} visits in ${seconds(started)}`);
  }
  return { scenarios, visits };
}

async function main() {
  const log = (line) => console.log(line);
  const started = Date.now();
  const runs = Number(process.env.BENCH_RUNS) || 5;
  const build = await builds(log);

  log('starting the API and the static servers');
  const servers = await startServers({ log });
  let browser = null;
  const stop = async () => {
    await browser?.close().catch(() => {});
    await servers.stop();
  };
  const onSignal = (signal) => {
    stop().finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    let session = null;
    let sessionError = servers.apiError;
    if (!servers.apiError) {
      try {
        session = await registerUser(servers.apiUrl);
      } catch (error) {
        sessionError = error instanceof Error ? error.message : String(error);
      }
    }
    if (!session) log(`  no logged-in user (${sessionError}): pages that need one are measured logged out`);

    browser = await launchBrowser();
    const only = process.env.BENCH_ONLY ? process.env.BENCH_ONLY.split(',') : null;
    const scenarioCount = SCENARIOS.filter((scenario) => !only || only.includes(scenario.key)).length;
    log(`measuring: ${runs} visits per scenario and app, ${scenarioCount} scenarios`);
    const { scenarios, visits } = await measure({
      browser,
      apps: servers.apps,
      sizeOf: servers.sizeOf,
      isRemoteEntry: servers.isRemoteEntry,
      session,
      runs,
      log,
      only,
    });

    const lighthouseRuns = Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3;
    const lighthouseSkipped =
      process.env.BENCH_LIGHTHOUSE === '0' ? 'BENCH_LIGHTHOUSE=0' : only && !only.includes('lighthouse') ? 'not in BENCH_ONLY' : null;
    let lighthouse = null;
    if (!lighthouseSkipped) {
      log(`Lighthouse: ${lighthouseRuns} reports per route and app, ${LIGHTHOUSE_ROUTES.length} routes`);
      lighthouse = await measureLighthouse({
        routes: LIGHTHOUSE_ROUTES,
        apps: servers.apps,
        session,
        runs: lighthouseRuns,
        outDir: LIGHTHOUSE_DIR,
        log,
      });
    }

    const summaries = {};
    for (const scenario of scenarios) {
      summaries[scenario.key] = Object.fromEntries(
        Object.entries(visits[scenario.key]).map(([variant, each]) => [
          variant,
          variant === SAVE_DATA ? summariseSaveData(each, visits[scenario.key].federated) : summariseVisits(each, scenario.tabs ?? []),
        ]),
      );
    }
    // The files the federated app's last visit of each cold route loaded, read from their builds.
    const duplicates = Object.fromEntries(
      scenarios.filter(isColdRoute).map((scenario) => [
        scenario.key,
        duplicatesOfRoute(
          (visits[scenario.key].federated.at(-1)?.codeFiles ?? []).map((file) => file.url),
          servers.fileOf,
          path.join(__dirname, '..'),
        ),
      ]),
    );
    const verdicts = budgets(summaries, scenarios, lighthouse);
    const trouble = [...problems(scenarios, summaries), ...(lighthouse?.problems ?? [])];
    const rows = [...tableRows(scenarios, summaries), ...lighthouseRows(lighthouse)];
    const date = new Date().toISOString();

    const result = {
      date,
      commit: git(['rev-parse', '--short', 'HEAD']),
      uncommittedChanges: Boolean(git(['status', '--porcelain'])),
      machine: machine(browser.version()),
      profile: {
        ...PROFILE,
        note: 'CDP Network.emulateNetworkConditions (latency = round trip ms, throughput bytes/s) and Emulation.setCPUThrottlingRate; a new browser context per visit (cold cache); a warm scenario loads the route once, unthrottled, in another page of the same context first',
      },
      runs,
      api: servers.apiError ? `unavailable: ${servers.apiError}` : 'in-memory database',
      loggedInUser: session ? 'registered through the development SMS outbox' : `none (${sessionError})`,
      units: {
        bytes:
          'JS and CSS requests only, kB = 1000 bytes. jsCssGzip / jsCssBrotli: the precompressed files on disk for the requests made (the budgets are gzip); jsCssBytes: encoded bodies as served (Chromium takes brotli); jsCssTransferred: with headers; criticalGzip / idleGzip: the gzip of those started before / at or after the mark the shell sets right before it fetches anything at idle (idleMark, ms; none: all critical; the start of each request from the DevTools protocol, both on the clock of the page); remoteEntriesCritical / remoteEntriesIdle: remote entries among each',
        federatedSaveData:
          "the federated app's visits of a cold route with Save-Data: on and navigator.connection.saveData (one a run, no taps); idleFetchedGzip: the gzip of the files each fetched that the route's normal federated visits fetched at idle (by URL path); idleMarked: visits that set the idle mark",
        duplicatedModules:
          "modules the federated app's last visit of a route loaded both from a remote's build and from the host's, by the remote's copy's gzip bytes (each file's gzip shared among its modules by the bytes each produced, from the source maps)",
        times: 'ms from navigation start (tabs: from the tap)',
      },
      builds: build,
      budgets: verdicts,
      problems: trouble,
      scenarios: scenarios.map((scenario) => ({
        key: scenario.key,
        label: scenario.label,
        route: scenario.route,
        throttled: scenario.throttled,
        warmCache: Boolean(scenario.warm),
        loggedIn: scenario.loggedIn,
        ...summaries[scenario.key],
        ...(duplicates[scenario.key] ? { duplicatedModules: duplicates[scenario.key] } : {}),
        waterfall: Object.fromEntries(
          Object.entries(visits[scenario.key]).map(([variant, each]) => [variant, each.at(-1)?.waterfall ?? []]),
        ),
      })),
      lighthouse: lighthouse
        ? {
            version: lighthouse.version,
            runs: lighthouseRuns,
            config:
              "Lighthouse's default config (mobile: simulated throttling, 150 ms RTT, 1.6 Mbit/s, CPU ×4), performance category only; a fresh Chromium profile per report; scores 0–1, times ms",
            reports: `bench/.work/lighthouse/<variant>-<route>.json and .jpg (the last run's)`,
            routes: lighthouse.routes,
          }
        : { skipped: lighthouseSkipped },
      durationSeconds: Math.round((Date.now() - started) / 1000),
    };
    fs.mkdirSync(path.dirname(RESULTS), { recursive: true });
    fs.writeFileSync(RESULTS, `${JSON.stringify(result, null, 2)}\n`);

    log('');
    log(
      `bench ${date} · ${result.machine.cpuModel} ×${result.machine.cpuCount} · Chromium ${result.machine.chromium} · ${runs} runs, median (min–max)`,
    );
    log(
      `profile: ${PROFILE.network.latency} ms RTT, ${(PROFILE.network.downloadThroughput * 8) / 1e6}/${(PROFILE.network.uploadThroughput * 8) / 1e6} Mbit/s, CPU ×${PROFILE.cpuSlowdown}, cold cache but for the returning visitor; API: ${result.api}; logged-in user: ${session ? 'yes' : 'no'}`,
    );
    if (lighthouse) {
      log(
        `Lighthouse ${lighthouse.version ?? '(no report)'}: default mobile config (simulated: 150 ms RTT, 1.6 Mbit/s, CPU ×4), performance only, ${lighthouseRuns} runs, fresh profile each`,
      );
    }
    log('');
    log(formatTable(['figure', 'federated', 'monolithic', 'fed/mono', 'budget'], rows));
    log('');
    log(formatBuilds(build.results) + (build.reused ? '\n(reused from an earlier run)' : ''));
    log('');
    log(
      formatDuplicates(
        scenarios
          .filter((scenario) => duplicates[scenario.key])
          .map((scenario) => ({ label: scenario.label, duplicates: duplicates[scenario.key] })),
      ),
    );
    log('');
    if (trouble.length) log(`problems seen while measuring:\n  ${trouble.join('\n  ')}\n`);
    log('DESIGN §6 budgets (federated app):');
    log(formatBudgets(verdicts));
    log('');
    log(`wrote ${path.relative(process.cwd(), RESULTS)} in ${seconds(started)}`);
  } finally {
    await stop();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}

module.exports = { SCENARIOS, TABS, LIGHTHOUSE_ROUTES, measure };

if (require.main === module) {
  main().catch((error) => {
    console.error(error.stack || error.message);
    process.exitCode = 1;
  });
}
