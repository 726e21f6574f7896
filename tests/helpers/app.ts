// A test server: the real app on a fresh database, with storage in a temporary folder,
// a silent logger and a clock the test can move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { Express } from 'express';
import { loadSettings, type Settings } from '../../config/settings.js';
import { createApp, type AppDeps } from '../../api/app.js';
import { createStorage } from '../../api/integrations/storage.js';
import { createMailer } from '../../api/integrations/mail.js';
import { createTestDatabase, type TestDatabase } from './db.js';

export interface TestContext {
  app: Express;
  deps: AppDeps;
  db: TestDatabase;
  settings: Settings;
  /** Every answer the app gave, and those with a 5xx status ("METHOD url status"). */
  answers: { count: number; serverErrors: string[] };
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
    storage: createStorage(settings),
    mailer: createMailer(settings),
    logger: pino({ level: 'silent' }),
    clock: () => (now === undefined ? new Date() : new Date(now)),
    ...more,
  };
  const app = createApp(deps);
  const answers = countAnswers(app);
  return {
    app,
    answers,
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

/** Counts the app's answers and keeps the 5xx ones (issue 10: invalid input never answers 5xx). */
function countAnswers(app: Express): TestContext['answers'] {
  const answers: TestContext['answers'] = { count: 0, serverErrors: [] };
  const target = app as unknown as { handle: (...args: unknown[]) => unknown };
  const handle = target.handle.bind(app);
  target.handle = (req: unknown, res: unknown, next: unknown) => {
    const r = res as { statusCode: number; once: (e: string, f: () => void) => void };
    const q = req as { method: string; originalUrl?: string; url: string };
    const url = q.originalUrl ?? q.url;
    r.once('finish', () => {
      answers.count++;
      if (r.statusCode >= 500) answers.serverErrors.push(`${q.method} ${url} ${r.statusCode}`);
    });
    return handle(req, res, next);
  };
  return answers;
}
