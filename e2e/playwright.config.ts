import { defineConfig, devices } from '@playwright/test';

// Shared with the bench: the scripts are CommonJS.
const { CHROMIUM_ARGS, CHROMIUM_PATH } = require('../scripts/chromium');

/**
 * Browser tests of the composed production build: Debian's Chromium, a phone-sized viewport,
 * the real API on a fresh temporary database and the five static servers on free ports
 * (started and stopped by global-setup.ts, also when a test fails).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  globalSetup: require.resolve('./global-setup'),
  fullyParallel: false,
  workers: 1,
  // CI runs once on a fresh machine and lands nothing when red: a journey that fails once and then
  // passes is retried and reported as flaky in the list, rather than costing a whole run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    ...devices['Pixel 7'],
    browserName: 'chromium',
    screenshot: 'on',
    trace: 'retain-on-failure',
    // The shell's service worker would serve a journey's second start from its cache; the
    // journeys that are about it (offline.spec.ts) allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
