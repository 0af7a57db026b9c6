import { defineConfig } from 'vitest/config';

/**
 * `npm run test:chaos`: crash, outage, shutdown, two-process and load tests. They drive the real
 * server as child processes over HTTP (see tests/chaos/support), so files run one at a time: each
 * needs the machine to itself for its timings to mean anything.
 */
export default defineConfig({
  test: {
    include: ['tests/chaos/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/chaos/support/global-setup.ts'],
    fileParallelism: false,
    maxWorkers: 1,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
