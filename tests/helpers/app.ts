// A test server: the real app on a fresh database, with storage in a temporary folder,
// a silent logger and a clock the test can move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { IncomingMessage } from 'node:http';
import type { Express } from 'express';
import { loadSettings, type Settings } from '../../config/settings.js';
import { createApp } from '../../api/app.js';
import type { AppDeps } from '../../api/deps.js';
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

export interface TestContextOptions {
  /**
   * Like a load balancer in front of the app (TRUST_PROXY=loopback), give every request that
   * names no X-Forwarded-For an address of its own, so that tests which are not about the
   * per-address limits (api/auth/throttle.ts) never meet them. Tests of the limits set
   * X-Forwarded-For themselves; tests of the default TRUST_PROXY pass false.
   */
  oneAddressPerRequest?: boolean;
  /** What /readyz checks (tests of the probes pass their own). */
  readiness?: AppDeps['readiness'];
  /** Options of the test database (e.g. a latin1 MariaDB database). */
  database?: Parameters<typeof createTestDatabase>[0];
}

let addressSeq = 0;
/** A fresh address in 198.18.0.0/15 (the benchmarking range). */
export function nextTestAddress(): string {
  const n = ++addressSeq;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

export async function createTestContext(env: Record<string, string> = {}, options: TestContextOptions = {}): Promise<TestContext> {
  const { database: dbOptions, oneAddressPerRequest: perRequest, ...more } = options;
  const oneAddressPerRequest = perRequest ?? true;
  const db = await createTestDatabase(dbOptions);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-files-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATABASE_URL: db.database.url,
    STORAGE_DIR: path.join(tmp, 'storage'),
    MAIL_DIR: path.join(tmp, 'mail'),
    UPLOAD_TMP_DIR: path.join(tmp, 'tus'),
    ...(oneAddressPerRequest ? { TRUST_PROXY: 'loopback' } : {}),
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
  if (oneAddressPerRequest) {
    type Handle = (req: IncomingMessage, ...rest: unknown[]) => void;
    const inner = app as unknown as { handle: Handle };
    const handle = inner.handle.bind(app);
    inner.handle = (req, ...rest) => {
      req.headers['x-forwarded-for'] ??= nextTestAddress();
      handle(req, ...rest);
    };
  }
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
