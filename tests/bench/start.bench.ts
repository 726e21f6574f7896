// npm run bench:start — start time and memory of the server run through tsx (as `npm start` did
// before the compiled build) against the compiled build/server/index.js (as `npm start` runs it
// now), in production mode on one SQLite file with the demo data.
//
// Start time: from spawn to the first 200 of /apis/health (polled every 10 ms), on a database
// already migrated and seeded (a first start, not counted, does that). Memory: resident set size
// of the whole process tree (tsx's CLI runs the server in a child node) once ready, and again
// after 300 requests to an API endpoint and two pages. Runs alternate; medians are printed.
// Settings: BENCH_STARTS (5 per variant).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/ports.js';
import { COMPILED_SERVER } from '../helpers/server.js';
import { stopChild } from '../helpers/processes.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const STARTS = Number(process.env.BENCH_STARTS ?? 5);
const WARM_PATHS = ['/apis/config/fr', '/candidate/offer/CAFE75', '/privacy'];

const VARIANTS: Array<{ name: string; cmd: string[] }> = [
  { name: 'tsx scripts/server.ts (before)', cmd: [path.join(ROOT, 'node_modules/.bin/tsx'), 'scripts/server.ts'] },
  { name: 'node --import tsx scripts/server.ts', cmd: [process.execPath, '--import', 'tsx', 'scripts/server.ts'] },
  { name: 'node build/server/index.js (after)', cmd: [process.execPath, ...COMPILED_SERVER] },
];

/** Resident memory in MB of a process and its descendants, from /proc. */
function treeRssMb(rootPid: number): number {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended while we looked
    }
  }
  let kb = 0;
  const todo = [rootPid];
  while (todo.length) {
    const pid = todo.pop()!;
    try {
      const m = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      kb += m ? Number(m[1]) : 0;
    } catch {
      // ended
    }
    for (const [child, ppid] of parents) if (ppid === pid) todo.push(child);
  }
  return kb / 1024;
}

const stop = (child: ChildProcess) => stopChild(child);

async function startOnce(cmd: string[], env: NodeJS.ProcessEnv): Promise<{ ms: number; rssReady: number; rssWarm: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(cmd[0], cmd.slice(1), { cwd: ROOT, env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (d) => (err += String(d)));
  try {
    const base = `http://127.0.0.1:${port}`;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${err}`);
      if (performance.now() - t0 > 120_000) throw new Error('server did not start within 120 s');
      const ok = await fetch(`${base}/apis/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    const ms = performance.now() - t0;
    const rssReady = treeRssMb(child.pid!);
    for (let i = 0; i < 100; i++) {
      for (const p of WARM_PATHS) {
        const r = await fetch(`${base}${p}`);
        await r.arrayBuffer();
        if (r.status !== 200) throw new Error(`GET ${p} answered ${r.status}`);
      }
    }
    return { ms, rssReady, rssWarm: treeRssMb(child.pid!) };
  } finally {
    await stop(child);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${path.join(tmp, 'start.sqlite')}`,
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
    STORAGE_DIR: path.join(tmp, 'storage'),
    MAIL_DIR: path.join(tmp, 'mail'),
  };
  try {
    await startOnce(VARIANTS[2].cmd, env); // migrates and seeds: not counted
    const results = new Map(VARIANTS.map((v) => [v.name, [] as Array<Awaited<ReturnType<typeof startOnce>>>]));
    for (let i = 0; i < STARTS; i++) {
      for (const v of VARIANTS) results.get(v.name)!.push(await startOnce(v.cmd, env));
    }
    console.log(`${os.cpus().length} CPUs, Node ${process.version}; median of ${STARTS} starts each (alternating), production mode, SQLite with demo data`);
    const head = ['server', 'start to first 200 (ms)', 'RSS ready (MB)', 'RSS after 300 requests (MB)'];
    const lines = [...results].map(([name, rs]) => [name, median(rs.map((r) => r.ms)).toFixed(0), median(rs.map((r) => r.rssReady)).toFixed(0), median(rs.map((r) => r.rssWarm)).toFixed(0)]);
    const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
    const fmt = (cells: string[]) => `| ${cells.map((c, i) => (i ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
    console.log(fmt(head));
    console.log(`|${widths.map((w, i) => (i ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`);
    for (const l of lines) console.log(fmt(l));
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (!fs.existsSync(path.join(ROOT, COMPILED_SERVER.at(-1)!))) {
  console.error(`${COMPILED_SERVER.at(-1)!} is missing: run "npm run build:server"`);
  process.exit(2);
}
main().catch((e) => {
  console.error(e);
  process.exit(1);
});
