// Several app nodes behind haproxy, all on 127.0.0.1: one fresh MariaDB database on the shared
// server (dropped after), storage shared by every node, N server processes started the way
// `npm start` starts one (serverCommand), and haproxy with a generated configuration, the one
// docs/deploy.md describes (decision 108). Every process started here is stopped by its pid.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { freePort } from './ports.js';
import { START_ENV, dbCommand, serverCommand } from './server.js';
import { startFakeS3 } from './s3.js';
import { stopChild } from './processes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * haproxy's health checks (docs/deploy.md, shorter here): GET /readyz every CHECK_INTER_MS, out
 * after CHECK_FALL failures, a check given up after CHECK_TIMEOUT_MS. A dead node is out within
 * inter * fall, plus at most the timeout of the check in flight when it died.
 */
export const CHECK_INTER_MS = 500;
export const CHECK_FALL = 2;
export const CHECK_TIMEOUT_MS = 1000;
/**
 * SIGTERM's first phase (decision 402): the node answers 503 on /readyz this long while it still
 * serves, longer than haproxy needs to see it (inter * fall, plus a check in flight), so haproxy
 * has taken it out before it stops accepting connections and closes its idle ones.
 */
export const SHUTDOWN_DELAY_MS = CHECK_INTER_MS * CHECK_FALL + CHECK_TIMEOUT_MS + 500;
/** The job lease (JOBS_LEASE_MS): how long a dead node's job waits before another worker takes it. */
export const JOBS_LEASE_MS = 3000;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = Record<string, unknown>>(): T;
}

/**
 * One HTTP request with its own connection. `from` picks the source address: any 127.x.y.z is
 * this machine on Linux, so a test can be many clients without forging X-Forwarded-For.
 */
export function send(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer; from?: string; timeoutMs?: number } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: opts.method ?? 'GET',
        headers: { ...(opts.body !== undefined ? { 'content-length': String(Buffer.byteLength(opts.body)) } : {}), ...opts.headers },
        localAddress: opts.from,
        agent: false,
        timeout: opts.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body.toString('utf8')) as T });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)));
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Source address number i (0 … 60 000) in 127.1.0.0/16, never a .0 or .255. */
export const sourceAddress = (i: number) => `127.1.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

/** The storage every node shares, built in this one place: one S3 bucket (s3rver on loopback), as in docs/deploy.md. */
export async function sharedStorage(dir: string): Promise<{ env: Record<string, string>; stop(): Promise<void> }> {
  const s3 = await startFakeS3(dir);
  return { env: s3.env('cluster'), stop: () => s3.stop() };
}

/** haproxy's path, or an error that says how to install it: a missing haproxy fails the test. */
export function haproxyBinary(): string {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (!found) throw new Error('haproxy is not installed (apt-get install -y haproxy): the cluster test needs it');
  return found;
}

export interface Node {
  name: string;
  url: string;
  /** The node's METRICS_PORT listener (/metrics only). */
  metricsUrl: string;
  child: ChildProcess;
  /** Each process this node has been, oldest first (restarts add one). */
  pids: number[];
}

interface Started {
  what: string;
  child: ChildProcess;
  log: string;
  /** Leads a process group of its own (a node and its ffmpeg). */
  group: boolean;
}

export class Cluster {
  readonly tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-cluster-'));
  readonly sessionSecret = `cluster-secret-${process.pid}-${Date.now()}`;
  readonly metricsToken = `cluster-metrics-${process.pid}-${Date.now()}`;
  readonly nodes: Node[] = [];
  balancerUrl = '';
  statsUrl = '';
  private readonly started: Started[] = [];
  private adminUrl = '';
  private dbName = '';
  private storage?: { env: Record<string, string>; stop(): Promise<void> };
  private pool?: mysql.Pool;
  private env: Record<string, string | undefined> = {};
  /**
   * Where the nodes keep uploads in progress: the bucket (STORAGE_URL's default, each node its own
   * UPLOAD_TMP_DIR and nothing shared but the bucket) or one UPLOAD_TMP_DIR shared by every node
   * (UPLOAD_STORE=folder on a shared volume). Decisions 176, 406.
   */
  private uploads: 'bucket' | 'shared-folder' = 'bucket';

  constructor(private readonly count = 2) {}

  /** The shared bucket's S3 endpoint: presigned addresses point there. */
  get s3Endpoint(): string {
    return this.storage?.env.S3_ENDPOINT ?? '';
  }

  get databaseUrl(): string {
    const u = new URL(this.adminUrl);
    u.pathname = `/${this.dbName}`;
    return u.toString();
  }

  /** Runs SQL on the cluster's database. */
  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    this.pool ??= mysql.createPool({ uri: this.databaseUrl, connectionLimit: 2 });
    const [rows] = await this.pool.query(sql, params);
    return rows as T[];
  }

  async start(): Promise<void> {
    const haproxy = haproxyBinary();
    // The MariaDB server the API suite uses (TEST_MYSQL_URL's server) or the local one.
    const admin = new URL(process.env.CLUSTER_MYSQL_URL ?? process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/');
    admin.pathname = '/';
    this.adminUrl = admin.toString();
    this.dbName = `cluster_${Date.now()}_${process.pid}`;
    const c = await mysql.createConnection(this.adminUrl);
    await c.query(`CREATE DATABASE \`${this.dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await c.end();

    this.storage = await sharedStorage(path.join(this.tmp, 'storage'));
    const balancerPort = await freePort();
    const statsPort = await freePort();
    this.balancerUrl = `http://127.0.0.1:${balancerPort}`;
    this.statsUrl = `http://127.0.0.1:${statsPort}/stats;csv`;
    const env = {
      ...process.env,
      ...START_ENV,
      HOST: '127.0.0.1',
      PUBLIC_URL: this.balancerUrl,
      DATABASE_URL: this.databaseUrl,
      DEMO_DATA: '0',
      SESSION_SECRET: this.sessionSecret,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: this.metricsToken,
      MAIL_DIR: path.join(this.tmp, 'mail'),
      SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      JOBS_LEASE_MS: String(JOBS_LEASE_MS),
      JOBS_POLL_MS: '250',
      ...this.storage.env,
    };
    this.env = env;

    // Migrations and demo data once, before any node starts (docs/deploy.md).
    const seed = this.run('seed', dbCommand('seed'), env);
    const code = await new Promise<number | null>((r) => seed.child.once('exit', r));
    if (code !== 0) throw new Error(`db:seed failed (${code}):\n${this.logOf(seed)}`);

    for (let i = 0; i < this.count; i++) {
      const name = String.fromCharCode(97 + i); // a, b, …
      const port = await freePort();
      const metricsPort = await freePort();
      const s = this.runNode(name, port, metricsPort);
      this.nodes.push({ name, url: `http://127.0.0.1:${port}`, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics`, child: s.child, pids: [s.child.pid!] });
    }
    await Promise.all(this.nodes.map((n, i) => this.waitUp(n.url, this.started[i + 1])));
    // haproxy checks /readyz, as docs/deploy.md says: a node that is not ready at start (database,
    // storage, ffmpeg) would never be UP, so the test stops here and says what /readyz reported.
    await Promise.all(this.nodes.map((n) => this.waitReady(n)));

    const cfg = path.join(this.tmp, 'haproxy.cfg');
    fs.writeFileSync(cfg, haproxyConfig({ balancerPort, statsPort, nodes: this.nodes }));
    const check = spawnSync(haproxy, ['-c', '-q', '-f', cfg], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy refuses its configuration:\n${check.stdout}${check.stderr}`);
    this.run('haproxy', [haproxy, '-db', '-f', cfg], env);
    const until = Date.now() + 15_000;
    while (Date.now() < until) {
      const states = await this.serverStates().catch(() => ({}) as Record<string, string>);
      if (this.nodes.every((n) => states[n.name] === 'UP')) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`haproxy did not see every node UP within 15 s:\n${this.logs()}`);
  }

  /** haproxy's view of each node: UP, DOWN, "UP 1/2" (going down), … */
  async serverStates(): Promise<Record<string, string>> {
    const csv = (await send(this.statsUrl, { timeoutMs: 2000 })).body.toString('utf8').trim().split('\n');
    const head = csv[0].replace(/^# /, '').split(',');
    const [px, sv, st] = ['pxname', 'svname', 'status'].map((h) => head.indexOf(h));
    const states: Record<string, string> = {};
    for (const line of csv.slice(1)) {
      const f = line.split(',');
      if (f[px] === 'app') states[f[sv]] = f[st];
    }
    return states;
  }

  node(name: string): Node {
    const n = this.nodes.find((x) => x.name === name);
    if (!n) throw new Error(`no node ${name}`);
    return n;
  }

  /**
   * kill -9 of the node and of what it runs (its ffmpeg): the node's process group, as a machine
   * that dies takes its children with it.
   */
  kill(name: string): void {
    const { child } = this.node(name);
    if (child.exitCode !== null || child.signalCode !== null) return;
    process.kill(-child.pid!, 'SIGKILL');
  }

  /** Starts the node again on its ports (after kill or stop); resolves once haproxy has it UP. */
  async startAgain(name: string): Promise<void> {
    const n = this.node(name);
    const s = this.runNode(name, Number(new URL(n.url).port), Number(new URL(n.metricsUrl).port));
    n.child = s.child;
    n.pids.push(s.child.pid!);
    await this.waitUp(n.url, s);
    await this.waitReady(n);
    await this.waitState(name, (st) => st === 'UP', 15_000);
  }

  /**
   * One step of a rolling restart, as a deploy does it: SIGTERM (the node drains: decision 402),
   * wait for it to exit, start the new process on the same port, wait until haproxy has it UP.
   * Answers when it began, how long each phase took and the old process's exit code.
   */
  async restart(name: string): Promise<{ at: number; drainMs: number; downAfterMs: number; upMs: number; exitCode: number | null }> {
    const n = this.node(name);
    const t0 = Date.now();
    const exited = new Promise<number | null>((r) => (n.child.exitCode !== null ? r(n.child.exitCode) : n.child.once('exit', (code) => r(code))));
    n.child.kill('SIGTERM');
    let downAt = 0;
    const watch = this.waitState(name, (st) => st.startsWith('DOWN') || st === 'MAINT', 15_000).then(() => (downAt = Date.now()));
    const exitCode = await exited;
    const drainMs = Date.now() - t0;
    await watch;
    const t1 = Date.now();
    await this.startAgain(name);
    return { at: t0, drainMs, downAfterMs: downAt - t0, upMs: Date.now() - t1, exitCode };
  }

  /** Waits until haproxy reports node `name` in a state that passes `ok`. */
  async waitState(name: string, ok: (state: string) => boolean, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    let last = '';
    while (Date.now() < until) {
      const states = await this.serverStates().catch(() => ({}) as Record<string, string>);
      last = states[name] ?? '';
      if (ok(last)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`haproxy: node ${name} is "${last}" after ${timeoutMs} ms:\n${this.logs()}`);
  }

  /** Every started process's output, for a failure message. */
  logs(): string {
    return this.started.map((s) => `--- ${s.what} (pid ${s.child.pid}, exit ${s.child.exitCode ?? s.child.signalCode})\n${this.logOf(s).slice(-3000)}`).join('\n');
  }

  /** Stops every process started here (by pid: SIGTERM, SIGKILL after 5 s), drops the database, removes the files. */
  async stop(): Promise<void> {
    await Promise.all(this.started.map(({ child }) => stopChild(child, 5000)));
    // A node cut short by SIGKILL may leave its ffmpeg behind: the rest of its group goes too.
    for (const s of this.started.filter((x) => x.group)) {
      try {
        process.kill(-s.child.pid!, 'SIGKILL');
      } catch {
        // the group is empty: nothing left
      }
    }
    await this.pool?.end().catch(() => undefined);
    if (this.dbName) {
      const c = await mysql.createConnection(this.adminUrl);
      await c.query(`DROP DATABASE IF EXISTS \`${this.dbName}\``);
      await c.end();
    }
    await this.storage?.stop();
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }

  /** A node's process, in a process group of its own (kill takes its ffmpeg too). */
  private runNode(name: string, port: number, metricsPort: number): Started {
    const count = this.started.filter((s) => s.what.startsWith(`node ${name}`)).length;
    return this.run(`node ${name}${count ? ` #${count + 1}` : ''}`, serverCommand(), { ...this.env, ...this.uploadEnv(name), PORT: String(port), METRICS_PORT: String(metricsPort) }, true);
  }

  /** The folder a node's UPLOAD_TMP_DIR names: its own, or the one every node shares. */
  uploadDirOf(name: string): string {
    return path.join(this.tmp, this.uploads === 'shared-folder' ? 'tus' : `tus-${name}`);
  }

  private uploadEnv(name: string): Record<string, string> {
    return this.uploads === 'shared-folder' ? { UPLOAD_STORE: 'folder', UPLOAD_TMP_DIR: this.uploadDirOf(name) } : { UPLOAD_STORE: 'bucket', UPLOAD_TMP_DIR: this.uploadDirOf(name) };
  }

  /** Restarts every node, one after the other, keeping uploads in progress in `where`. */
  async keepUploadsIn(where: 'bucket' | 'shared-folder'): Promise<void> {
    if (this.uploads === where) return;
    this.uploads = where;
    for (const n of this.nodes) await this.restart(n.name);
  }

  private run(what: string, cmd: string[], env: Record<string, string | undefined>, detached = false): Started {
    const logFile = path.join(this.tmp, `${what.replace(/\W+/g, '-')}.log`);
    const out = fs.openSync(logFile, 'w');
    const child = spawn(cmd[0], cmd.slice(1), { cwd: ROOT, env: env as NodeJS.ProcessEnv, stdio: ['ignore', out, out], detached });
    fs.closeSync(out);
    const s = { what, child, log: logFile, group: detached };
    this.started.push(s);
    return s;
  }

  private logOf(s: Started): string {
    try {
      return fs.readFileSync(s.log, 'utf8');
    } catch {
      return '';
    }
  }

  /** /readyz answers 200 within 10 s, or an error that quotes its last answer. */
  private async waitReady(n: Node): Promise<void> {
    const until = Date.now() + 10_000;
    let last = '';
    while (Date.now() < until) {
      const res = await send(`${n.url}/readyz`, { timeoutMs: 5000 }).catch((e: Error) => ({ status: 0, body: Buffer.from(e.message) }));
      if (res.status === 200) return;
      last = `${res.status || 'no answer'} ${res.body.toString('utf8')}`;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`node ${n.name}: /readyz is not 200 (haproxy checks it): ${last}. Is ffmpeg missing? apt-get install -y ffmpeg, as .ci/run does`);
  }

  private async waitUp(url: string, s: Started): Promise<void> {
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      if (s.child.exitCode !== null) throw new Error(`${s.what} exited (${s.child.exitCode}):\n${this.logOf(s)}`);
      const res = await send(`${url}/apis/health`, { timeoutMs: 2000 }).catch(() => undefined);
      if (res?.status === 200) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`${s.what} did not answer within 90 s:\n${this.logOf(s)}`);
  }
}

/**
 * The haproxy configuration of docs/deploy.md, on loopback ports: round robin, health checks on
 * /readyz every CHECK_INTER_MS (out after CHECK_FALL failures, or at the first connection live
 * traffic fails to open), the client's address in X-Forwarded-For (whatever the client sent there
 * is dropped first), a request id made by haproxy.
 */
export function haproxyConfig(o: { balancerPort: number; statsPort: number; nodes: Array<{ name: string; url: string }> }): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  timeout http-request 10s
  timeout check ${CHECK_TIMEOUT_MS}ms
  retries 2
  option redispatch
  option forwardfor

frontend web
  bind 127.0.0.1:${o.balancerPort}
  http-request del-header X-Forwarded-For
  unique-id-format %{+X}o%ci:%cp_%fi:%fp_%Ts_%rt:%pid
  http-request set-header X-Request-Id %[unique-id]
  default_backend app

backend app
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  default-server inter ${CHECK_INTER_MS}ms fall ${CHECK_FALL} rise 2 observe layer4 error-limit 1 on-error mark-down
${o.nodes.map((n) => `  server ${n.name} ${new URL(n.url).host} check`).join('\n')}

frontend stats
  bind 127.0.0.1:${o.statsPort}
  stats enable
  stats uri /stats
`;
}
