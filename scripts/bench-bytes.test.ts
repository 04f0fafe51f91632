import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixedCostKb, fixedCostVerdict, idleFetchedUnderSaveData, splitAtIdleMark, FIXED_COST_KB } from '../bench/lib/critical';
import { bytesBySource, decodeSegment, duplicatedModules, modulePath, modulesOfFiles, packageOf } from '../bench/lib/duplicates';
import { budgets, summariseSaveData, summariseVisits } from '../bench/lib/report';

// The bench's pure helpers (bench/README.md, "Critical and idle bytes"): the figures behind DESIGN §6's byte budgets.

describe("splitting requests at the shell's idle mark", () => {
  const requests = [{ startMs: 12 }, { startMs: 359 }, { startMs: 360 }, { startMs: 1146 }];

  it('counts a request started before the mark as critical and one started at or after it as idle', () => {
    expect(splitAtIdleMark(requests, 360)).toEqual({
      critical: [{ startMs: 12 }, { startMs: 359 }],
      idle: [{ startMs: 360 }, { startMs: 1146 }],
    });
  });

  it('counts everything as critical when the shell set no mark (it fetched nothing at idle)', () => {
    expect(splitAtIdleMark(requests, null)).toEqual({ critical: requests, idle: [] });
  });
});

describe('what a Save-Data visit still fetched of the idle code', () => {
  const normal = [
    { url: 'http://127.0.0.1:4100/main.1a2b3c4d.js', idle: false },
    { url: 'http://127.0.0.1:4102/remoteEntry.5e6f7a8b.js', idle: true },
    { url: 'http://127.0.0.1:4102/Repayments.9c0d1e2f.css', idle: true },
  ];

  it("sums the gzip of the files the normal visits fetched at idle, matched by URL path, the page's own left out", () => {
    const saveData = [
      { url: 'http://127.0.0.1:4100/main.1a2b3c4d.js', gzip: 60_000 },
      { url: 'http://127.0.0.1:4102/remoteEntry.5e6f7a8b.js?v=2', gzip: 4_600 },
      { url: 'http://127.0.0.1:4103/remoteEntry.5e6f7a8b.js', gzip: 4_400 },
    ];
    expect(idleFetchedUnderSaveData(saveData, normal)).toBe(4_600);
  });

  it('is 0 when none of them was fetched', () => {
    expect(idleFetchedUnderSaveData([{ url: 'http://127.0.0.1:4100/main.1a2b3c4d.js', gzip: 60_000 }], normal)).toBe(0);
  });
});

describe("federation's fixed cost over the same-first-paint monolith", () => {
  it('allows the host runtime and each remote entry loaded before the idle mark', () => {
    expect(FIXED_COST_KB).toEqual({ hostRuntime: 22, perRemoteEntry: 6 });
    expect(fixedCostKb(0)).toBe(22);
    expect(fixedCostKb(4)).toBe(46);
  });

  it('meets the budget at the limit and misses it a tenth of a kB over', () => {
    expect(fixedCostVerdict({ federatedKb: 162.5, sameFirstPaintKb: 134.5, remoteEntries: 1 })).toEqual({
      overKb: 28,
      limitKb: 28,
      met: true,
    });
    expect(fixedCostVerdict({ federatedKb: 162.6, sameFirstPaintKb: 134.5, remoteEntries: 1 })).toEqual({
      overKb: 28.1,
      limitKb: 28,
      met: false,
    });
  });

  it('is met when federation needs less than the monolith', () => {
    expect(fixedCostVerdict({ federatedKb: 100, sameFirstPaintKb: 110, remoteEntries: 0 })).toEqual({
      overKb: -10,
      limitKb: 22,
      met: true,
    });
  });

  it('measures nothing without a figure', () => {
    expect(fixedCostVerdict({ federatedKb: null, sameFirstPaintKb: 110, remoteEntries: 2 })).toEqual({
      overKb: null,
      limitKb: 34,
      met: null,
    });
    expect(fixedCostVerdict({ federatedKb: 120, sameFirstPaintKb: 110, remoteEntries: null })).toEqual({
      overKb: null,
      limitKb: null,
      met: null,
    });
  });
});

describe('source maps', () => {
  it('decodes base64 VLQ fields, signs and continuations', () => {
    expect(decodeSegment('AAAA')).toEqual([0, 0, 0, 0]);
    expect(decodeSegment('GCAA')).toEqual([3, 1, 0, 0]);
    expect(decodeSegment('D')).toEqual([-1]);
    expect(decodeSegment('gB')).toEqual([16]);
    expect(decodeSegment('2H')).toEqual([123]);
    expect(() => decodeSegment('A!')).toThrow('not a base64 VLQ digit');
  });

  it('gives each source the UTF-8 bytes up to the next segment or the end of the line', () => {
    // Line 1: "abc" from a.ts, "deé" from b.ts; line 2: "xy" from a.ts, then "z" mapped to no source.
    const map = { sources: ['a.ts', 'b.ts'], mappings: 'AAAA,GCAA;ADAA,E' };
    expect(bytesBySource(map, 'abcdeé\nxyz')).toEqual(
      new Map([
        ['a.ts', 5],
        ['b.ts', 4],
      ]),
    );
  });

  it("names a module by its path in the repository, a package's by its last node_modules, webpack's own by none", () => {
    const root = path.join(path.sep, 'repo');
    const loan = path.join(root, 'mf-loan');
    expect(modulePath('webpack://mf_loan/../packages/ui/src/Button.tsx?ab12', loan, root)).toBe('packages/ui/src/Button.tsx');
    expect(modulePath('webpack://shell/./src/app/App.tsx', path.join(root, 'shell'), root)).toBe('shell/src/app/App.tsx');
    expect(modulePath('webpack://mf_loan/../node_modules/axios/lib/utils.js', loan, root)).toBe('node_modules/axios/lib/utils.js');
    expect(modulePath('webpack://mf_loan/./node_modules/a/node_modules/b/x.js', loan, root)).toBe('node_modules/b/x.js');
    expect(modulePath('webpack://mf_loan/webpack/runtime/load script', loan, root)).toBeNull();
    expect(modulePath('webpack://mf_loan/external global "_FEDERATION_RUNTIME_CORE"', loan, root)).toBeNull();
  });

  it('tells the package a module belongs to', () => {
    expect(packageOf('packages/contract/src/paths.ts')).toBe('packages/contract');
    expect(packageOf('node_modules/@module-federation/runtime/dist/index.js')).toBe('node_modules/@module-federation/runtime');
    expect(packageOf('node_modules/axios/lib/utils.js')).toBe('node_modules/axios');
    expect(packageOf('mf-loan/src/Apply.tsx')).toBe('mf-loan');
  });

  it("shares a file's gzip size among its modules by the bytes each produced, a stylesheet's named apart", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-bytes-'));
    const dist = path.join(root, 'mf-news', 'dist');
    fs.mkdirSync(dist, { recursive: true });
    const file = path.join(dist, 'main.js');
    fs.writeFileSync(file, 'aaaaaabb');
    fs.writeFileSync(`${file}.gz`, Buffer.alloc(4));
    fs.writeFileSync(
      `${file}.map`,
      JSON.stringify({
        sources: ['webpack://mf_news/../packages/ui/src/a.ts', 'webpack://mf_news/webpack/bootstrap'],
        mappings: 'AAAA,MCAA',
      }),
    );
    for (const extension of ['gz', 'map']) fs.copyFileSync(`${file}.${extension}`, path.join(dist, `main.css.${extension}`));
    fs.writeFileSync(path.join(dist, 'main.css'), 'aaaaaabb');
    expect(modulesOfFiles([file, path.join(dist, 'main.css'), path.join(dist, 'no-map.js')], path.join(root, 'mf-news'), root)).toEqual(
      new Map([
        ['packages/ui/src/a.ts', 3],
        ['packages/ui/src/a.ts (stylesheet)', 3],
      ]),
    );
    fs.rmSync(root, { recursive: true });
  });
});

describe('modules bundled twice', () => {
  it("lists a remote's modules that the host bundles too, largest first, with the total, the sums per package and the host's federation runtime", () => {
    const host = new Map([
      ['packages/contract/src/paths.ts', 236],
      ['packages/ui/src/kit/ui.module.css', 1093],
      ['node_modules/axios/lib/utils.js', 2488],
      ['node_modules/@module-federation/runtime-core/dist/core.js', 790.4],
      ['node_modules/@module-federation/sdk/dist/dom.js', 1140],
    ]);
    const remotes = [
      {
        remote: 'mf-news',
        modules: new Map([
          ['packages/contract/src/paths.ts', 1808.4],
          ['mf-news/src/NewsList.tsx', 900],
        ]),
      },
      {
        remote: 'mf-loan',
        modules: new Map([
          ['packages/ui/src/kit/ui.module.css', 6963],
          ['packages/contract/src/paths.ts', 1808],
        ]),
      },
    ];
    expect(duplicatedModules(host, remotes)).toEqual({
      rows: [
        { module: 'packages/ui/src/kit/ui.module.css', remote: 'mf-loan', gzip: 6963, hostGzip: 1093 },
        { module: 'packages/contract/src/paths.ts', remote: 'mf-loan', gzip: 1808, hostGzip: 236 },
        { module: 'packages/contract/src/paths.ts', remote: 'mf-news', gzip: 1808, hostGzip: 236 },
      ],
      totalGzip: 10579,
      byPackage: { 'packages/ui': 6963, 'packages/contract': 3616 },
      hostRuntimeGzip: 1930,
    });
  });

  it('finds none when no remote shares a module with the host', () => {
    expect(duplicatedModules(new Map([['a.ts', 1]]), [{ remote: 'mf-news', modules: new Map([['b.ts', 2]]) }])).toEqual({
      rows: [],
      totalGzip: 0,
      byPackage: {},
      hostRuntimeGzip: 0,
    });
  });
});

describe("the run's budgets on bytes and blocking time", () => {
  const visit = (figures: Record<string, number>) => ({
    route: '/pages/loan/apply',
    settled: true,
    failedViews: 0,
    tabs: {},
    errors: [],
    ...figures,
  });
  const route = { key: 'apply', label: '/pages/loan/apply logged in', route: '/pages/loan/apply', throttled: true, bytesBudget: 230 };
  const federatedVisits = [
    {
      ...visit({ jsCssGzip: 183_000, lcp: 1128, criticalGzip: 170_000, idleGzip: 13_000, remoteEntriesCritical: 1, idleMark: 1400 }),
      codeFiles: [{ url: 'http://127.0.0.1:4102/remoteEntry.5e6f7a8b.js', gzip: 8_300, idle: true }],
    },
  ];
  const summaries = {
    apply: {
      federated: summariseVisits(federatedVisits),
      monolithic: summariseVisits([visit({ jsCssGzip: 152_000, lcp: 1140 })]),
      sameFirstPaint: summariseVisits([visit({ jsCssGzip: 152_700, lcp: 1028, criticalGzip: 142_000, idleGzip: 10_700 })]),
      federatedSaveData: summariseSaveData(
        [
          { ...visit({ lcp: 1100 }), codeFiles: [] },
          { ...visit({ lcp: 1100, idleMark: 1300 }), codeFiles: [{ url: 'http://127.0.0.1:4102/remoteEntry.5e6f7a8b.js', gzip: 8_300 }] },
        ],
        federatedVisits,
      ),
    },
  };
  const lighthouse = {
    routes: [
      {
        key: 'apply',
        label: '/pages/loan/apply logged in',
        scoreBudget: 0.95,
        federated: { score: { median: 0.96 }, lcp: { median: 2500 }, tbt: { median: 50 } },
        monolithic: { score: { median: 0.95 }, lcp: { median: 2500 }, tbt: { median: 30 } },
      },
    ],
  };
  const verdicts = budgets(summaries, [route], lighthouse);
  const verdict = (start: string) => verdicts.find((each: { budget: string }) => each.budget.startsWith(start));

  it("judges the critical bytes over the same-first-paint monolith against the entries' fixed cost", () => {
    expect(verdict('critical JS+CSS of /pages/loan/apply')).toMatchObject({ measured: 28, limit: 28, unit: 'kB', met: true });
  });

  it("reports idle bytes apart, within 60 kB, and under Save-Data none of the normal visits' idle files in any visit, nor the mark", () => {
    expect(verdict('idle JS+CSS of /pages/loan/apply logged in (gzip')).toMatchObject({ measured: 13, limit: 60, met: true });
    expect(verdict('JS+CSS of /pages/loan/apply logged in under Save-Data that the normal visits fetched at idle')).toMatchObject({
      measured: 8.3,
      limit: 0,
      met: false,
    });
    expect(verdict('visits of /pages/loan/apply logged in under Save-Data that set the idle mark')).toMatchObject({
      measured: 1,
      limit: 0,
      met: false,
    });
  });

  it("holds TBT to 100 ms absolute and no longer weighs bytes as a ratio to today's monolith", () => {
    expect(verdict('Lighthouse TBT of /pages/loan/apply')).toMatchObject({ measured: 50, limit: 100, unit: 'ms', met: true });
    expect(verdicts.filter((each: { budget: string }) => /TBT|bytes/.test(each.budget) && each.budget.startsWith('federated /'))).toEqual(
      [],
    );
  });
});
