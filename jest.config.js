// One jest run for the workspace: a project per package, each in the environment it runs in.
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

const common = {
  transform: { '^.+\\.tsx?$': tsJest },
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    '^@instalment/shared/(.*)$': '<rootDir>/../shared/src/$1',
  },
  testMatch: ['<rootDir>/**/*.test.ts?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

const browserPackage = (name) => ({
  ...common,
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest.setup.ts'],
});

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'shared',
      rootDir: '<rootDir>/shared',
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/../scripts/jest.setup.ts'],
    },
    { ...common, displayName: 'server', rootDir: '<rootDir>/server', testEnvironment: 'node' },
    { ...common, displayName: 'workspace', rootDir: '<rootDir>/scripts', testEnvironment: 'node' },
    browserPackage('shell'),
    // Every remote the repository lists, one owner (a remote made by `npm run new-remote` is tested at once).
    ...Object.values(require('./shared/src/pages/remotes.json')).map(browserPackage),
    browserPackage('ops'),
  ],
};
