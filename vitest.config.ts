// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsc needs it for the test key (STACK.md)
/// <reference types="vitest/config" />
// The API suite runs once on SQLite and, when TEST_MYSQL_URL is set, once more on MariaDB.
import { defineConfig } from 'vitest/config';

// In CI the MariaDB run is required: without it the suite would pass on SQLite alone, silently.
if (process.env.CI && !process.env.TEST_MYSQL_URL) {
  throw new Error('CI is set but TEST_MYSQL_URL is not: the API suite must also run on MariaDB (see .ci/run)');
}

// Files named *.mariadb.test.ts are about MariaDB itself (e.g. a latin1 database): api-mariadb only.
const apiOn = (name: string, db: string) => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    exclude: db === 'mysql' ? [] : ['tests/api/**/*.mariadb.test.ts'],
    env: { TEST_DB: db, NODE_ENV: 'test' as const },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      apiOn('api-sqlite', 'sqlite'),
      ...(process.env.TEST_MYSQL_URL ? [apiOn('api-mariadb', 'mysql')] : []),
      // Faults (issue 10): a private MariaDB killed with kill -9 under a stream of writes. Needs the
      // mariadb-server binaries (mariadb-install-db, mariadbd), not the shared instance.
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          env: { NODE_ENV: 'test' as const },
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], env: { NODE_ENV: 'test' as const } } },
      // Browser tests (Chromium via playwright-core), one file at a time in one fork to spare the
      // machine's two cores. The portal's tests share one real server started by the global setup;
      // the console's tests start their own.
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          env: { NODE_ENV: 'test' as const },
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          pool: 'forks',
          maxWorkers: 1,
        },
      },
      // Two real server processes behind haproxy on a fresh MariaDB database (tests/helpers/cluster.ts).
      {
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          env: { NODE_ENV: 'test' as const },
          globalSetup: ['tests/cluster/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          pool: 'forks',
          maxWorkers: 1,
        },
      },
    ],
  },
});
