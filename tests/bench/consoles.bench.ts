// npm run bench:consoles — the three react-admin consoles' first load (issue 26): for the staff
// console /admin, the manager area /manager and the recruiter dashboard /dashboard, signed in as
// their demo account, Debian's Chromium with an empty cache loads the console and the bench counts
// the JavaScript downloaded until the first list row or tile is visible (each script's body
// gzipped, as the server sends it to a browser that accepts gzip), and the time from navigation to
// that first row or tile with the CPU slowed 4× (CDP Emulation.setCPUThrottlingRate). Starts its
// own server (compiled, production mode) on SQLite with demo data; prints a table.
// Target: ≤ 250 KB of gzipped JS per console. BENCH_RUNS (3): runs per console, the median time
// is printed (the bytes do not vary from run to run).
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { buildIfStale } from '../../scripts/build-if-stale.js';
import { DEMO_PASSWORD } from '../../seeders/demo-data.js';
import { startServer } from '../helpers/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/chromium.js';

const TARGET_KB = 250;
const CPU_SLOWDOWN = 4;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

/** Each console, its demo account and what its first drawn list or tile is. */
const CONSOLES = [
  { path: '/admin/', email: 'admin@demo.test', first: '[data-testid="user-card"]' },
  { path: '/manager/', email: 'manager@demo.test', first: '[data-testid="tiles"] [data-testid^="tile-"]' },
  { path: '/dashboard', email: 'recruiter@demo.test', first: '[data-testid^="tile-"]' },
];

interface Run {
  scripts: string[];
  ms: number;
}

async function loadOnce(browser: Browser, base: string, c: (typeof CONSOLES)[number]): Promise<Run> {
  // A fresh context per run: empty cache, its own session cookie.
  const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1366, height: 900 }, baseURL: base });
  try {
    const login = await context.request.post(`${base}/apis/auth/login`, { data: { email: c.email, password: DEMO_PASSWORD } });
    if (login.status() !== 200) throw new Error(`sign-in of ${c.email}: ${login.status()}`);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const scripts: string[] = [];
    let drawn = false;
    cdp.on('Network.responseReceived', (e: { type?: string; response: { url: string } }) => {
      if (!drawn && e.type === 'Script') scripts.push(e.response.url);
    });
    const t0 = Date.now();
    await page.goto(`${base}${c.path}`);
    await page.locator(c.first).first().waitFor({ state: 'visible', timeout: 60_000 });
    drawn = true;
    const ms = Date.now() - t0;
    return { scripts, ms };
  } finally {
    await context.close();
  }
}

/** The scripts' bodies gzipped (default level), as the server's compression sends them. */
async function gzippedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    total += gzipSync(Buffer.from(await res.arrayBuffer())).length;
  }
  return total;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  buildIfStale();
  const server = await startServer({ LOG_LEVEL: 'error' });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  const rows: string[][] = [];
  const problems: string[] = [];
  try {
    for (const c of CONSOLES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await loadOnce(browser, server.baseUrl, c));
      const kb = (await gzippedBytes(runs[0].scripts)) / 1024;
      const ms = median(runs.map((r) => r.ms));
      const ok = kb <= TARGET_KB;
      if (!ok) problems.push(`${c.path}: ${kb.toFixed(1)} KB of gzipped JS > ${TARGET_KB} KB`);
      rows.push([c.path, kb.toFixed(1), String(TARGET_KB), (TARGET_KB - kb).toFixed(1), String(new Set(runs[0].scripts).size), ms.toFixed(0), ok ? 'ok' : 'MISS']);
      if (process.env.BENCH_VERBOSE === '1') for (const u of new Set(runs[0].scripts)) console.log(`  ${c.path} ${u.replace(server.baseUrl, '')}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  const head = ['console', 'JS KB gzipped', 'target KB', 'below by KB', 'scripts', `first list ms (${CPU_SLOWDOWN}x CPU, median of ${RUNS})`, 'ok/miss'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((x, i) => x.padEnd(widths[i])).join(' | ')} |`;
  console.log(fmt(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(fmt(r));
  console.log(problems.length ? `\nMissed targets:\n  ${problems.join('\n  ')}` : '\nAll targets met.');
  if (problems.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
