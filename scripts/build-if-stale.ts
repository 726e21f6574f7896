// Builds the portal, the staff console and the compiled server when a build is missing or older
// than its sources, so `npm start` works right after `npm install` on a fresh clone and after a
// `git pull`. Used by `npm start`, `npm run dev` (frontends only: `build-if-stale.ts portal admin`),
// the browser tests' global setup and the benchmarks. With names, builds only those targets.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Target {
  /** The name given on the command line. */
  id: string;
  name: string;
  /** A file the build writes last; its time stamps the build. */
  output: string;
  sources: string[];
  script: string;
}

export const TARGETS: Target[] = [
  {
    id: 'portal',
    name: 'portal',
    output: 'build/portal/server/index.js',
    // The portal's forms run the API's schemas and its server calls the services in process.
    sources: ['portal', 'config', 'models', 'api', 'package.json'],
    script: 'build:portal',
  },
  {
    id: 'admin',
    name: 'staff console',
    output: 'build/admin/index.html',
    // What admin/ imports from outside it: declarations and rules, the catalogs, the shared
    // schemas (api/services/<domain>/*.schema.ts), the address types and the portal's story player.
    sources: ['admin', 'models/resources', 'models/rules', 'config', 'api/services', 'api/integrations/address', 'portal/app/components', 'portal/app/lib', 'package.json'],
    script: 'build:admin',
  },
  {
    id: 'server',
    name: 'server',
    output: 'build/server/index.js',
    // Everything scripts/server.ts imports of ours (the portal's server side included), and the build itself (scripts/).
    sources: ['api', 'config', 'models', 'seeders', 'portal/server', 'portal/app', 'package.json', 'tsconfig.json', 'scripts'],
    script: 'build:server',
  },
];

function newestMtime(p: string): number {
  const abs = path.join(ROOT, p);
  if (!fs.existsSync(abs)) return 0;
  const stat = fs.statSync(abs);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(abs, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry.name)));
  }
  return newest;
}

export function isStale(target: Target): boolean {
  const out = path.join(ROOT, target.output);
  if (!fs.existsSync(out)) return true;
  const built = fs.statSync(out).mtimeMs;
  return target.sources.some((s) => newestMtime(s) > built);
}

/**
 * Builds each stale target quietly: one line per part ("Building the portal (…)…"); the
 * tools' own output (size tables, Rollup warnings) is kept back and printed only when a build fails,
 * or when BUILD_VERBOSE=1 (docs/decisions/291-quiet-start.md).
 */
export function buildIfStale(log: (m: string) => void = console.log, only?: string[]): void {
  const verbose = process.env.BUILD_VERBOSE === '1';
  for (const target of TARGETS) {
    if (only?.length && !only.includes(target.id)) continue;
    if (!isStale(target)) continue;
    log(`Building the ${target.name} (missing or older than its sources)…`);
    // Always a production build: a test runner's NODE_ENV=test would give React's development build.
    const result = spawnSync('npm', ['run', '--silent', target.script], {
      cwd: ROOT,
      stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) {
      if (!verbose) process.stderr.write(`${String(result.stdout ?? '')}${String(result.stderr ?? '')}`);
      throw new Error(`Building the ${target.name} failed (npm run ${target.script}, exit ${result.status}): its output is above`);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    buildIfStale(console.log, process.argv.slice(2));
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
