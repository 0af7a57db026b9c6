import os from 'node:os';
import { CLIENT_ALIASES } from './vite.config';
import { defineConfig } from 'vitest/config';

/**
 * unit: pure functions (shared, client). api-embedded: the server through app.inject() on one embedded
 * PostgreSQL started by the global setup. api-postgres: the same files against the PostgreSQL server
 * in TEST_DATABASE_URL, only when that is set. Each test app gets a database of its own.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.warn('API tests on a PostgreSQL server skipped: set TEST_DATABASE_URL to run them');

const apiProject = (name: string, globalSetup: string) => ({
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    environment: 'node',
    globalSetup: [globalSetup],
    // Password hashing (scrypt, N=2^17) takes about 0.4 s per register or login.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores; API tests mostly wait on the database and scrypt.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        resolve: { alias: CLIENT_ALIASES },
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/client/**/*.test.ts'],
          environment: 'node',
        },
      },
      apiProject('api-embedded', 'tests/setup/embedded-db.global.ts'),
      ...(serverUrl ? [apiProject('api-postgres', 'tests/setup/server-db.global.ts')] : []),
    ],
  },
});
