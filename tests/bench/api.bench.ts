// npm run bench:api — the real server, compiled and in production mode as `npm start` runs it
// (build/server/index.js), against a bare Express 5 handler giving the same bytes.
//
// The servers run as child processes pinned to core 0 (`taskset -c 0`); this process, which
// drives autocannon, pins itself to core 1, so load generation does not steal the server's CPU.
// The real server runs on a fresh SQLite file with the demo data (and on a fresh MariaDB database
// too when BENCH_MYSQL_URL is set). Each endpoint answer is captured from the real server first;
// an endpoint answering 404 (not on this branch yet) stops the bench with a clear message.
//
// Signed-in reads (decision 396): the paths of BENCH_SIGNED_IN_PATHS are asked with a bearer token of
// the demo manager (signed in as the app signs in, once per server). Their bare handler does the
// equivalent work: it runs, through the same driver (sqlite3, on the real server's database file),
// the SQL statements the app ran for that request (recorded once, in this process, by the same app
// on the same file with Sequelize's query log on), then sends the same JSON (JSON.stringify each time).
// They are judged against SIGNED_IN_TARGET; the cache-off reference server is not run for them (the
// cache keeps anonymous answers only).
// Settings (environment): BENCH_PATHS (comma-separated, default the two public endpoints below),
// BENCH_SIGNED_IN_PATHS (default /apis/auth/me and the manager's home /apis/manager),
// BENCH_DURATION seconds per run (5), BENCH_ROUNDS (3), BENCH_CONNECTIONS (50), BENCH_MYSQL_URL (off),
// BENCH_LOG_COMPARE=1 to add a run of the real server with request logging off.
// The target is judged on the real server as `npm start` runs it, with its per-node cache of anonymous
// public reads (decision 151, PUBLIC_CACHE_MS at its default). A reference row, never judged, runs the
// same server with that cache off (PUBLIC_CACHE_MS=0), so the table also shows what every request that
// reaches the database and the route costs.
// Rounds alternate between the servers and the best round of each is kept. Besides req/s and
// latency it prints the server's CPU time per request (from /proc, lowest round) and its ratio
// bare/real, which stays meaningful when other work shares the machine and req/s does not.
// Exit code: 0 when every real server reaches the target ratio, 1 below it, 2 on a setup failure.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/ports.js';
import { COMPILED_SERVER, NODE_FLAGS } from '../helpers/server.js';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import mysql from 'mysql2/promise';
import { stopChild } from '../helpers/processes.js';
import { pino } from 'pino';
import { DEMO_PASSWORD } from '../../seeders/demo-data.js';
import { loadSettings } from '../../config/settings.js';
import { connect } from '../../models/connection.js';
import { initModels } from '../../models/index.js';
import { createApp } from '../../api/app.js';
import type { AppDeps } from '../../api/deps.js';
import { createStorage } from '../../api/integrations/storage.js';
import { createMailer } from '../../api/integrations/mail.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TARGET_RATIO = 0.7;
const SIGNED_IN_TARGET = 0.75;
const SIGNED_IN_PATHS = (process.env.BENCH_SIGNED_IN_PATHS ?? '/apis/auth/me,/apis/manager')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const PATHS = (process.env.BENCH_PATHS ?? '/apis/list-offers/CAFE75,/apis/config/fr')
  .split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

class BenchError extends Error {}

interface Target {
  name: string;
  port: number;
  child: ChildProcess;
  /** The demo manager's bearer header on this server (its own database, its own session). */
  auth?: string;
  /** Shown for comparison, not held to the target. */
  reference?: boolean;
}

interface Captured {
  path: string;
  status: number;
  contentType: string;
  body: string;
  /** Signed-in paths: the SQL the app ran for the request, which the bare handler runs too. */
  sql?: string[];
}

const hasTaskset = spawnSync('taskset', ['-V']).status === 0 && os.cpus().length >= 2;
const pinned = (core: number, cmd: string[]) => (hasTaskset ? ['taskset', '-c', String(core), ...cmd] : cmd);

async function waitReady(port: number, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new BenchError(`${what} exited with code ${child.exitCode} before answering (see its log)`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/apis/health`);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new BenchError(`${what} did not answer on port ${port} within 90 s`);
}

function start(cmd: string[], env: NodeJS.ProcessEnv, logFile: string): ChildProcess {
  const out = fs.openSync(logFile, 'w');
  const child = spawn(cmd[0], cmd.slice(1), { cwd: ROOT, env, stdio: ['ignore', out, out] });
  fs.closeSync(out);
  return child;
}

const stop = (child: ChildProcess) => stopChild(child);

async function startReal(name: string, databaseUrl: string, tmp: string, logLevel: string, extraEnv: Record<string, string> = {}): Promise<Target> {
  const port = await freePort();
  const env = {
    ...process.env,
    // as const: @remix-run/node (in the same type program) types NODE_ENV as a union.
    NODE_ENV: 'production' as const,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    DEMO_DATA: '1',
    LOG_LEVEL: logLevel,
    STORAGE_DIR: path.join(tmp, `${name}-storage`),
    MAIL_DIR: path.join(tmp, `${name}-mail`),
    ...extraEnv,
  };
  const child = start(pinned(0, [process.execPath, ...COMPILED_SERVER]), env, path.join(tmp, `${name}.log`));
  await waitReady(port, child, name);
  return { name, port, child };
}

async function signIn(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/apis/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@demo.test', password: DEMO_PASSWORD, client: 'app' }),
  });
  if (res.status !== 200) throw new BenchError(`the demo manager could not sign in: ${res.status} ${(await res.text()).slice(0, 200)}`);
  return `Bearer ${((await res.json()) as { token: string }).token}`;
}

async function capture(target: Target): Promise<Captured[]> {
  const captured: Captured[] = [];
  const port = target.port;
  for (const p of [...PATHS, ...SIGNED_IN_PATHS]) {
    const signedIn = SIGNED_IN_PATHS.includes(p);
    const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: signedIn ? { authorization: target.auth! } : {} });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status === 404) {
      throw new BenchError(`GET ${p} answers 404 on the real server: that endpoint is not on this branch yet (merge main); nothing to measure`);
    }
    if (res.status >= 400) throw new BenchError(`GET ${p} answers ${res.status}: ${body.toString('utf8').slice(0, 200)}`);
    captured.push({ path: p, status: res.status, contentType: res.headers.get('content-type') ?? 'application/json', body: body.toString('base64') });
  }
  return captured;
}

/**
 * CPU seconds (user + system) used so far by a process and its descendants (tsx runs the server
 * in a child node). Unlike req/s it barely moves when other work shares the machine.
 */
function treeCpuSeconds(rootPid: number): number {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // the process ended while we looked
    }
  }
  let ticks = 0;
  const todo = [rootPid];
  while (todo.length) {
    const pid = todo.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    for (const [child, s] of stats) if (s.ppid === pid) todo.push(child);
  }
  return ticks / CLOCK_TICKS;
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
const canCountCpu = fs.existsSync('/proc/self/stat');

/**
 * The SQL statements the app runs for each signed-in path: the same app, in this process, on the
 * real server's SQLite file, with the same bearer token and Sequelize's query log on.
 */
async function recordSql(storage: string, auth: string, tmp: string): Promise<Map<string, string[]>> {
  const settings = loadSettings({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATABASE_URL: `sqlite:${storage}`,
    STORAGE_DIR: path.join(tmp, 'record-storage'),
    MAIL_DIR: path.join(tmp, 'record-mail'),
  });
  let log: string[] | undefined;
  const sequelize = await connect(settings.database, { logging: (sql: string) => log?.push(sql.replace(/^Executing \([^)]*\): /, '')) });
  initModels(sequelize);
  const deps: AppDeps = { settings, storage: createStorage(settings), mailer: createMailer(settings), logger: pino({ level: 'silent' }), clock: () => new Date() };
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as net.AddressInfo;
  const recorded = new Map<string, string[]>();
  try {
    for (const p of SIGNED_IN_PATHS) {
      await fetch(`http://127.0.0.1:${port}${p}`, { headers: { authorization: auth } }); // first use: lazy loads
      log = [];
      const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { authorization: auth } });
      if (res.status !== 200) throw new BenchError(`recording the SQL of ${p}: ${res.status}`);
      await res.arrayBuffer();
      recorded.set(p, log);
      log = undefined;
    }
  } finally {
    server.close();
    await sequelize.close();
  }
  return recorded;
}

async function measure(target: Target, p: string) {
  const url = `http://127.0.0.1:${target.port}${p}`;
  const headers = SIGNED_IN_PATHS.includes(p) ? { authorization: target.auth! } : undefined;
  await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 }); // warm-up, not counted
  const cpuBefore = canCountCpu ? treeCpuSeconds(target.child.pid!) : 0;
  const r = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  const cpu = canCountCpu ? treeCpuSeconds(target.child.pid!) - cpuBefore : NaN;
  if (r.errors || r.timeouts || r.non2xx) {
    throw new BenchError(`GET ${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx answers during the run`);
  }
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, cpuUs: (cpu / r.requests.total) * 1e6 };
}

async function main(): Promise<number> {
  if (hasTaskset) spawnSync('taskset', ['-a', '-p', '-c', '1', String(process.pid)], { stdio: 'ignore' });
  else console.warn('taskset or a second core is missing: servers and load generator share the CPUs');

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-bench-'));
  const targets: Target[] = [];
  let mysqlDb: { admin: string; name: string } | undefined;
  try {
    targets.push(await startReal('real sqlite', `sqlite:${path.join(tmp, 'bench.sqlite')}`, tmp, 'info'));
    if (process.env.BENCH_LOG_COMPARE === '1') {
      targets.push({ ...(await startReal('real sqlite, no request log (reference)', `sqlite:${path.join(tmp, 'bench-nolog.sqlite')}`, tmp, 'warn')), reference: true });
    }
    targets.push({ ...(await startReal('real sqlite, cache off (reference)', `sqlite:${path.join(tmp, 'bench-nocache.sqlite')}`, tmp, 'info', { PUBLIC_CACHE_MS: '0' })), reference: true });
    if (process.env.BENCH_MYSQL_URL) {
      const name = `bench_${Date.now()}`;
      const admin = process.env.BENCH_MYSQL_URL;
      const c = await mysql.createConnection(admin);
      await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
      await c.end();
      mysqlDb = { admin, name };
      const url = new URL(admin);
      url.pathname = `/${name}`;
      targets.push(await startReal('real mariadb', url.toString(), tmp, 'info'));
    }

    for (const t of targets) t.auth = await signIn(t.port);
    const captured = await capture(targets[0]);
    const sqliteFile = path.join(tmp, 'bench.sqlite');
    const recorded = await recordSql(sqliteFile, targets[0].auth!, tmp);
    for (const c of captured) c.sql = recorded.get(c.path);
    const capturedFile = path.join(tmp, 'captured.json');
    fs.writeFileSync(capturedFile, JSON.stringify(captured));
    for (const t of targets.slice(1)) {
      const other = await capture(t);
      for (const [i, c] of other.entries()) {
        if (c.body !== captured[i].body) console.warn(`note: ${t.name} answers ${c.path} with other bytes than real sqlite`);
      }
    }
    const barePort = await freePort();
    const bareChild = start(
      pinned(0, [process.execPath, ...NODE_FLAGS, '--import', 'tsx', 'tests/bench/bare-server.ts', capturedFile, String(barePort), sqliteFile]),
      process.env,
      path.join(tmp, 'bare.log'),
    );
    targets.push({ name: 'bare express', port: barePort, child: bareChild });
    await waitForPort(barePort, bareChild);

    console.log(
      `autocannon: ${CONNECTIONS} connections, ${ROUNDS} alternating rounds of ${DURATION} s (after a 2 s warm-up) per server; ` +
        'best round shown (other work only slows a round down); servers on core 0, load on core 1',
    );
    const rows: Row[] = [];
    for (const p of [...PATHS, ...SIGNED_IN_PATHS]) {
      const signedIn = SIGNED_IN_PATHS.includes(p);
      const results = new Map<string, Awaited<ReturnType<typeof measure>>>();
      for (let round = 0; round < ROUNDS; round++) {
        for (const t of targets) {
          if (signedIn && t.reference) continue;
          const r = await measure(t, p);
          const best = results.get(t.name);
          if (!best || r.rps > best.rps) results.set(t.name, { ...r, cpuUs: Math.min(r.cpuUs, best?.cpuUs ?? Infinity) });
          else best.cpuUs = Math.min(best.cpuUs, r.cpuUs);
        }
      }
      const bare = results.get('bare express')!;
      for (const [server, r] of results) {
        const reference = server === 'bare express' || targets.find((t) => t.name === server)!.reference === true;
        rows.push({ path: p, server, reference, target: signedIn ? SIGNED_IN_TARGET : TARGET_RATIO, ...r, ratio: r.rps / bare.rps, cpuRatio: bare.cpuUs / r.cpuUs });
      }
    }
    printTable(rows);
    const below = rows.filter((r) => !r.reference && r.ratio < r.target);
    if (below.length) {
      console.log(`\nbelow target: ${below.map((r) => `${r.path} (${r.server}) ${r.ratio.toFixed(2)}x < ${r.target}x`).join(', ')}`);
      return 1;
    }
    console.log(`\nevery real server reaches its target (${TARGET_RATIO}x public reads, ${SIGNED_IN_TARGET}x signed-in reads)`);
    return 0;
  } finally {
    for (const t of targets) await stop(t.child);
    if (mysqlDb) {
      const c = await mysql.createConnection(mysqlDb.admin);
      await c.query(`DROP DATABASE IF EXISTS \`${mysqlDb.name}\``);
      await c.end();
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new BenchError(`bare server exited with code ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new BenchError('bare server did not listen within 30 s');
}

type Row = { path: string; server: string; reference: boolean; target: number; rps: number; p50: number; p99: number; cpuUs: number; ratio: number; cpuRatio: number };

function printTable(rows: Row[]): void {
  const head = ['endpoint', 'server', 'req/s', 'p50 ms', 'p99 ms', 'ratio to bare', 'server CPU µs/req', 'CPU ratio'];
  const lines = rows.map((r) => [r.path, r.server, r.rps.toFixed(0), String(r.p50), String(r.p99), `${r.ratio.toFixed(2)}x`, r.cpuUs.toFixed(0), `${r.cpuRatio.toFixed(2)}x`]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  console.log(fmt(head));
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e instanceof BenchError ? `bench:api: ${e.message}` : e);
    process.exit(2);
  },
);
