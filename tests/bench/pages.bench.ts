// npm run bench:pages — for the main public pages: gzipped JavaScript and total bytes transferred,
// server render time (median of many requests), and Lighthouse 12 mobile performance, LCP, TBT
// and CLS, driving Debian's Chromium. Starts its own server (compiled, production mode) with demo
// data; prints a table.
// SSR throughput first: the offer, landing, home and privacy pages under autocannon against a bare
// Express handler rendering the same component tree from the same data with renderToString
// (tests/bench/bare-ssr-server.tsx), alternating rounds, best round of each; target ≥ 0.5×.
// Settings: BENCH_SSR_CONNECTIONS (20), BENCH_SSR_DURATION (5 s), BENCH_SSR_ROUNDS (2),
// BENCH_LH_RUNS (3; 0 skips Lighthouse), BENCH_SAMPLES (60); BENCH_PAGES=/,/landing/maison-demo
// measures only those pages (a comma-separated list of PAGES' paths, and `meeting` for the meeting
// room); BENCH_SSR_ROUNDS=0 skips the SSR throughput; BENCH_LH_SAVE=DIR writes each page's median
// Lighthouse report there (JSON).
// After the table, what holds each page's LCP, from Lighthouse's own audits of the median run: the
// LCP element, its phases (TTFB, load delay, load time, render delay), render-blocking resources,
// a lazy-loaded LCP image, fonts without font-display.
// Targets: every page ≤ 100 KB of gzipped JS (issue 13); hls.js only on the feedback page (where
// it loads when the visitor presses play: no page downloads it while loading, see
// tests/e2e/portal/feedback.test.ts); Lighthouse mobile performance ≥ 0.95 everywhere, but ≥ 0.9
// on the meeting room (issue 14), measured signed in as the demo recruiter calling the first
// candidate of their dashboard, with Chromium's fake camera and microphone.
// The pages a candidate reaches from an invitation's messages (issue 27, decision 430), drawn by the
// server without the portal: the personal link past its deadline (410), the unsubscribe form and
// the page once unsubscribed, on the demo's invitations (tests/helpers/demo-invitations.ts); they
// must load no script at all, and reach the same Lighthouse target. BENCH_PAGES names them
// `invitation-expired`, `invitation-unsubscribe` and `invitation-unsubscribed`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfStale } from '../../scripts/build-if-stale.js';
import { DEMO_PASSWORD } from '../../seeders/demo-data.js';
import { NODE_FLAGS, startServer } from '../helpers/server.js';
import { freePort } from '../helpers/ports.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS } from '../helpers/chromium.js';
import { demoInvitationPages } from '../helpers/demo-invitations.js';

const PAGES = [
  '/',
  '/candidate/offer/CAFE75',
  '/landing/maison-demo',
  '/feedback/demo-share-1',
  '/portal/franchise_demo',
  // Two steps of the offer wizard on the demo draft (issue 13): the address autocomplete, the questions.
  '/draft/offer/demo-draft-maison-0001/4',
  '/draft/offer/demo-draft-maison-0001/12',
];
/** The meeting room's Lighthouse target (issue 14); every other page has PERF_TARGET. */
const MEETING_TARGET = 0.9;
const PERF_TARGET = 0.95;
const SSR_PAGES = ['/candidate/offer/CAFE75', '/landing/maison-demo', '/', '/privacy'];
const SSR_TARGET = 0.5;
const SSR_CONNECTIONS = Number(process.env.BENCH_SSR_CONNECTIONS ?? 20);
const SSR_DURATION = Number(process.env.BENCH_SSR_DURATION ?? 5);
const SSR_ROUNDS = Number(process.env.BENCH_SSR_ROUNDS ?? 2);
const ONLY = process.env.BENCH_PAGES?.split(',')
  .map((p) => p.trim())
  .filter(Boolean);
const wanted = (page: string) => !ONLY?.length || ONLY.includes(page);
const ROOT = path.resolve(import.meta.dirname, '../..');
const RENDER_SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
// Lighthouse varies from run to run (more so on a shared machine): the run with the median
// performance score of several is reported, as Lighthouse's documentation advises.
const LH_RUNS = Number(process.env.BENCH_LH_RUNS ?? 3);
const CHROME_FLAGS = [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS];

/** The invitation pages (their paths carry signed tokens: computed once the server runs), each with its status. */
const INVITATION_PAGES = [
  { name: 'invitation-expired', status: 410 },
  { name: 'invitation-unsubscribe', status: 200 },
  { name: 'invitation-unsubscribed', status: 200 },
] as const;

interface Row {
  page: string;
  target: number;
  /** The status the page answers (410 for an expired invitation's link). */
  expected: number;
  /** A page drawn without any script (the invitation pages). */
  noScript: boolean;
  status: number;
  jsGzipKB: number;
  totalKB: number;
  hls: boolean;
  renderMs: number;
  perf: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  lcp: LcpDiagnosis;
}

interface LcpDiagnosis {
  element: string;
  phases: string;
  renderBlocking: string;
  lazy: string;
  fonts: string;
}

type Audit = { score?: number | null; details?: { items?: Array<Record<string, unknown>> } };

/** What Lighthouse says holds the LCP: its element, phases and the audits about it. */
function lcpDiagnosis(audits: Record<string, Audit | undefined>): LcpDiagnosis {
  const tables = (audits['largest-contentful-paint-element']?.details?.items ?? []) as Array<{ items?: Array<Record<string, unknown>> }>;
  const node = tables[0]?.items?.[0]?.node as { nodeLabel?: string; selector?: string } | undefined;
  const phases = (tables[1]?.items ?? []).map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))}`).join(', ');
  const urls = (id: string) =>
    (audits[id]?.details?.items ?? [])
      .map((i) => String(i.url ?? ''))
      .filter(Boolean)
      .join(' ');
  const lazy = audits['lcp-lazy-loaded'];
  return {
    element: node ? `${node.selector ?? ''} "${(node.nodeLabel ?? '').slice(0, 50)}"` : 'none',
    phases: phases || 'none',
    renderBlocking: urls('render-blocking-resources') || 'none',
    lazy: lazy?.score === 0 ? 'LCP image lazy-loaded' : 'no',
    fonts: urls('font-display') || 'none',
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function renderTime(url: string, cookie = ''): Promise<{ status: number; ms: number }> {
  let status = 0;
  const headers: Record<string, string> = { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) };
  await fetch(url, { headers }).then((r) => r.text()); // warm up
  const times: number[] = [];
  for (let i = 0; i < RENDER_SAMPLES; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    status = res.status;
  }
  return { status, ms: median(times) };
}

/** The scripts' bodies gzipped as the server sends them (headers not counted). */
async function gzippedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    total += gzipSync(body).length;
  }
  return total;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

/** The bare renderToString server, fed with the real server's data for SSR_PAGES. */
/** CPU seconds (user + system) a process has used so far, from /proc (NaN elsewhere). */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

async function startBare(realBase: string): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [...NODE_FLAGS, '--import', 'tsx', 'tests/bench/bare-ssr-server.tsx', realBase, String(port), ...SSR_PAGES], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => String(d).includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`bare SSR server exited (${code})`)));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

interface SsrRow {
  page: string;
  server: string;
  rps: number;
  p50: number;
  ratio: number;
  cpuUs: number;
  cpuRatio: number;
}

async function ssrThroughput(realBase: string, realPid: number): Promise<SsrRow[]> {
  const bare = await startBare(realBase);
  const rows: SsrRow[] = [];
  try {
    for (const page of SSR_PAGES) {
      const best = new Map<string, { rps: number; p50: number; cpuUs: number }>();
      for (let round = 0; round < SSR_ROUNDS; round++) {
        for (const [name, base, pid] of [
          ['real', realBase, realPid],
          ['bare renderToString', bare.base, bare.pid],
        ] as const) {
          const url = `${base}${page}`;
          await autocannon({ url, connections: SSR_CONNECTIONS, duration: 1 }); // warm-up
          const cpu0 = cpuSeconds(pid);
          const r = await autocannon({ url, connections: SSR_CONNECTIONS, duration: SSR_DURATION });
          const cpuUs = ((cpuSeconds(pid) - cpu0) / r.requests.total) * 1e6;
          if (r.errors || r.timeouts || r.non2xx) throw new Error(`${url}: ${r.errors} errors, ${r.timeouts} timeouts, ${r.non2xx} non-2xx`);
          const prev = best.get(name);
          const lowestCpu = Math.min(cpuUs, prev?.cpuUs ?? Infinity);
          if (!prev || r.requests.average > prev.rps) best.set(name, { rps: r.requests.average, p50: r.latency.p50, cpuUs: lowestCpu });
          else prev.cpuUs = lowestCpu;
        }
      }
      const b = best.get('bare renderToString')!;
      for (const [server, r] of best) rows.push({ page, server, ...r, ratio: r.rps / b.rps, cpuRatio: b.cpuUs / r.cpuUs });
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

/**
 * The meeting room as the demo recruiter sees it: signed in through the API, the candidate taken
 * from the recruiter's dashboard (GET /apis/application), as the console's video-call button does.
 */
async function meetingPage(base: string): Promise<{ path: string; cookie: string }> {
  const login = await fetch(`${base}/apis/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'recruiter@demo.test', password: DEMO_PASSWORD }),
  });
  if (login.status !== 200) throw new Error(`sign-in of recruiter@demo.test: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const self = ((await login.json()) as { user?: { id?: string } }).user?.id;
  const board = (await (await fetch(`${base}/apis/application`, { headers: { cookie } })).json()) as { Items?: Array<{ recruiter_id: string; candidate: { sub: string } }> };
  const item = board.Items?.[0];
  if (!item || !self) throw new Error('the demo recruiter has no candidate on their dashboard');
  return { path: `/meeting-web-app/${item.recruiter_id}/${item.candidate.sub}/${self}`, cookie };
}

function printTable(head: string[], lines: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(fmt(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  buildIfStale();
  const server = await startServer({ LOG_LEVEL: 'error' });
  const problems: string[] = [];
  try {
    console.log(`SSR throughput: autocannon, ${SSR_CONNECTIONS} connections, ${SSR_ROUNDS} alternating rounds of ${SSR_DURATION} s, best round of each`);
    const ssr = SSR_ROUNDS > 0 ? await ssrThroughput(server.baseUrl, server.pid) : [];
    // CPU µs per request (lowest round) barely moves when other work shares the machine; req/s does.
    printTable(
      ['page', 'server', 'req/s', 'p50 ms', 'ratio to bare', 'CPU µs/req', 'CPU ratio'],
      ssr.map((r) => [r.page, r.server, r.rps.toFixed(0), String(r.p50), `${r.ratio.toFixed(2)}x`, r.cpuUs.toFixed(0), `${r.cpuRatio.toFixed(2)}x`]),
    );
    for (const r of ssr) if (r.server === 'real' && r.ratio < SSR_TARGET) problems.push(`${r.page}: SSR ${r.ratio.toFixed(2)}x of bare renderToString < ${SSR_TARGET}x`);
  } catch (e) {
    await server.stop();
    throw e;
  }
  if (LH_RUNS <= 0) {
    await server.stop();
    console.log(problems.length ? `\nMissed targets:\n  ${problems.join('\n  ')}` : '\nAll targets met.');
    if (problems.length) process.exitCode = 1;
    return;
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
  const rows: Row[] = [];
  try {
    const meeting = await meetingPage(server.baseUrl);
    const invitation = demoInvitationPages(server.dataDir);
    const invitationPaths = { 'invitation-expired': invitation.expired, 'invitation-unsubscribe': invitation.unsubscribe, 'invitation-unsubscribed': invitation.unsubscribed };
    const pages = [
      ...PAGES.filter(wanted).map((path) => ({ path, label: path, cookie: '', target: PERF_TARGET, expected: 200, noScript: false })),
      ...(wanted('meeting') ? [{ ...meeting, label: meeting.path, target: MEETING_TARGET, expected: 200, noScript: false }] : []),
      ...INVITATION_PAGES.filter((p) => wanted(p.name)).map((p) => ({ path: invitationPaths[p.name], label: p.name, cookie: '', target: PERF_TARGET, expected: p.status, noScript: true })),
    ];
    for (const { path, label, cookie, target, expected, noScript } of pages) {
      const url = `${server.baseUrl}${path}`;
      const render = await renderTime(url, cookie);
      const runs = [];
      for (let i = 0; i < LH_RUNS; i++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          // The expired invitation's page answers 410 on purpose: measured all the same.
          ...(expected !== 200 ? { ignoreStatusCode: true } : {}),
          ...(cookie ? { extraHeaders: { cookie } } : {}),
        });
        if (!result) throw new Error(`lighthouse gave no result for ${path}`);
        runs.push(result.lhr);
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)];
      if (process.env.BENCH_LH_SAVE) {
        fs.mkdirSync(process.env.BENCH_LH_SAVE, { recursive: true });
        const name = (path.startsWith('/meeting') ? 'meeting' : label.replace(/[^a-z0-9]+/gi, '_')) || 'home';
        fs.writeFileSync(`${process.env.BENCH_LH_SAVE}/${name}.json`, JSON.stringify(lhr));
      }
      const items = (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
      const scripts = items.filter((i) => i.resourceType === 'Script');
      rows.push({
        page: label,
        target,
        expected,
        noScript,
        status: render.status,
        jsGzipKB: (await gzippedBytes(scripts.map((i) => i.url))) / 1024,
        totalKB: items.reduce((n, i) => n + (i.transferSize ?? 0), 0) / 1024,
        hls: scripts.some((i) => /\/hls[-.]/.test(i.url)),
        renderMs: render.ms,
        perf: lhr.categories.performance?.score ?? 0,
        lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN,
        lcp: lcpDiagnosis(lhr.audits as Record<string, Audit | undefined>),
      });
    }
  } finally {
    chrome.kill();
    await server.stop();
  }

  console.log('');
  const head = ['page', 'status', 'JS gzip KB', 'total KB', 'hls.js at load', 'render ms (median)', `LH perf (median of ${LH_RUNS})`, 'target', 'LCP ms', 'TBT ms', 'CLS'];
  const lines = rows.map((r) => [
    r.page,
    String(r.status),
    r.jsGzipKB.toFixed(1),
    r.totalKB.toFixed(1),
    r.hls ? 'yes' : 'no',
    r.renderMs.toFixed(1),
    r.perf.toFixed(2),
    `>= ${r.target}`,
    r.lcpMs.toFixed(0),
    r.tbtMs.toFixed(0),
    r.cls.toFixed(3),
  ]);
  printTable(head, lines);
  console.log("\nWhat holds the LCP (median run; phases in ms, from Lighthouse's simulated trace):");
  for (const r of rows) {
    console.log(`${r.page}: element ${r.lcp.element}; ${r.lcp.phases}`);
    console.log(`  render-blocking: ${r.lcp.renderBlocking}; lazy: ${r.lcp.lazy}; fonts without font-display: ${r.lcp.fonts}`);
  }

  for (const r of rows) {
    if (r.status !== r.expected) problems.push(`${r.page}: status ${r.status} (expected ${r.expected})`);
    if (r.noScript && r.jsGzipKB > 0) problems.push(`${r.page}: ${r.jsGzipKB.toFixed(1)} KB of JS on a page drawn without scripts`);
    if (r.jsGzipKB > 100) problems.push(`${r.page}: ${r.jsGzipKB.toFixed(1)} KB of JS > 100 KB`);
    if (r.hls) problems.push(`${r.page}: hls.js downloaded while the page loads`);
    if (r.perf < r.target) problems.push(`${r.page}: Lighthouse performance ${r.perf.toFixed(2)} < ${r.target}`);
  }
  console.log(problems.length ? `\nMissed targets:\n  ${problems.join('\n  ')}` : '\nAll targets met.');
  if (problems.length) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
