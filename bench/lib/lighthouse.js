// Lighthouse 12 on both apps, as a yardstick others know: its default config (mobile: simulated
// slow 4G and a 4× slower CPU, applied to a trace taken unthrottled), performance only.
const fs = require('node:fs');
const path = require('node:path');
const { chromium } = require('playwright-core');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = require('../../scripts/chromium');
const { VARIANTS } = require('./report');
const { describe } = require('./stats');

/** The figures kept from a report, by Lighthouse audit id. */
const AUDITS = {
  lcp: 'largest-contentful-paint',
  fcp: 'first-contentful-paint',
  tbt: 'total-blocking-time',
  speedIndex: 'speed-index',
  cls: 'cumulative-layout-shift',
};

const message = (error) => (error instanceof Error ? error.message : String(error)).split('\n')[0].slice(0, 300);

/**
 * Debian's Chromium with a profile of its own, for one run: Lighthouse must not reset storage
 * (that would drop the logged-in session), so a fresh profile is what keeps every run a first
 * visit with an empty cache.
 */
async function withChromium(use) {
  const { launch } = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: process.env.BENCH_CHROMIUM || CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    logLevel: 'silent',
    // The bench handles signals itself and ends with process.exit; chrome-launcher's handler
    // would exit first, before the servers are stopped.
    handleSIGINT: false,
  });
  // chrome-launcher starts Chromium in a process group of its own, which would outlive an exit.
  const kill = () => chrome.kill();
  process.once('exit', kill);
  try {
    return await use(chrome.port);
  } finally {
    process.removeListener('exit', kill);
    chrome.kill();
  }
}

/**
 * Lighthouse opens its tab in the browser's default profile, so the session goes into that
 * profile's local storage for the app's origin. The page that sets it is a 404 of the same
 * origin, not the app, so nothing of the app is in the cache before the run.
 */
async function storeSession(port, origin, session) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await page.goto(new URL('/bench-session', origin).href);
    await page.evaluate((entries) => {
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    }, session);
    await page.close();
  } finally {
    // Only disconnects: the browser stays up for Lighthouse, with no second client attached to its tab.
    await browser.close();
  }
}

/** The figures of one report; throws rather than hand back a score for the wrong page or none. */
function figuresOf(lhr, route) {
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const score = lhr.categories.performance?.score;
  if (score == null) throw new Error('the report has no performance score');
  const landedOn = new URL(lhr.finalDisplayedUrl).hash.replace(/^#/, '') || '/';
  // A page that needs a login and did not get one shows the login page, scored as if it were the route.
  if (landedOn.split('?')[0] !== route) throw new Error(`landed on ${landedOn}, not ${route}`);
  const figures = Object.fromEntries(Object.entries(AUDITS).map(([key, id]) => [key, lhr.audits[id]?.numericValue ?? null]));
  const missing = Object.keys(figures).filter((key) => figures[key] == null);
  if (missing.length) throw new Error(`the report has no ${missing.join(', ')}`);
  const lcpNode = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return {
    score,
    ...figures,
    finalUrl: lhr.finalDisplayedUrl,
    lcpElement: lcpNode ? `${lcpNode.nodeLabel ?? ''}`.slice(0, 60) : null,
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    version: lhr.lighthouseVersion,
    warnings: lhr.runWarnings ?? [],
  };
}

/** The report and its final screenshot, for a look at what was scored (bench/.work is not committed). */
function keep(lhr, outDir, name) {
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify(lhr));
  const screenshot = lhr.audits['final-screenshot']?.details?.data;
  if (typeof screenshot === 'string' && screenshot.startsWith('data:image/jpeg;base64,')) {
    fs.writeFileSync(path.join(outDir, `${name}.jpg`), Buffer.from(screenshot.split(',')[1], 'base64'));
  }
}

async function runOnce({ url, route, session, outDir, name }) {
  return withChromium(async (port) => {
    if (session) await storeSession(port, new URL(url).origin, session);
    const { default: lighthouse } = await import('lighthouse');
    const result = await lighthouse(url, {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error('Lighthouse returned no result');
    keep(result.lhr, outDir, name);
    return figuresOf(result.lhr, route);
  });
}

function summarise(samples) {
  const values = (key) => samples.map((sample) => sample[key]);
  return {
    score: describe(values('score'), 2),
    lcp: describe(values('lcp')),
    fcp: describe(values('fcp')),
    tbt: describe(values('tbt')),
    speedIndex: describe(values('speedIndex')),
    cls: describe(values('cls'), 3),
    finalUrls: [...new Set(samples.map((sample) => sample.finalUrl))],
    lcpElements: [...new Set(samples.map((sample) => sample.lcpElement))],
    benchmarkIndex: describe(values('benchmarkIndex'), 0),
    warnings: [...new Set(samples.flatMap((sample) => sample.warnings))],
    runs: samples.length,
  };
}

/**
 * Every route with every app, `runs` times, the order alternating like the visits.
 * A run that fails, or lands anywhere but its route, counts for nothing and is named in `problems`.
 * @param {{ routes: Array<{ key: string, label: string, route: string, login?: boolean, scoreBudget?: number }>, apps: Record<string, string>, session: any, runs: number, outDir: string, log: (line: string) => void }} options
 */
async function measureLighthouse({ routes, apps, session, runs, outDir, log }) {
  /** @type {Record<string, Record<string, any[]>>} */
  const samples = Object.fromEntries(routes.map((route) => [route.key, Object.fromEntries(VARIANTS.map((variant) => [variant, []]))]));
  const problems = [];
  for (let run = 0; run < runs; run += 1) {
    const started = Date.now();
    for (const route of routes) {
      const order = run % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
      for (const variant of order) {
        const url = route.route === '/' ? apps[variant] : `${apps[variant]}#${route.route}`;
        try {
          const figures = await runOnce({
            url,
            route: route.route,
            session: route.login ? session : null,
            outDir,
            name: `${variant}-${route.key}`,
          });
          samples[route.key][variant].push(figures);
        } catch (error) {
          problems.push(`Lighthouse ${variant} ${route.label}, run ${run + 1}: ${message(error)}`);
        }
      }
    }
    log(
      `  Lighthouse run ${run + 1}/${runs}: ${routes.length * VARIANTS.length} reports in ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }
  const all = Object.values(samples).flatMap((byVariant) => Object.values(byVariant).flat());
  return {
    version: all[0]?.version ?? null,
    routes: routes.map((route) => ({
      ...route,
      loggedIn: Boolean(route.login && session),
      ...Object.fromEntries(
        VARIANTS.map((variant) => [
          variant,
          { ...summarise(samples[route.key][variant]), failedRuns: runs - samples[route.key][variant].length },
        ]),
      ),
    })),
    problems,
  };
}

module.exports = { measureLighthouse };
