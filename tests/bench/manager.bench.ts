// `npm run bench:manager`: the manager area at volume on MariaDB (decision 113). A database
// (BENCH_MYSQL_URL, default mysql://root@127.0.0.1:3306/bench_manager, created and filled once;
// BENCH_REFILL=1 fills it again) holds 21 managers, each with 10 recruiters, 200 shops, 2,000 offers
// and 100,000 applications, over 50,000 candidates. It times, over HTTP, the offers page (first page
// in the default to-do order, and a deep page), the busiest offer's candidates and the home call, each
// against a bare Express handler running the same SQL (captured from the real request) with mysql2.
// Prints the medians of BENCH_RUNS (30) and exits 1 when one misses 50 ms or 2x bare.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import compression from 'compression';
import mysql from 'mysql2/promise';
import { pino } from 'pino';
import { loadSettings, parseDatabaseUrl } from '../../config/settings.js';
import { openDatabase } from '../../models/boot.js';
import { createApp } from '../../api/app.js';
import { createSession } from '../../api/auth/sessions.js';
import { LocalDiskStorage } from '../../api/integrations/storage.js';
import { createMailer } from '../../api/integrations/mail.js';
import { recountOffersSql } from '../../api/services/applications/user-counters.service.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const TARGET_MS = 50;
const URL_ = process.env.BENCH_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/bench_manager';
/** BENCH_MANAGERS: fewer managers for a quick run (tests/e2e/readme-benches.test.ts); the targets are judged at 21. */
const MANAGERS = Number(process.env.BENCH_MANAGERS ?? 21);
const RECRUITERS = 10;
const SHOPS = 200;
const OFFERS = 2000;
const APPLICATIONS = 100_000;
const CANDIDATES = 50_000;
const BATCH = 5000;

let seed = 42;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const uuid = (kind: number, n: number) => `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const dt = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
const STATES: Array<[string, number]> = [
  ['new', 0.25],
  ['view', 0.45],
  ['shortlist', 0.6],
  ['wait_reject', 0.7],
  ['rejected', 0.9],
  ['to_recruit', 0.95],
  ['recruited', 1],
];
const stateOf = (r: number) => STATES.find(([, p]) => r < p)![0];

async function insert(conn: mysql.Connection, table: string, columns: string[], rows: unknown[][], ignore = false) {
  for (let i = 0; i < rows.length; i += BATCH) {
    await conn.query(`INSERT ${ignore ? 'IGNORE ' : ''}INTO ${table} (${columns.join(', ')}) VALUES ?`, [rows.slice(i, i + BATCH)]);
  }
}

async function fill(conn: mysql.Connection, log: (m: string) => void) {
  await conn.query('SET FOREIGN_KEY_CHECKS = 0, UNIQUE_CHECKS = 0');
  for (const t of ['application_answers', 'applications', 'offer_questions', 'offers', 'shops', 'manager_recruiters', 'sessions', 'user_search_tokens', 'offer_search_tokens', 'users']) {
    await conn.query(`TRUNCATE TABLE ${t}`);
  }
  const now = Date.now();
  const cols = ['id', 'email', 'name', 'profile', 'user_plan', 'created_at', 'updated_at', 'last_co'];
  const candidates: unknown[][] = [];
  for (let c = 1; c <= CANDIDATES; c++) candidates.push([uuid(1, c), `cand${c}@bench.test`, `Candidat ${c}`, 'candidate', 'free', dt(now - 400 * 86_400_000), dt(now), null]);
  await insert(conn, 'users', cols, candidates);
  log(`${CANDIDATES} candidates`);
  let offerId = 0;
  let appId = 0;
  for (let m = 0; m < MANAGERS; m++) {
    const managerId = uuid(2, m);
    const team = [managerId, ...Array.from({ length: RECRUITERS }, (_, r) => uuid(3, m * 100 + r))];
    await insert(
      conn,
      'users',
      cols,
      team.map((id, r) => [
        id,
        r === 0 ? `manager${m}@bench.test` : `rec${m}-${r}@bench.test`,
        r === 0 ? `Manager ${m}` : `Recruteur ${m}-${r}`,
        r === 0 ? 'manager' : 'recruiter',
        r === 0 ? 'bplan' : 'free',
        dt(now - 500 * 86_400_000),
        dt(now),
        dt(now - r * 3_600_000),
      ]),
    );
    await insert(
      conn,
      'manager_recruiters',
      ['manager_id', 'recruiter_id', 'created_at'],
      team.slice(1).map((id) => [managerId, id, dt(now)]),
    );
    const shopBase = m * SHOPS;
    await insert(
      conn,
      'shops',
      ['id', 'manager_id', 'shopname', 'street', 'city', 'zip_code', 'country_iso', 'recruiter_id', 'created_at', 'updated_at'],
      Array.from({ length: SHOPS }, (_, s) => [shopBase + s + 1, managerId, `Magasin ${m}-${s}`, `${s} rue du Commerce`, 'Paris', '75011', 'FR', team[s % team.length], dt(now), dt(now)]),
    );
    const offers: unknown[][] = [];
    const offerRecruiter: string[] = [];
    for (let o = 0; o < OFFERS; o++) {
      offerId++;
      const recruiter = team[o % team.length];
      offerRecruiter.push(recruiter);
      const created = dt(now - Math.floor(rnd() * 365) * 86_400_000);
      offers.push([
        offerId,
        `B${offerId.toString(36).toUpperCase().padStart(6, '0')}`,
        recruiter,
        shopBase + (o % SHOPS) + 1,
        `Magasin ${m}-${o % SHOPS}`,
        `Vendeur ${o}`,
        'Maison Bench',
        'Vente et conseil.',
        'Paris',
        '75011',
        'FR',
        rnd() < 0.9 ? 'available' : 'closed',
        created,
        created,
      ]);
    }
    await insert(
      conn,
      'offers',
      ['id', 'job_code', 'recruiter_id', 'shop_id', 'shopname', 'title', 'company_name', 'description', 'city', 'zip_code', 'country_iso', 'state', 'created_at', 'updated_at'],
      offers,
    );
    const firstOffer = offerId - OFFERS + 1;
    const apps: unknown[][] = [];
    for (let k = 0; k < APPLICATIONS; k++) {
      // Skewed: the first offers are the busiest (about 1,000 candidates for the first).
      const o = Math.floor(OFFERS * Math.pow(rnd(), 2));
      const submitted = now - Math.floor(rnd() * 365 * 86_400_000);
      const complete = rnd() < 0.9;
      appId++;
      apps.push([
        appId,
        uuid(1, 1 + ((k * 7 + m * 13) % CANDIDATES)),
        firstOffer + o,
        offerRecruiter[o],
        complete ? 'complete' : 'applying',
        stateOf(rnd()),
        dt(submitted - 3_600_000),
        complete ? dt(submitted) : null,
        rnd() < 0.05 ? 1 : 0,
        dt(submitted),
        dt(submitted),
      ]);
    }
    await insert(conn, 'applications', ['id', 'candidate_id', 'offer_id', 'recruiter_id', 'state', 'recruiter_state', 'start_date', 'submit_date', 'is_reco', 'created_at', 'updated_at'], apps, true);
    log(`manager ${m}: ${SHOPS} shops, ${OFFERS} offers, ${APPLICATIONS} applications`);
  }
  await conn.query('SET FOREIGN_KEY_CHECKS = 1, UNIQUE_CHECKS = 1');
  // The offers' candidate counters, by their one definition (decision 155).
  await conn.query(recountOffersSql('1 = 1'));
  log('offer counters');
  await conn.query('ANALYZE TABLE applications, offers, users, shops, manager_recruiters');
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

async function main() {
  const url = new URL(URL_);
  const root = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
  await root.query(`CREATE DATABASE IF NOT EXISTS \`${url.pathname.slice(1)}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await root.end();
  const settings = { ...loadSettings({ ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'production', DATABASE_URL: URL_ }), database: parseDatabaseUrl(URL_) };
  const sequelize = await openDatabase(settings);
  const conn = await mysql.createConnection({ uri: URL_ });
  const [[{ n }]] = await conn.query<mysql.RowDataPacket[]>('SELECT COUNT(*) AS n FROM applications');
  const t0 = Date.now();
  const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  if (Number(n) < MANAGERS * APPLICATIONS * 0.9 || process.env.BENCH_REFILL === '1') await fill(conn, log);
  const managerId = uuid(2, 0);
  const [[busiest]] = await conn.query<mysql.RowDataPacket[]>(
    `SELECT o.job_code, COUNT(*) AS n FROM offers o JOIN applications a ON a.offer_id = o.id AND a.state = 'complete' WHERE o.recruiter_id IN (SELECT recruiter_id FROM manager_recruiters WHERE manager_id = ?) OR o.recruiter_id = ? GROUP BY o.id, o.job_code ORDER BY n DESC LIMIT 1`,
    [managerId, managerId],
  );
  const token = await createSession(managerId, 'bearer', new Date());
  const deps = {
    settings,
    mailer: createMailer(settings),
    storage: new LocalDiskStorage('/tmp/bench-manager-files', 'http://127.0.0.1/files'),
    logger: pino({ level: 'silent' }),
    clock: () => new Date(),
  };
  const appServer = http.createServer(createApp(deps));
  await new Promise<void>((r) => appServer.listen(0, '127.0.0.1', r));
  let capture: string[] | null = null;
  (sequelize as unknown as { options: { logging: (sql: string) => void } }).options.logging = (sql: string) => {
    if (capture) capture.push(sql.replace(/^Executing \([^)]*\): /, ''));
  };
  const pool = mysql.createPool({ uri: URL_, connectionLimit: 10 });
  const bareSql = new Map<number, string[]>();
  const bare = express();
  bare.use(compression());
  // The same statements, their rows returned as JSON: what the app adds is its own work.
  bare.get('/bare/:i', async (req, res) => {
    const out: unknown[] = [];
    for (const sql of bareSql.get(Number(req.params.i)) ?? []) {
      if (/^(START TRANSACTION|COMMIT|ROLLBACK|SET )/i.test(sql)) continue;
      const [r] = await pool.query(sql);
      out.push(r);
    }
    res.json(out);
  });
  const bareServer = http.createServer(bare);
  await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', r));
  const appUrl = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`;
  const bareUrl = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;
  const headers = { Authorization: `Bearer ${token}` };
  const q = (o: Record<string, unknown>) => new URLSearchParams(Object.fromEntries(Object.entries(o).map(([k, v]) => [k, JSON.stringify(v)])));
  const CASES = [
    { name: 'offers page, default sort (to-do), first page', path: `/apis/console/manager-offers?${q({ range: [0, 24] })}` },
    { name: 'offers page, default sort, deep page (1,900)', path: `/apis/console/manager-offers?${q({ range: [1900, 1924] })}` },
    // What the console asks (decision 156): the default tab's first page, and the next one.
    { name: `busiest offer's candidates (${busiest.job_code}, ${busiest.n}), todo tab, first page of 50`, path: `/apis/application/${busiest.job_code}?fullStates=true&tab=todo&limit=50` },
    { name: 'home (GET /apis/manager, to_recruit_list first page of 50)', path: '/apis/manager' },
    // The whole list, for callers that pass no tab: printed, not a target (decision 156).
    { name: `busiest offer's candidates, whole list (reference)`, path: `/apis/application/${busiest.job_code}?fullStates=true`, reference: true },
  ];
  console.log(`bench:manager: ${MANAGERS} managers x (${SHOPS} shops, ${OFFERS} offers, ${APPLICATIONS} applications); ${RUNS} runs per request, medians\n`);
  const rows: string[][] = [];
  let ok = true;
  for (const [i, c] of CASES.entries()) {
    capture = [];
    const first = await fetch(`${appUrl}${c.path}`, { headers });
    if (first.status !== 200) throw new Error(`${c.path}: ${first.status} ${await first.text()}`);
    await first.arrayBuffer();
    bareSql.set(i, capture);
    capture = null;
    for (let w = 0; w < 3; w++) {
      await (await fetch(`${appUrl}${c.path}`, { headers })).arrayBuffer();
      await (await fetch(`${bareUrl}/bare/${i}`)).arrayBuffer();
    }
    const appTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      let t = performance.now();
      await (await fetch(`${appUrl}${c.path}`, { headers })).arrayBuffer();
      appTimes.push(performance.now() - t);
      t = performance.now();
      await (await fetch(`${bareUrl}/bare/${i}`)).arrayBuffer();
      bareTimes.push(performance.now() - t);
    }
    const a = median(appTimes);
    const b = median(bareTimes);
    const pass = a < TARGET_MS && a <= 2 * b;
    if (!('reference' in c)) ok &&= pass;
    rows.push([c.name, String(bareSql.get(i)!.length), a.toFixed(1), b.toFixed(1), (a / b).toFixed(2), 'reference' in c ? 'reference' : pass ? 'ok' : 'MISS']);
    console.log(`  ${rows.at(-1)!.join('  ')}`);
  }
  const head = ['request', 'statements', 'app ms', 'bare ms', 'ratio', `<${TARGET_MS}ms & <=2x`];
  const widths = head.map((h, j) => Math.max(h.length, ...rows.map((r) => r[j].length)));
  const line = (r: string[]) => `| ${r.map((x, j) => x.padEnd(widths[j])).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
  console.log(ok ? '\nall requests within targets' : '\nsome requests miss a target');
  await new Promise((r) => appServer.close(r));
  await new Promise((r) => bareServer.close(r));
  await pool.end();
  await conn.end();
  await sequelize.close();
  process.exit(ok ? 0 : 1);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
