// Starts the real server as `npm start` runs it (the compiled build/server/index.js in production
// mode; the caller builds it first with buildIfStale) as a child process on a free 127.0.0.1 port
// with a fresh SQLite database, demo data and temporary storage. Used by the browser tests' global
// setup and by the benchmarks; stop() ends it and removes its files.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './ports.js';
import { stopChild } from './processes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * What `npm start` runs once its build step is done, read from package.json's start script (the one
 * home of that command): its environment words (NODE_ENV=production) and the node command. The
 * browser tests' server, the cluster test's nodes and the benchmarks run exactly that.
 */
function startScript(): { env: Record<string, string>; nodeArgs: string[] } {
  const script = (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
  const words = script.split('&&').pop()!.trim().split(/\s+/);
  const isEnv = (w: string) => /^[A-Z_]+=/.test(w);
  const [node, ...nodeArgs] = words.filter((w) => !isEnv(w));
  if (node !== 'node') throw new Error(`package.json's start script should end with "node ...": ${script}`);
  return { env: Object.fromEntries(words.filter(isEnv).map((w) => w.split('=', 2) as [string, string])), nodeArgs };
}

const START = startScript();

/** The compiled server's node arguments, as `npm start` runs it. */
export const COMPILED_SERVER = START.nodeArgs;

/**
 * The node options `npm start` gives the server (heap tuning, source maps): the benchmarks give
 * their bare baselines the same, so a comparison is between handlers, not runtime settings.
 */
export const NODE_FLAGS = COMPILED_SERVER.slice(0, -1);

/** The environment `npm start` sets (NODE_ENV=production). */
export const START_ENV = START.env;

/** The command that runs the server the way `npm start` does, from the repository root. */
export function serverCommand(): string[] {
  return [process.execPath, ...COMPILED_SERVER];
}

/** The command that runs `npm run db:<task>` (migrate, seed), the same way as serverCommand. */
export function dbCommand(task: 'migrate' | 'seed'): string[] {
  return [process.execPath, '--import', 'tsx', 'scripts/db.ts', task];
}

export interface RunningServer {
  baseUrl: string;
  /** The server process (benchmarks read its CPU time). */
  pid: number;
  dataDir: string;
  /** Resolves with the exit code (null when ended by a signal) once the process has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

async function waitUp(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/apis/health`);
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start in 90 s:\n${log()}`);
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-server-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  if (!fs.existsSync(path.join(ROOT, COMPILED_SERVER.at(-1)!))) throw new Error(`${COMPILED_SERVER.at(-1)!} is missing: run "npm run build" (or buildIfStale) first`);
  const [cmd, ...args] = serverCommand();
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: {
      ...process.env,
      ...START_ENV,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATABASE_URL: `sqlite:${path.join(dataDir, 'server.sqlite')}`,
      DEMO_DATA: '1',
      STORAGE_DIR: path.join(dataDir, 'storage'),
      MAIL_DIR: path.join(dataDir, 'mail'),
      SMS_DIR: path.join(dataDir, 'sms'),
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  try {
    await waitUp(baseUrl, child, () => output);
  } catch (e) {
    child.kill('SIGKILL');
    throw e;
  }
  return {
    baseUrl,
    pid: child.pid!,
    dataDir,
    exited,
    async stop() {
      await stopChild(child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
