// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- tsc needs it for the test key (STACK.md)
/// <reference types="vitest/config" />
// The API suite runs once on SQLite and, when TEST_MYSQL_URL is set, once more on MariaDB.
import { defineConfig } from 'vitest/config';

// In CI the MariaDB run is required: without it the suite would pass on SQLite alone, silently.
if (process.env.CI && !process.env.TEST_MYSQL_URL) {
  throw new Error('CI is set but TEST_MYSQL_URL is not: the API suite must also run on MariaDB (see .ci/run)');
}

const apiOn = (name: string, db: string) => ({
  test: {
    name,
    include: ['tests/api/**/*.test.ts'],
    env: { TEST_DB: db, NODE_ENV: 'test' },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      apiOn('api-sqlite', 'sqlite'),
      ...(process.env.TEST_MYSQL_URL ? [apiOn('api-mariadb', 'mysql')] : []),
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], env: { NODE_ENV: 'test' } } },
      // Browser tests (Chromium via playwright-core); each file starts its own server.
      { test: { name: 'e2e', include: ['tests/e2e/**/*.test.ts'], env: { NODE_ENV: 'test' }, testTimeout: 60_000, hookTimeout: 240_000, fileParallelism: false } },
    ],
  },
});
