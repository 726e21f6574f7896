// Volume generator for the console benchmark: `npm run db:seed:volume -- --users 1000000`.
// Fills a MariaDB database (DATABASE_URL, e.g. mysql://root@127.0.0.1:3306/bench_admin) with
// candidates, recruiters and managers and their offers, applications, wishlist entries, contact
// events and landing leads, with multi-row INSERTs. Counters on the user records are computed
// while generating, so they match the rows; the search tokens are then written by the same code
// the migration uses (models/search/). Deterministic (seeded random). Replaces earlier data.
import mysql from 'mysql2/promise';
import { loadSettings } from '../config/settings.js';
import { openDatabase } from '../models/boot.js';
import { OFFER_SEARCH, USER_SEARCH } from '../models/search/specs.js';
import { backfill } from '../models/search/backfill.js';
import { recountOffersSql } from '../api/services/applications/user-counters.service.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const TOTAL = arg('users', 1_000_000);
const BATCH = 2000;
const NOW = Date.now();
const YEAR = 365 * 24 * 3600_000;

// Small deterministic PRNG (mulberry32) so two runs give the same data.
let seed = 42;
function rnd(): number {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(a: readonly T[]): T => a[Math.floor(rnd() * a.length)];
const FIRST = [
  'Jean',
  'Marie',
  'Lucas',
  'Emma',
  'Louis',
  'Chloé',
  'Hugo',
  'Léa',
  'Nathan',
  'Manon',
  'Paul',
  'Inès',
  'Théo',
  'Camille',
  'Noah',
  'Sarah',
  'Adam',
  'Julie',
  'Karim',
  'Yasmine',
  'Tom',
  'Zoé',
  'Enzo',
  'Lina',
];
const LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefebvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'Andre',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'Francois',
  'Martinez',
  'Legrand',
];
const CITIES = [
  ['Paris', '75011'],
  ['Lyon', '69003'],
  ['Marseille', '13001'],
  ['Lille', '59000'],
  ['Nantes', '44000'],
  ['Bordeaux', '33000'],
  ['Toulouse', '31000'],
  ['Rennes', '35000'],
] as const;
const JOBS = ['Vendeur', 'Caissier', 'Boulanger', 'Serveur', 'Cuisinier', 'Préparateur de commandes', 'Conseiller clientèle', 'Livreur', 'Manager de rayon'];
const COMPANIES = ['Boulangerie Martin', 'Super U', 'Carrefour City', 'Décathlon', 'Fnac', 'Leroy Merlin', 'Picard', 'Monoprix', 'Franprix', 'Intersport'];

const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
const dt = (ms: number) => new Date(ms).toISOString().slice(0, 23).replace('T', ' ');
/** Created times: more recent users are more frequent (growth), spread over three years. */
const createdAt = () => NOW - Math.floor(Math.pow(rnd(), 1.6) * 3 * YEAR) - 3600_000;

async function insert(conn: mysql.Connection, table: string, columns: string[], rows: unknown[][]) {
  for (let i = 0; i < rows.length; i += BATCH) {
    const chunk = rows.slice(i, i + BATCH);
    await conn.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [chunk]);
  }
}

async function main() {
  const settings = loadSettings();
  if (settings.database.dialect !== 'mysql') throw new Error('db:seed:volume needs DATABASE_URL=mysql://... (MariaDB)');
  const url = new URL(settings.database.url);
  const dbName = url.pathname.slice(1);
  const root = await mysql.createConnection({ host: url.hostname, port: Number(url.port || 3306), user: decodeURIComponent(url.username), password: decodeURIComponent(url.password) });
  await root.query(`CREATE DATABASE IF NOT EXISTS \`${dbName}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await root.end();
  const sequelize = await openDatabase(settings);
  const conn = await mysql.createConnection({ uri: settings.database.url, multipleStatements: true });
  const t0 = Date.now();
  const log = (m: string) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  await conn.query('SET FOREIGN_KEY_CHECKS = 0, UNIQUE_CHECKS = 0');
  for (const t of [
    'user_search_tokens',
    'offer_search_tokens',
    'user_search_texts',
    'offer_search_texts',
    'application_answers',
    'applications',
    'wishlist_entries',
    'user_contact_events',
    'user_close_events',
    'landing_interests',
    'offers',
    'manager_recruiters',
    'plan_limits',
    'sessions',
    'audit_log',
    'users',
  ]) {
    await conn.query(`TRUNCATE TABLE ${t}`);
  }

  const nRecruiters = Math.max(2, Math.round(TOTAL * 0.06));
  const nManagers = Math.max(1, Math.round(TOTAL * 0.01));
  const nCandidates = TOTAL - nRecruiters - nManagers;
  const nOffers = nRecruiters * 2;
  log(`${nCandidates} candidates, ${nRecruiters} recruiters, ${nManagers} managers, ${nOffers} offers`);

  // Offers: two per recruiter (ids 1..nOffers), most available.
  const offerRecruiter: number[] = [];
  const offerRows: unknown[][] = [];
  const recruiterStats = Array.from({ length: nRecruiters + nManagers }, () => ({ offers: 0, active: 0, candidates: 0 }));
  for (let o = 1; o <= nOffers; o++) {
    const r = (o - 1) % (nRecruiters + nManagers);
    offerRecruiter[o] = r;
    const [city, zip] = pick(CITIES);
    const state = rnd() < 0.7 ? 'available' : 'closed';
    recruiterStats[r].offers++;
    if (state === 'available') recruiterStats[r].active++;
    const created = dt(createdAt());
    offerRows.push([
      o,
      `V${o.toString(36).toUpperCase().padStart(7, '0')}`,
      uuid(nCandidates + r + 1),
      pick(JOBS),
      pick(COMPANIES),
      `Nous recherchons un ${pick(JOBS).toLowerCase()} motivé.\nPoste à pourvoir rapidement.`,
      city,
      zip,
      'FR',
      state,
      created,
      created,
    ]);
  }
  await insert(conn, 'offers', ['id', 'job_code', 'recruiter_id', 'title', 'company_name', 'description', 'city', 'zip_code', 'country_iso', 'state', 'created_at', 'updated_at'], offerRows);
  log('offers');

  // Candidates, with their applications, wishlist entries and contact events, in batches.
  let appId = 0;
  for (let start = 1; start <= nCandidates; start += 20_000) {
    const end = Math.min(nCandidates, start + 19_999);
    const users: unknown[][] = [];
    const apps: unknown[][] = [];
    const wish: unknown[][] = [];
    const contacts: unknown[][] = [];
    for (let i = start; i <= end; i++) {
      const created = createdAt();
      const first = pick(FIRST);
      const last = pick(LAST);
      const r = rnd();
      const nApps = r < 0.6 ? 0 : r < 0.85 ? 1 : r < 0.95 ? 2 : 3;
      const nPending = rnd() < 0.3 ? 1 + Math.floor(rnd() * 3) : 0;
      const nContacts = rnd() < 0.1 ? 1 + Math.floor(rnd() * 2) : 0;
      const base = 1 + Math.floor(rnd() * nOffers);
      for (let k = 0; k < nApps + nPending; k++) {
        const offer = ((base + k * 7919) % nOffers) + 1;
        const at = Math.min(NOW, created + Math.floor(rnd() * 30 * 24 * 3600_000));
        if (k < nApps) {
          const complete = rnd() < 0.8;
          apps.push([
            ++appId,
            uuid(i),
            offer,
            uuid(nCandidates + offerRecruiter[offer] + 1),
            complete ? 'complete' : 'applying',
            pick(['new', 'view', 'shortlist', 'rejected']),
            dt(at),
            complete ? dt(at) : null,
            dt(at),
            dt(at),
          ]);
          if (complete) recruiterStats[offerRecruiter[offer]].candidates++;
          wish.push([uuid(i), offer, complete ? 'done' : 'applying', dt(at), dt(at)]);
        } else {
          wish.push([uuid(i), offer, 'pending', dt(at), dt(at)]);
        }
      }
      for (let k = 0; k < nContacts; k++) contacts.push([uuid(i), pick(['sms', 'email', 'voice_msg', 'no_response', 'will_postulate']), dt(created + 7 * 3600_000 + k * 60_000)]);
      const closed = rnd() < 0.03 ? dt(created + 24 * 3600_000) : null;
      users.push([
        uuid(i),
        `${first.toLowerCase()}.${last.toLowerCase()}${i}@example.com`,
        `${first} ${last}`,
        `06${String(10_000_000 + i).slice(-8)}`,
        'candidate',
        dt(created),
        dt(created),
        nApps,
        nApps + nPending,
        nPending,
        nContacts,
        0,
        0,
        0,
        rnd() < 0.05 ? 1 : 0,
        closed ? 0 : 1,
        closed,
        rnd() < 0.5 ? dt(NOW - Math.floor(rnd() * YEAR)) : null,
      ]);
    }
    await insert(
      conn,
      'users',
      [
        'id',
        'email',
        'name',
        'phone',
        'profile',
        'created_at',
        'updated_at',
        'applications_count',
        'wishlist_count',
        'wishlist_pending_count',
        'contacts_count',
        'offers_count',
        'actives_offers_count',
        'candidates_count',
        'is_migration',
        'contactable',
        'closed_at',
        'last_co',
      ],
      users,
    );
    await insert(conn, 'applications', ['id', 'candidate_id', 'offer_id', 'recruiter_id', 'state', 'recruiter_state', 'start_date', 'submit_date', 'created_at', 'updated_at'], apps);
    await insert(conn, 'wishlist_entries', ['candidate_id', 'offer_id', 'state', 'added_at', 'updated_at'], wish);
    await insert(conn, 'user_contact_events', ['user_id', 'action', 'at'], contacts);
    if ((end / 20_000) % 5 === 0 || end === nCandidates) log(`${end} candidates`);
  }

  // Recruiters and managers last: their counters are known now.
  const staff: unknown[][] = [];
  for (let r = 0; r < nRecruiters + nManagers; r++) {
    const created = createdAt();
    const s = recruiterStats[r];
    const first = pick(FIRST);
    const last = pick(LAST);
    const manager = r >= nRecruiters;
    staff.push([
      uuid(nCandidates + r + 1),
      `${first.toLowerCase()}.${last.toLowerCase()}.rh${r}@example.com`,
      `${first} ${last}`,
      `07${String(10_000_000 + r).slice(-8)}`,
      manager ? 'manager' : 'recruiter',
      dt(created),
      dt(created),
      0,
      0,
      0,
      s.offers,
      s.active,
      s.candidates,
      rnd() < 0.2 ? 1 : 0,
      1,
      null,
      dt(NOW - Math.floor(rnd() * YEAR)),
      manager ? 'bplan' : pick(['free', 'free', 'aplan', 'bplan']),
      Math.floor(rnd() * 5),
    ]);
  }
  await insert(
    conn,
    'users',
    [
      'id',
      'email',
      'name',
      'phone',
      'profile',
      'created_at',
      'updated_at',
      'applications_count',
      'wishlist_count',
      'contacts_count',
      'offers_count',
      'actives_offers_count',
      'candidates_count',
      'is_migration',
      'contactable',
      'closed_at',
      'last_co',
      'user_plan',
      'av_boost',
    ],
    staff,
  );
  const links: unknown[][] = [];
  for (let m = 0; m < nManagers; m++) for (let k = 0; k < 5; k++) links.push([uuid(nCandidates + nRecruiters + m + 1), uuid(nCandidates + ((m * 5 + k) % nRecruiters) + 1), dt(NOW)]);
  await insert(conn, 'manager_recruiters', ['manager_id', 'recruiter_id', 'created_at'], links);
  log('recruiters and managers');

  // Landing leads without account (10% of the user count), notif states 0, 2, 3.
  const leads: unknown[][] = [];
  for (let i = 1; i <= Math.round(TOTAL * 0.1); i++) {
    const created = dt(createdAt());
    leads.push([
      `lead${i}@example.com`,
      `V${(1 + (i % nOffers)).toString(36).toUpperCase().padStart(7, '0')}`,
      pick(FIRST),
      pick(LAST),
      `06${String(20_000_000 + i).slice(-8)}`,
      1,
      'landing',
      pick([0, 2, 2, 3]),
      created,
      created,
    ]);
  }
  await insert(conn, 'landing_interests', ['email', 'job_code', 'firstname', 'lastname', 'phone_number', 'accept_cgu', 'cgu_from', 'notif', 'created_at', 'updated_at'], leads);
  log('landing leads');

  await conn.query('SET FOREIGN_KEY_CHECKS = 1, UNIQUE_CHECKS = 1');
  // The offers' candidate counters, by their one definition (decision 155).
  await conn.query(recountOffersSql('1 = 1'));
  log('offer counters');
  for (const spec of [USER_SEARCH, OFFER_SEARCH]) {
    await backfill(sequelize, spec);
    log(spec.table);
  }
  await conn.query(
    'ANALYZE TABLE users, offers, applications, wishlist_entries, landing_interests, user_contact_events, user_search_tokens, offer_search_tokens, user_search_texts, offer_search_texts',
  );
  log('statistics');
  await conn.end();
  await sequelize.close();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
