// `npm run bench:invitations` (issue 27, decisions 430 and 470): a CSV file of 1,000 invitations is
// checked and queued in under 5 s, and the queue sends them without slowing the web requests.
// For each database (BENCH_DATABASES, default "sqlite,mariadb"; MariaDB is DATABASE_URL when it is a
// mysql:// URL, else a database `bench_invitations` on mysql://root@127.0.0.1:3306 made afresh), the
// compiled server runs as `npm start` runs it (its job worker inside, as in production) with the
// demo data, mailing a local SMTP server:
//   1. idle: a public read (the offer page's API) and a signed-in read (the manager's home) sent in
//      turn at BENCH_RATE requests per second (20) for BENCH_SECONDS (30), Poisson arrivals, each
//      latency counted from the moment its request was due; the queue has nothing to do;
//   2. the demo manager checks a BENCH_ROWS-row CSV (1,000) with POST /apis/invitations/check and
//      sends its rows with POST /apis/invitations: the time from the first request to the second
//      answer is the "queue" time;
//   3. sending: the same load while the queue mails every invitation, until the SMTP server has
//      received them all (BENCH_SEND_TIMEOUT seconds at most, 600).
// BENCH_WORKER=separate runs the queue in its own process (`npm run worker`, the server started with
// JOBS_WORKER=0) instead of inside the server, as a deployment that keeps jobs off the web nodes.
// Verdict (decision 470): queue <= 5 s, every mail received, no failed request, and for each read
// p95 while sending <= 1.5x its idle p95 (allowance at least 5 ms). Exit 0 when met, 1 when missed.
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { SMTPServer } from 'smtp-server';
import { START_ENV, startServer, type RunningServer } from '../helpers/server.js';
import { stopChild } from '../helpers/processes.js';
import { DEMO_JOB_CODE, DEMO_PASSWORD } from '../../seeders/demo-data.js';

const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,mariadb')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SEND_TIMEOUT_S = Number(process.env.BENCH_SEND_TIMEOUT ?? 600);
/** Where the queue runs: `inside` the web server (npm start's default) or in a `separate` npm run worker (JOBS_WORKER=0 on the server). */
const WORKER = process.env.BENCH_WORKER ?? 'inside';
const QUEUE_TARGET_MS = 5000;
const P95_RATIO = 1.5;
const P95_FLOOR_MS = 5;
const PUBLIC_PATH = `/apis/list-offers/${DEMO_JOB_CODE}`;
const SIGNED_IN_PATH = '/apis/manager';

class BenchError extends Error {}

function percentile(xs: number[], p: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/** The addresses of the bench's invitations start so: the demo's own mails (sent by its jobs) are not counted. */
const BENCH_ADDRESS = 'bench-';

/** A local SMTP server counting the messages it receives for the bench's addresses. */
async function startSmtp() {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        if (session.envelope.rcptTo.some((r) => r.address.startsWith(BENCH_ADDRESS))) received++;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Load {
  latencies: Record<string, number[]>;
  failed: number;
  sent: number;
}

/**
 * The public and the signed-in read in turn at Poisson arrivals of RATE per second until `until()`
 * says stop, never waiting for an answer before the next is due.
 */
async function openLoop(base: string, auth: string, until: (elapsedMs: number) => boolean): Promise<Load> {
  let seed = 7;
  const random = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed + 0.5) / 4294967296;
  };
  const load: Load = { latencies: { [PUBLIC_PATH]: [], [SIGNED_IN_PATH]: [] }, failed: 0, sent: 0 };
  const pending: Promise<void>[] = [];
  const start = performance.now();
  let due = start;
  for (let n = 0; !until(due - start); n++) {
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = due;
    const path = n % 2 ? SIGNED_IN_PATH : PUBLIC_PATH;
    pending.push(
      fetch(`${base}${path}`, { headers: path === SIGNED_IN_PATH ? { authorization: auth } : {} })
        .then(async (res) => {
          await res.arrayBuffer();
          if (res.status >= 400) load.failed++;
          else load.latencies[path].push(performance.now() - sent);
        })
        .catch(() => {
          load.failed++;
        }),
    );
    due += (-Math.log(random()) / RATE) * 1000;
  }
  await Promise.all(pending);
  load.sent = pending.length;
  return load;
}

async function post(base: string, path: string, auth: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status >= 300) throw new BenchError(`POST ${path}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The MariaDB database of this run: DATABASE_URL when it is MariaDB, else bench_invitations made afresh. */
async function mariadbUrl(): Promise<string> {
  if (process.env.DATABASE_URL?.startsWith('mysql://')) return process.env.DATABASE_URL;
  const url = new URL('mysql://root@127.0.0.1:3306/bench_invitations');
  const c = await mysql.createConnection({ host: url.hostname, port: Number(url.port), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
  await c.query('DROP DATABASE IF EXISTS `bench_invitations`');
  await c.query('CREATE DATABASE `bench_invitations` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
  await c.end();
  return url.toString();
}

/** `npm run worker` on the server's database, storage (its signing secret) and mail settings. */
function startWorker(server: RunningServer, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      ...START_ENV,
      DATABASE_URL: `sqlite:${path.join(server.dataDir, 'server.sqlite')}`,
      STORAGE_DIR: path.join(server.dataDir, 'storage'),
      MAIL_DIR: path.join(server.dataDir, 'mail'),
      SMS_DIR: path.join(server.dataDir, 'sms'),
      PUBLIC_URL: server.baseUrl,
      ...env,
      JOBS_WORKER: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

interface Result {
  db: string;
  checkMs: number;
  queueMs: number;
  sendMs: number;
  mailed: number;
  idle: Load;
  sending: Load;
}

async function runOn(db: string): Promise<Result> {
  const smtp = await startSmtp();
  let server: RunningServer | undefined;
  let worker: ChildProcess | undefined;
  try {
    const env: Record<string, string> = { SMTP_URL: smtp.url, DEMO_DATA: '1', INVITATIONS_PER_DAY: '100000', LOG_LEVEL: 'warn' };
    if (db === 'mariadb') env.DATABASE_URL = await mariadbUrl();
    else if (db !== 'sqlite') throw new BenchError(`BENCH_DATABASES: "${db}" is neither sqlite nor mariadb`);
    if (WORKER === 'separate') env.JOBS_WORKER = '0';
    else if (WORKER !== 'inside') throw new BenchError(`BENCH_WORKER: "${WORKER}" is neither inside nor separate`);
    server = await startServer(env);
    const base = server.baseUrl;
    if (WORKER === 'separate') worker = startWorker(server, env);
    const login = await fetch(`${base}/apis/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.test', password: DEMO_PASSWORD, client: 'app' }),
    });
    if (login.status !== 200) throw new BenchError(`the demo manager could not sign in: ${login.status}`);
    const auth = `Bearer ${((await login.json()) as { token: string }).token}`;
    // Warm up both reads (the first answer builds caches and prepares statements).
    for (let i = 0; i < 20; i++) {
      await (await fetch(`${base}${PUBLIC_PATH}`)).arrayBuffer();
      await (await fetch(`${base}${SIGNED_IN_PATH}`, { headers: { authorization: auth } })).arrayBuffer();
    }
    const mailsBefore = smtp.received();
    console.log(`${db}: the reads for ${SECONDS} s, the queue idle…`);
    const idle = await openLoop(base, auth, (ms) => ms >= SECONDS * 1000);
    // Addresses of this run only, so a run on a kept database invites everyone again.
    const tag = Date.now().toString(36);
    const lines = ['first name,last name,email'];
    for (let i = 0; i < ROWS; i++) lines.push(`Prénom${i},Nom${i},${BENCH_ADDRESS}${tag}-${i}@example.test`);
    const t0 = performance.now();
    const checked = (await post(base, '/apis/invitations/check', auth, { csv: lines.join('\n') })) as { rows: unknown[]; bad: unknown[] };
    const checkMs = performance.now() - t0;
    if (checked.bad.length || checked.rows.length !== ROWS) throw new BenchError(`the check kept ${checked.rows.length} of ${ROWS} rows (${checked.bad.length} bad)`);
    const deadline = new Date(Date.now() + 5 * 86_400_000).toISOString();
    const sent = (await post(base, '/apis/invitations', auth, { job_code: DEMO_JOB_CODE, deadline, rows: checked.rows })) as { created: number };
    const queueMs = performance.now() - t0;
    if (sent.created !== ROWS) throw new BenchError(`POST /apis/invitations created ${sent.created} of ${ROWS}`);
    console.log(`${db}: ${ROWS} rows checked in ${checkMs.toFixed(0)} ms, checked and queued in ${queueMs.toFixed(0)} ms; sending…`);
    const sendStart = performance.now();
    let sendMs = NaN;
    const progress = setInterval(() => console.log(`  ${db}: ${smtp.received() - mailsBefore}/${ROWS} mails received`), 10_000);
    const sending = await openLoop(base, auth, (ms) => {
      const done = smtp.received() - mailsBefore >= ROWS;
      if (done && Number.isNaN(sendMs)) sendMs = performance.now() - sendStart;
      return done || ms >= SEND_TIMEOUT_S * 1000;
    });
    clearInterval(progress);
    return { db, checkMs, queueMs, sendMs, mailed: smtp.received() - mailsBefore, idle, sending };
  } finally {
    if (worker) await stopChild(worker);
    await server?.stop();
    await smtp.close();
  }
}

function table(head: string[], rows: string[][]): string {
  const w = head.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j].length)));
  const l = (r: string[]) => `| ${r.map((x, j) => x.padEnd(w[j])).join(' | ')} |`;
  return [l(head), `|${w.map((x) => '-'.repeat(x + 2)).join('|')}|`, ...rows.map(l)].join('\n');
}

async function main() {
  console.log(
    `bench:invitations: ${ROWS} invitations checked and queued over HTTP, then mailed by the server's queue to a local SMTP server; ` +
      `${PUBLIC_PATH} (public) and ${SIGNED_IN_PATH} (signed in) at ${RATE}/s, ${SECONDS} s idle, then while sending; the queue ${WORKER === 'separate' ? 'in its own process (npm run worker)' : 'inside the server'}\n`,
  );
  const misses: string[] = [];
  const queueRows: string[][] = [];
  const loadRows: string[][] = [];
  for (const db of DATABASES) {
    const r = await runOn(db);
    const queueOk = r.queueMs <= QUEUE_TARGET_MS;
    const mailedOk = r.mailed >= ROWS;
    if (!queueOk) misses.push(`${db}: checked and queued in ${r.queueMs.toFixed(0)} ms (> ${QUEUE_TARGET_MS})`);
    if (!mailedOk) misses.push(`${db}: ${r.mailed} of ${ROWS} mails received in ${SEND_TIMEOUT_S} s`);
    queueRows.push([
      db,
      String(ROWS),
      r.checkMs.toFixed(0),
      r.queueMs.toFixed(0),
      queueOk ? 'ok' : 'MISS',
      `${r.mailed}/${ROWS}`,
      Number.isNaN(r.sendMs) ? '-' : (r.sendMs / 1000).toFixed(1),
      Number.isNaN(r.sendMs) ? '-' : ((ROWS / r.sendMs) * 1000).toFixed(0),
    ]);
    for (const path of [PUBLIC_PATH, SIGNED_IN_PATH]) {
      const idle = r.idle.latencies[path];
      const busy = r.sending.latencies[path];
      const idleP95 = percentile(idle, 95);
      const busyP95 = percentile(busy, 95);
      const allowed = Math.max(P95_RATIO * idleP95, idleP95 + P95_FLOOR_MS);
      const ok = busyP95 <= allowed;
      if (!ok) misses.push(`${db} ${path}: p95 ${busyP95.toFixed(1)} ms while sending > ${allowed.toFixed(1)} ms allowed (idle ${idleP95.toFixed(1)} ms)`);
      loadRows.push([
        db,
        path,
        `${idle.length} / ${busy.length}`,
        `${percentile(idle, 50).toFixed(1)} / ${percentile(busy, 50).toFixed(1)}`,
        `${idleP95.toFixed(1)} / ${busyP95.toFixed(1)}`,
        `${percentile(idle, 99).toFixed(1)} / ${percentile(busy, 99).toFixed(1)}`,
        (busyP95 / idleP95).toFixed(2),
        ok ? 'ok' : 'MISS',
      ]);
    }
    const failed = r.idle.failed + r.sending.failed;
    if (failed) misses.push(`${db}: ${failed} read(s) failed`);
  }
  console.log(table(['database', 'rows', 'check ms', 'check + queue ms', `<= ${QUEUE_TARGET_MS} ms`, 'mails received', 'sending s', 'mails/s'], queueRows));
  console.log('');
  console.log(table(['database', 'read', 'requests idle / sending', 'p50 ms idle / sending', 'p95 ms idle / sending', 'p99 ms idle / sending', 'p95 ratio', `p95 <= ${P95_RATIO}x idle`], loadRows));
  console.log(misses.length ? `\nMissed targets:\n${misses.map((m) => `  - ${m}`).join('\n')}` : '\nAll targets met.');
  process.exit(misses.length ? 1 : 0);
}

main().catch((e) => {
  console.error(e instanceof BenchError ? `bench:invitations: ${e.message}` : e);
  process.exit(2);
});
