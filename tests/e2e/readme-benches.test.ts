// The README's bench commands, run as a newcomer runs them (through npm, from the project's folder),
// each with its smallest settings: the command starts, measures what it names, prints its table and
// its verdict line, and exits 0 (targets met) or 1 (a target missed, which a loaded CI machine may
// cause: the benches' targets are judged on an idle machine, never here). A crash, a missing table
// or a missing verdict fails the test. MariaDB benches get fresh databases of their own.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT_DIR } from '../../config/settings.js';

const created: string[] = [];
const mysqlBase = process.env.TEST_MYSQL_URL;

afterAll(async () => {
  if (!mysqlBase || !created.length) return;
  const c = await mysql.createConnection(mysqlBase);
  for (const name of created) await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await c.end();
});

/** A fresh MariaDB database's URL (dropped after the file); the benches migrate it themselves. */
async function freshMysql(label: string): Promise<string> {
  const name = `bench_${label}_${crypto.randomBytes(4).toString('hex')}`;
  const c = await mysql.createConnection(mysqlBase!);
  await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await c.end();
  created.push(name);
  const url = new URL(mysqlBase!);
  url.pathname = `/${name}`;
  return url.toString();
}

interface Run {
  code: number | null;
  output: string;
}

/** `npm <args>` in the project's folder, with the developer's shell (not the test runner's mode). */
function npm(args: string[], extra: Record<string, string>, timeoutMs: number): Promise<Run> {
  const { NODE_ENV: _mode, VITEST: _vitest, VITEST_POOL_ID: _pool, VITEST_WORKER_ID: _worker, ...shell } = process.env;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-bench-'));
  const env = { ...shell, TMPDIR: tmp, ...extra };
  return new Promise((resolve, reject) => {
    const child = spawn('npm', args, { cwd: ROOT_DIR, env: env as unknown as NodeJS.ProcessEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`npm ${args.join(' ')} did not end in ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      fs.rmSync(tmp, { recursive: true, force: true });
      resolve({ code, output });
    });
  });
}

/** Ran to its verdict: exit 0 with the "met" line, or exit 1 with the "missed" line; never a crash. */
function expectVerdict(run: Run, met: RegExp, missed: RegExp) {
  const verdict = met.test(run.output) ? 0 : missed.test(run.output) ? 1 : null;
  expect(verdict, `no verdict line, exit ${run.code}:\n${run.output.slice(-4000)}`).not.toBeNull();
  expect(run.code, run.output.slice(-4000)).toBe(verdict);
  expect(run.output).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/); // no stack trace
}

describe("the README's bench commands", () => {
  it('npm run bench:api: cached, cache-off and signed-in reads against bare Express', { timeout: 300_000 }, async () => {
    const run = await npm(['run', 'bench:api'], { BENCH_DURATION: '1', BENCH_ROUNDS: '1', BENCH_CONNECTIONS: '4' }, 290_000);
    for (const p of ['/apis/list-offers/CAFE75', '/apis/config/fr', '/apis/auth/me', '/apis/manager']) expect(run.output).toContain(p);
    expect(run.output).toMatch(/bare express/i);
    expectVerdict(run, /every real server reaches its target/, /below target:/);
  });

  it('npm run bench:start: start time and memory, tsx and compiled', { timeout: 400_000 }, async () => {
    const run = await npm(['run', 'bench:start'], { BENCH_STARTS: '1' }, 390_000);
    expect(run.code, run.output.slice(-4000)).toBe(0);
    expect(run.output).toContain('node build/server/index.js');
    expect(run.output).toMatch(/RSS ready \(MB\)/);
  });

  it('npm run bench:pages: SSR against bare renderToString, weight and render time (Lighthouse off)', { timeout: 300_000 }, async () => {
    const run = await npm(['run', 'bench:pages'], { BENCH_LH_RUNS: '0', BENCH_SSR_DURATION: '1', BENCH_SSR_ROUNDS: '1', BENCH_SSR_CONNECTIONS: '4', BENCH_SAMPLES: '3' }, 290_000);
    expect(run.output).toContain('/candidate/offer/CAFE75');
    expect(run.output).toContain('/privacy');
    expectVerdict(run, /All targets met\./, /Missed targets:/);
  });

  it('npm run bench:consoles: first load of /admin, /manager and /dashboard in Chromium', { timeout: 300_000 }, async () => {
    const run = await npm(['run', 'bench:consoles'], { BENCH_RUNS: '1' }, 290_000);
    for (const c of ['/admin', '/manager', '/dashboard']) expect(run.output).toContain(c);
    expect(run.output).toContain('JS KB gzipped');
    expectVerdict(run, /All targets met\./, /Missed targets:/);
  });

  it('npm run bench:stories: one 10 s browser answer, its path, speed and time to playable', { timeout: 450_000 }, async () => {
    const run = await npm(['run', 'bench:stories'], { BENCH_SOURCES: 'browser', BENCH_SECONDS: '10' }, 440_000);
    expect(run.output).toMatch(/playable/i);
    expectVerdict(run, /Targets met with the server's settings/, /Targets MISSED with the server's settings/);
  });

  it('npm run bench:invitations: a CSV checked and queued, then reads while the queue mails it (SQLite, and MariaDB when there)', { timeout: 300_000 }, async () => {
    const env: Record<string, string> = { BENCH_ROWS: '20', BENCH_SECONDS: '1', BENCH_RATE: '10', BENCH_DATABASES: mysqlBase ? 'sqlite,mariadb' : 'sqlite' };
    if (mysqlBase) env.DATABASE_URL = await freshMysql('invitations');
    const run = await npm(['run', 'bench:invitations'], env, 290_000);
    expect(run.output).toContain('check + queue ms');
    expect(run.output).toMatch(/\| sqlite +\| 20 +\|/);
    if (mysqlBase) expect(run.output).toMatch(/\| mariadb +\| 20 +\|/);
    for (const p of ['/apis/list-offers/CAFE75', '/apis/manager']) expect(run.output).toContain(p);
    expect(run.output).toMatch(/p95 ms idle \/ sending/);
    expectVerdict(run, /All targets met\./, /Missed targets:/);
  });

  // The volume benches need MariaDB: CI always sets TEST_MYSQL_URL (vitest.config.ts refuses CI without it).
  it.skipIf(!mysqlBase)('npm run db:seed:volume then npm run bench:admin: the console lists at volume, then the open loop', { timeout: 420_000 }, async () => {
    const url = await freshMysql('admin');
    const seed = await npm(['run', 'db:seed:volume', '--', '--users', '3000'], { DATABASE_URL: url }, 200_000);
    expect(seed.code, seed.output.slice(-4000)).toBe(0);
    const c = await mysql.createConnection(url);
    const [rows] = await c.query('SELECT COUNT(*) AS n FROM users');
    await c.end();
    expect(Number((rows as { n: number }[])[0].n)).toBeGreaterThanOrEqual(3000);
    const run = await npm(['run', 'bench:admin'], { DATABASE_URL: url, BENCH_RUNS: '2', BENCH_OPEN_SECONDS: '2' }, 210_000);
    expect(run.output).toContain('candidates search "martin"');
    expect(run.output).toMatch(/p99/);
    expectVerdict(run, /all targets met/, /some targets missed|some requests miss a target/);
  });

  it.skipIf(!mysqlBase)('npm run bench:manager: the manager area at volume (one manager) against bare mysql2', { timeout: 600_000 }, async () => {
    const url = await freshMysql('manager');
    const run = await npm(['run', 'bench:manager'], { BENCH_MYSQL_URL: url, BENCH_MANAGERS: '1', BENCH_RUNS: '2' }, 590_000);
    expectVerdict(run, /all requests within targets/, /some requests miss a target/);
  });
});
