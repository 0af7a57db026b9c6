import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromium } from '@playwright/test';

/**
 * End-to-end tests drive Chromium against the built app served by the real server on a fresh
 * embedded database (the same path as `npm start`).
 * Chromium: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own download.
 */
function chromiumExecutable(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean) as string[];
  const found = candidates.find((p) => fs.existsSync(p));
  if (found) return found;
  if (fs.existsSync(chromium.executablePath())) return undefined;
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one (Debian: apt-get install chromium), ' +
      'set CHROMIUM_PATH to a Chromium binary, or run "npx playwright install chromium".',
  );
}

const port = Number(process.env.E2E_PORT ?? 5199);
// Workers re-read this file; the environment carries the main process's choice to them.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'asset-register-e2e-'));
// The embedded database runs as the postgres user when we are root: it must be able to enter the folder.
fs.chmodSync(process.env.E2E_DATA_DIR, 0o755);

/** Specs that switch the server's registration mode (and put it back): see the projects below. */
const REGISTRATION_MODE_SPECS = /registration-modes\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // The installable app's service worker precaches every built file on a page's first load. Specs of
    // the screens do not need it and would each download the whole app again: only the offline specs
    // (tests/e2e/offline*.spec.ts) allow it (ADR 028).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: ['--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: REGISTRATION_MODE_SPECS },
    // The registration mode is global to the server: specs that change it run after every other spec
    // (which sign users up freely in 'open' mode), alone. Run one by itself with --no-deps.
    {
      name: 'registration-modes',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      testMatch: REGISTRATION_MODE_SPECS,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node --import tsx scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM lets the server stop its embedded PostgreSQL; the default SIGKILL would orphan it.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Every test signs up from 127.0.0.1; the per-IP limit is tested in the API suite.
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
  },
});
