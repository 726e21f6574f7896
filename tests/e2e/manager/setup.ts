// The manager area's browser tests: the real server (built console, fresh SQLite database with the
// demo data, or a clean one, or a new MariaDB database) on 127.0.0.1, and Chromium. One server per
// test file.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import mysql from 'mysql2/promise';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { pino } from 'pino';
import { loadSettings, ROOT_DIR } from '../../../config/settings.js';
import { openDatabase } from '../../../models/boot.js';
import { seedDemo } from '../../../seeders/demo.js';
import { createApp } from '../../../api/app.js';
import { adminConsole, ADMIN_BUILD_DIR } from '../../../api/admin-console.js';
import { portalMount } from '../../../portal/server/mount.js';
import { LocalDiskStorage } from '../../../api/integrations/storage.js';
import { createMediaUrls } from '../../../api/integrations/media-urls.js';
import { createMailer } from '../../../api/integrations/mail.js';
import { startJobs } from '../../../api/jobs/index.js';
import { afterAll, beforeAll } from 'vitest';
import { User } from '../../../models/index.js';
import { CHROMIUM_ARGS } from '../helpers/browser.js';

export interface ManagerServer {
  base: string;
  browser: Browser;
  /** The server's own folder: its database, files, mail and SMS (`sms/`) are written below it. */
  tmp: string;
  close(): Promise<void>;
}

/** Builds the console when a source (console, declarations, shared rules, the player) is newer than the build. */
export function buildConsoleIfStale() {
  const index = path.join(ADMIN_BUILD_DIR, 'index.html');
  const newest = (dir: string): number =>
    fs.readdirSync(dir, { withFileTypes: true }).reduce((m, e) => Math.max(m, e.isDirectory() ? newest(path.join(dir, e.name)) : fs.statSync(path.join(dir, e.name)).mtimeMs), 0);
  const sources = Math.max(...['admin/src', 'models/resources', 'models/rules', 'portal/app/components'].map((d) => newest(path.join(ROOT_DIR, d))));
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > sources) return;
  execFileSync(process.execPath, [path.join(ROOT_DIR, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'admin/vite.config.ts', '--logLevel', 'error'], {
    cwd: ROOT_DIR,
    stdio: 'inherit',
  });
}

/** A new empty MariaDB database on TEST_MYSQL_URL's server: its URL, and how to drop it. */
async function freshMariaDb(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_MYSQL_URL;
  if (!base) throw new Error('a MariaDB browser test needs TEST_MYSQL_URL (mysql://root@127.0.0.1:3306/test)');
  const name = `e2e_${crypto.randomBytes(6).toString('hex')}`;
  const admin = await mysql.createConnection(base);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = await mysql.createConnection(base);
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/**
 * The real app with the built console on 127.0.0.1, on a fresh SQLite database with the demo data,
 * and Chromium. `env` adds settings; `jobs` also runs the job worker (lead notifications...);
 * `demo: false` leaves the database clean (migrated, nothing else); `mariadb` uses a new database on
 * TEST_MYSQL_URL's server instead of SQLite, dropped at close; `portal` also serves the public pages.
 */
export async function startManagerServer(env: Record<string, string> = {}, options: { jobs?: boolean; demo?: boolean; mariadb?: boolean; portal?: boolean } = {}): Promise<ManagerServer> {
  buildConsoleIfStale();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'manager-e2e-'));
  const maria = options.mariadb ? await freshMariaDb() : null;
  const settings = loadSettings({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `sqlite:${path.join(tmp, 'db.sqlite')}`,
    STORAGE_DIR: path.join(tmp, 'files'),
    MAIL_DIR: path.join(tmp, 'mail'),
    SMS_DIR: path.join(tmp, 'sms'),
    PUBLIC_URL: 'http://127.0.0.1',
    ...(maria ? { DATABASE_URL: maria.url } : {}),
    ...env,
  });
  const sequelize = await openDatabase(settings);
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const storage = new LocalDiskStorage(settings.storageDir, `${base}/files`);
  if (options.demo !== false) await seedDemo({ storage });
  const deps = {
    settings: { ...settings, publicUrl: base },
    mailer: createMailer(settings),
    storage,
    logger: pino({ level: 'silent' }),
    clock: () => new Date(),
    media: createMediaUrls({ ...settings, publicUrl: base }),
  };
  // With `portal`, the built Remix portal too (the global setup builds it), last as in npm start.
  server.on('request', createApp(deps, [adminConsole(), ...(options.portal ? [await portalMount()] : [])]));
  const worker = options.jobs ? startJobs(deps) : null;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
  return {
    base,
    browser,
    tmp,
    async close() {
      await worker?.stop(5000);
      await browser.close();
      await new Promise((r) => server.close(r));
      await sequelize.close();
      await maria?.drop();
      fs.rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * For a whole test file: the server with the demo data (started in the file's first beforeAll,
 * closed after it) and the demo manager's record. Read `s` and `manager` inside tests.
 */
export function demoManagerServer(): { s: ManagerServer; manager: User } {
  const self = {} as { s: ManagerServer; manager: User };
  beforeAll(async () => {
    self.s = await startManagerServer();
    self.manager = (await User.findOne({ where: { email: 'manager@demo.test' } }))!;
  }, 240_000);
  afterAll(async () => self.s?.close());
  return self;
}

/** A fresh desktop (or 360 px phone) page in French. */
export async function newPage(s: ManagerServer, phone = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await s.browser.newContext({
    viewport: phone ? { width: 360, height: 740 } : { width: 1366, height: 900 },
    isMobile: phone,
    hasTouch: phone,
    locale: 'fr-FR',
    baseURL: s.base,
  });
  return { context, page: await context.newPage() };
}

/** Signs in on the console's form, at `path` under /manager. */
export async function signIn(page: Page, base: string, email: string, at = '/manager/') {
  await page.goto(`${base}${at}`);
  await page.getByLabel('Email').fill(email);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.getByRole('button', { name: /connexion/i }).click();
}
