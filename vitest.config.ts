// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsc needs it for the test key (STACK.md)
/// <reference types="vitest/config" />
// The API suite runs once on SQLite and, when TEST_MYSQL_URL is set, once more on MariaDB.
import { defineConfig } from 'vitest/config';

const apiOn = (name: string, db: string) => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
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
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], env: { NODE_ENV: 'test' as const } } },
      // Browser tests: the real server (started once by the global setup) and Chromium.
      // One file at a time in one fork, to spare the machine's two cores.
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          pool: 'forks',
          maxWorkers: 1,
        },
      },
    ],
  },
});
