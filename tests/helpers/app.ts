// A test server: the real app on a fresh database, with storage in a temporary folder,
// a silent logger and a clock the test can move.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { IncomingMessage } from 'node:http';
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

export interface TestContextOptions {
  /**
   * Like a load balancer in front of the app (TRUST_PROXY=loopback), give every request that
   * names no X-Forwarded-For an address of its own, so that tests which are not about the
   * per-address limits (api/auth/throttle.ts) never meet them. Tests of the limits set
   * X-Forwarded-For themselves; tests of the default TRUST_PROXY pass false.
   */
  oneAddressPerRequest?: boolean;
}

let addressSeq = 0;
/** A fresh address in 198.18.0.0/15 (the benchmarking range). */
export function nextTestAddress(): string {
  const n = ++addressSeq;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}

export async function createTestContext(env: Record<string, string> = {}, options: TestContextOptions = {}): Promise<TestContext> {
  const oneAddressPerRequest = options.oneAddressPerRequest ?? true;
  const db = await createTestDatabase();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-files-'));
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1:3999',
    DATABASE_URL: db.database.url,
    STORAGE_DIR: path.join(tmp, 'storage'),
    MAIL_DIR: path.join(tmp, 'mail'),
    ...(oneAddressPerRequest ? { TRUST_PROXY: 'loopback' } : {}),
    ...env,
  });
  let now: number | undefined;
  const deps: AppDeps = {
    settings,
    storage: new LocalDiskStorage(settings.storageDir, `${settings.publicUrl}/files`),
    mailer: createMailer(settings),
    logger: pino({ level: 'silent' }),
    clock: () => (now === undefined ? new Date() : new Date(now)),
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
