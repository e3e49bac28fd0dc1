import { defineConfig } from '@playwright/test';

/** Real Chromium from the OS (never a downloaded browser), against the built app on a fresh embedded database. */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  fullyParallel: false,
  // Two projects side by side, one worker each: the user flows, which share the one server and its data and so run one
  // file after another, and the JS budget crawl, which only reads. The flows mostly wait (on the simulated control
  // plane's steps, on animations) while the crawl mostly computes, so together they take about as long as the flows.
  workers: 2,
  projects: [
    { name: 'flows', testIgnore: /budget\.spec\.ts$/, workers: 1 },
    { name: 'budget', testMatch: /budget\.spec\.ts$/, workers: 1 },
  ],
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results/e2e',
  use: {
    headless: true,
    reducedMotion: process.env.E2E_MOTION === 'on' ? 'no-preference' : 'reduce',
    screenshot: 'only-on-failure',
    // Recorded on a failed test's retry (CI retries once), not for every test: a trace of each passing test cost about
    // 40 % of the flows' CPU (three flow specs: 35 s user+sys with it, 20 s without), and the two cores are CI's limit.
    trace: 'on-first-retry',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
