// Mutation testing of the money rules (`npm run test:mutation`, docs/testing.md, "Mutation testing"):
// StrykerJS changes one operator, condition or constant at a time and runs the tests that reach
// it; a change no test notices is a wrong rule that would ship.
import { createRequire } from 'node:module';

/** The workspace's jest projects: a target runs one of them as `npm test` does. */
const { projects } = createRequire(import.meta.url)('../jest.config.js');

/**
 * One target: the rules to change and the suites that judge them, with its own threshold.
 * @param {object} target
 * @param {string} target.name the report's name: reports/mutation/<name>.html and .json
 * @param {string} target.project a jest project of jest.config.js, by its name
 * @param {string[]} target.tests its test files that judge these rules, relative to its folder
 * @param {string[]} target.mutate the files (globs) whose code is changed
 * @param {number} target.breakAt the run fails below this score: the one reached, so it only rises
 */
export function mutationTarget({ name, project, tests, mutate, breakAt }) {
  const jestProject = projects.find((candidate) => candidate.displayName === project);
  if (!jestProject) throw new Error(`jest.config.js has no project ${project}`);
  return {
    testRunner: 'jest',
    // Each mutant runs only the tests that executed its code in the first, unchanged run.
    coverageAnalysis: 'perTest',
    mutate,
    jest: {
      projectType: 'custom',
      configFile: 'jest.config.js',
      // The project as a config of its own (no `projects`): Stryker's coverage hooks into the top
      // level's test environment, which a config of several projects does not use.
      config: {
        ...jestProject,
        rootDir: jestProject.rootDir.replace('<rootDir>/', ''),
        projects: [],
        testMatch: tests.map((file) => `<rootDir>/${file}`),
      },
    },
    // The sandbox Stryker copies the workspace into needs the packages, the server and the jest setup only.
    ignorePatterns: ['/*', '!/packages', '!/server', '!/scripts', '!/jest.config.js', '!/package.json', '!/tsconfig*.json', '/server/data'],
    disableTypeChecks: '{packages,server}/**/*.ts',
    // CI's machine has 2 cores; each worker runs one jest process.
    concurrency: 2,
    // A line of progress every few seconds: CI's log shows how far a long run got.
    reporters: ['progress-append-only', 'clear-text', 'html', 'json'],
    clearTextReporter: { logTests: false },
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    thresholds: { high: 100, low: breakAt, break: breakAt },
  };
}
