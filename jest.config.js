// One jest run for the workspace: a project per package, each in the environment it runs in.
const fs = require('node:fs');
const path = require('node:path');

/** The contract's packages (packages/*), each its own project: `npm test -w @instalment/<name>`. */
const PACKAGES = fs.readdirSync(path.join(__dirname, 'packages'));
const tsJest = [
  'ts-jest',
  {
    // Types are checked by `tsc` in the test command; here only transpile.
    tsconfig: {
      jsx: 'react-jsx',
      module: 'commonjs',
      moduleResolution: 'node',
      esModuleInterop: true,
      target: 'ES2022',
      isolatedModules: true,
    },
    diagnostics: false,
  },
];

/**
 * What every project shares, for a project in `folder` (relative to the workspace): paths stay
 * relative to the project's own root, so a copy of the workspace (mutation testing's sandbox)
 * tests its own files.
 */
const project = (folder, name, testEnvironment) => {
  const root = path.relative(folder, '.') || '.';
  return {
    displayName: name,
    rootDir: `<rootDir>/${folder}`,
    testEnvironment,
    transform: { '^.+\\.tsx?$': tsJest },
    moduleNameMapper: {
      '\\.css$': 'identity-obj-proxy',
      // A package's entry points are its folders' and files' names under src (its package.json exports).
      '^@instalment/([a-z-]+)/(.*)$': `<rootDir>/${root}/packages/$1/src/$2`,
    },
    testMatch: ['<rootDir>/**/*.test.ts?(x)'],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    ...(testEnvironment === 'jsdom' ? { setupFilesAfterEnv: [`<rootDir>/${root}/scripts/jest.setup.ts`] } : {}),
  };
};

module.exports = {
  // Many server tests start whole apps, under a second alone; on a busy CI worker, with 13 projects
  // sharing two cores, some passed jest's 5 s (the dev clock's, the API document's, two autopay
  // servers'). A test that hangs still fails, later.
  testTimeout: 30_000,
  projects: [
    ...PACKAGES.map((name) => project(`packages/${name}`, name, 'jsdom')),
    project('server', 'server', 'node'),
    project('scripts', 'workspace', 'node'),
    project('shell', 'shell', 'jsdom'),
    // Every remote the repository lists, one owner (a remote made by `npm run new-remote` is tested at once).
    ...Object.values(require('./packages/federation/src/pages/remotes.json')).map((remote) => project(remote, remote, 'jsdom')),
    project('ops', 'ops', 'jsdom'),
  ],
};
