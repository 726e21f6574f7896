// A test server: the real app on a fresh database, with storage in a temporary folder,
// a silent logger and a clock the test can move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { Express } from 'express';
import { loadSettings, type Settings } from '../../config/settings.js';
import { createApp, type AppDeps } from '../../api/app.js';
import { LocalDiskStorage } from '../../api/integrations/storage.js';
import { createMailer } from '../../api/integrations/mail.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface TestContext {
  app: Express;
  deps: AppDeps;
  db: TestDatabase;
  settings: Settings;
  /** Moves the clock the app reads (ms since epoch); undefined goes back to real time. */
  setNow(ms?: number): void;
  close(): Promise<void>;
}

export async function createTestContext(
  env: Record<string, string> = {},
  extra: Partial<Pick<AppDeps, 'readiness'>> & { database?: Parameters<typeof createTestDatabase>[0] } = {},
): Promise<TestContext> {
  const { database: dbOptions, ...more } = extra;
  const db = await createTestDatabase(dbOptions);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-files-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATABASE_URL: db.database.url,
    STORAGE_DIR: path.join(tmp, 'storage'),
    MAIL_DIR: path.join(tmp, 'mail'),
    ...env,
  });
  let now: number | undefined;
  const deps: AppDeps = {
    settings,
    storage: new LocalDiskStorage(settings.storageDir, `${settings.publicUrl}/files`),
    mailer: createMailer(settings),
    logger: pino({ level: 'silent' }),
    clock: () => (now === undefined ? new Date() : new Date(now)),
    ...more,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    db,
    settings,
    setNow(ms) {
      now = ms;
    },
    async close() {
      await db.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}
