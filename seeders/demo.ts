// Loads the demo (seeders/demo-data.ts) into the database and its story clips into storage.
// Deterministic: fixed ids, dates as offsets from `now` (docs/decisions/030-demo-seed.md).
import fs from 'node:fs/promises';
import path from 'node:path';
import { Op, type Transaction } from 'sequelize';
import { hashPassword } from '../api/auth/passwords.js';
import { randomKeyName, type Storage } from '../api/integrations/storage.js';
import {
  transaction,
  User,
  ContactEvent,
  CloseEvent,
  PlanLimit,
  ManagerRecruiter,
  Offer,
  OfferQuestion,
  DraftOffer,
  Application,
  ApplicationAnswer,
  WishlistEntry,
  LandingInterest,
  CustomLanding,
  Shop,
  Template,
  Subscription,
  SubscriptionRecruiter,
  ShareLink,
  ShareView,
  Feedback,
  Session,
  PasswordResetCode,
  Upload,
  Invitation,
  InvitationOptOut,
  InvitationReminder,
  LANDING_DEFAULTS,
} from '../models/index.js';
import { companyKeyOf } from '../api/services/invitations/invitations.service.js';
import { recountOffers, recountUsers } from '../api/services/applications/user-counters.service.js';
import { demoCvPdf } from './demo-cv.js';
import {
  DEMO_IDS,
  DEMO_PASSWORD,
  DEMO_JOB_CODE,
  DEMO_LANDING,
  DEMO_SHARE_ID,
  DEMO_DRAFT_TOKEN,
  DEMO_INVITATIONS,
  USERS,
  MANAGER_RECRUITERS,
  SHOPS,
  COMPANIES,
  OFFERS,
  JOBS,
  QUESTIONS,
  OFFICE_ADDRESS,
  APPLICATIONS,
  WISHLIST,
  LANDING_INTERESTS,
  CONTACT_EVENTS,
  CLOSE_EVENTS,
  HOUR,
  DAY,
  type DemoUserKey,
} from './demo-data.js';

export { DEMO_IDS, DEMO_PASSWORD, DEMO_JOB_CODE, DEMO_LANDING, DEMO_SHARE_ID, DEMO_DRAFT_TOKEN };

export const MEDIA_DIR = path.join(import.meta.dirname, 'media');
const CLIPS = 5;

export interface SeedOptions {
  /** Where the story clips go (the app's storage). */
  storage: Storage;
  /** Remove the demo's rows (and what hangs on the demo users) first, then load again. */
  reset?: boolean;
  /** The moment every demo date is counted back from; the current time by default. */
  now?: Date;
}

export class DemoSeedError extends Error {}

const userIds = Object.values(DEMO_IDS);
const uid = (k: DemoUserKey) => DEMO_IDS[k];
const offerBy = new Map(OFFERS.map((o) => [o.job_code, o]));
const shopBy = new Map(SHOPS.map((s) => [s.id, s]));

// One argon2 hash per process: hashing is slow on purpose, and the same hash keeps reseeds identical.
let passwordHash: Promise<string> | undefined;
function demoHash(): Promise<string> {
  passwordHash ??= hashPassword(DEMO_PASSWORD);
  return passwordHash;
}

/**
 * The demo's private keys, drawn at each seeding like real uploads (128 random bits: CVs and story
 * folders cannot be guessed or enumerated, docs/decisions/085-private-media-signed-urls.md).
 */
export interface DemoKeys {
  /** Storage key of a demo CV, by application id. */
  cv(applicationId: number): string;
  /** Storage key of one answer's HLS playlist; its segments sit beside it. */
  story(applicationId: number, qid: string): string;
}

export function randomDemoKeys(): DemoKeys {
  const cvs = new Map<number, string>();
  const folders = new Map<number, string>();
  const draw = <K>(m: Map<K, string>, k: K, make: (hex: string) => string) => {
    if (!m.has(k)) m.set(k, make(randomKeyName()));
    return m.get(k)!;
  };
  return {
    cv: (id) => draw(cvs, id, (hex) => `picture/${hex}.pdf`),
    story: (id, qid) => `${draw(folders, id, (hex) => `story/${hex}`)}/${qid}/index.m3u8`,
  };
}

export async function seedDemo(options: SeedOptions): Promise<void> {
  const now = (options.now ?? new Date()).getTime();
  const ago = (ms: number) => new Date(now - ms);
  const hash = await demoHash();
  const keys = randomDemoKeys();
  const stories = await copyStories(options.storage, keys);
  const cvSizes = await writeCvs(options.storage, keys);

  await transaction(async (t) => {
    if (options.reset) await removeDemo(t);
    else if ((await User.count({ transaction: t })) > 0) throw new DemoSeedError('the database is not empty: seed with reset, or use an empty database');
    try {
      await insertDemo(t, ago, now, hash, stories, cvSizes, keys);
    } catch (e) {
      if ((e as Error).name === 'SequelizeUniqueConstraintError') {
        throw new DemoSeedError(`demo ids or codes are already taken by other rows (${(e as Error).message}); seed an empty database`);
      }
      throw e;
    }
  });
}

/**
 * The committed segments end in .mpegts (ffmpeg's name for the format) because every tool takes a
 * .ts file for TypeScript; in storage they get back the transcoder's name, seg000.ts, so a demo
 * answer is laid out exactly as an uploaded one (seeders/media/README.md).
 */
export const COMMITTED_SEGMENT = '.mpegts';
const asStored = (text: string) => text.replaceAll(COMMITTED_SEGMENT, '.ts');

/** Puts the committed clips under story/<random>/<qid>/ for every answered question. */
async function copyStories(storage: Storage, demoKeys: DemoKeys): Promise<Set<string>> {
  const clips: Array<Array<{ name: string; body: Buffer }>> = [];
  for (let n = 1; n <= CLIPS; n++) {
    const dir = path.join(MEDIA_DIR, `story-${n}`);
    const names = (await fs.readdir(dir)).filter((f) => f.endsWith('.m3u8') || f.endsWith(COMMITTED_SEGMENT) || f.endsWith('.jpg')).sort();
    clips.push(
      await Promise.all(
        names.map(async (name) => {
          const body = await fs.readFile(path.join(dir, name));
          return { name: asStored(name), body: name.endsWith('.m3u8') ? Buffer.from(asStored(body.toString('utf8'))) : body };
        }),
      ),
    );
  }
  const keys = new Set<string>();
  for (const a of APPLICATIONS) {
    for (let pos = 1; pos <= answeredCount(a); pos++) {
      const playlist = demoKeys.story(a.id, `q${pos}`);
      const dir = playlist.slice(0, -'index.m3u8'.length);
      for (const file of clips[(pos - 1) % CLIPS]) {
        const type = file.name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : file.name.endsWith('.jpg') ? 'image/jpeg' : 'video/mp2t';
        await storage.put(dir + file.name, file.body, type);
      }
      keys.add(playlist);
    }
  }
  return keys;
}

/** A PDF CV for each demo application that has one; returns each key's size. */
async function writeCvs(storage: Storage, keys: DemoKeys): Promise<Map<number, number>> {
  const sizes = new Map<number, number>();
  for (const a of APPLICATIONS.filter((x) => x.cv)) {
    const user = USERS.find((u) => u.key === a.candidate)!;
    const job = JOBS[offerBy.get(a.offer)!.job];
    const pdf = demoCvPdf(user.name, [
      `${user.email}${user.phone ? `  -  ${user.phone}` : ''}`,
      `Candidature : ${job.title}`,
      'Experience : deux saisons en restauration (service en salle, terrasse, caisse).',
      'Formation : baccalaureat professionnel commerce.',
      'Langues : francais, anglais courant.',
    ]);
    await storage.put(keys.cv(a.id), pdf, 'application/pdf');
    sizes.set(a.id, pdf.length);
  }
  return sizes;
}

function answeredCount(a: (typeof APPLICATIONS)[number]): number {
  const total = offerBy.get(a.offer)!.questions;
  return a.state === 'complete' ? total : Math.min(a.answered ?? 0, total);
}

/** Deletes the demo's rows: everything owned by a demo user, and the demo's public identifiers. */
async function removeDemo(t: Transaction): Promise<void> {
  const o = { transaction: t };
  const offers = await Offer.findAll({
    ...o,
    attributes: ['id'],
    where: { [Op.or]: [{ recruiter_id: userIds }, { created_by_id: userIds }, { job_code: OFFERS.map((x) => x.job_code) }] },
  });
  const offerIds = offers.map((x) => x.id);
  const apps = await Application.findAll({
    ...o,
    attributes: ['id', 'cv_key', 'offer_id'],
    where: { [Op.or]: [{ offer_id: offerIds }, { candidate_id: userIds }, { recruiter_id: userIds }] },
  });
  const appIds = apps.map((x) => x.id);
  const links = await ShareLink.findAll({
    ...o,
    attributes: ['id'],
    where: { [Op.or]: [{ application_id: appIds }, { shared_by_id: userIds }, { share_id: DEMO_SHARE_ID }] },
  });
  const linkIds = links.map((x) => x.id);
  const subs = await Subscription.findAll({ ...o, attributes: ['id'], where: { [Op.or]: [{ user_id: userIds }, { sub_id: SUBSCRIPTION_ID }] } });
  const subIds = subs.map((x) => x.id);

  const invitees = Object.values(DEMO_INVITATIONS);
  // The demo's invitations are on its offers: another's row holding a demo id makes the insert refuse, as elsewhere.
  const invitations = await Invitation.findAll({ ...o, attributes: ['id'], where: { offer_id: offerIds } });
  await InvitationReminder.destroy({ ...o, where: { invitation_id: invitations.map((i) => i.id) } });
  await Invitation.destroy({ ...o, where: { id: invitations.map((i) => i.id) } });
  await InvitationOptOut.destroy({ ...o, where: { email: invitees.map((i) => i.email) } });
  await Feedback.destroy({ ...o, where: { share_link_id: linkIds } });
  await ShareView.destroy({ ...o, where: { share_link_id: linkIds } });
  await ShareLink.destroy({ ...o, where: { id: linkIds } });
  await ApplicationAnswer.destroy({ ...o, where: { application_id: appIds } });
  await Application.destroy({ ...o, where: { id: appIds } });
  // Other offers that held a demo user's applications keep true counters.
  await recountOffers(
    apps.map((x) => x.offer_id),
    t,
  );
  await WishlistEntry.destroy({ ...o, where: { [Op.or]: [{ candidate_id: userIds }, { offer_id: offerIds }] } });
  await LandingInterest.destroy({
    ...o,
    where: { [Op.or]: [{ offer_id: offerIds }, { user_id: userIds }, { email: LANDING_INTERESTS.map((l) => l.email) }] },
  });
  await DraftOffer.destroy({ ...o, where: { [Op.or]: [{ owner_id: userIds }, { published_offer_id: offerIds }, { edition_token: DEMO_DRAFT_TOKEN }] } });
  await OfferQuestion.destroy({ ...o, where: { offer_id: offerIds } });
  await Offer.destroy({ ...o, where: { id: offerIds } });
  await Shop.destroy({ ...o, where: { [Op.or]: [{ manager_id: userIds }, { recruiter_id: userIds }] } });
  await Template.destroy({ ...o, where: { owner_id: userIds } });
  await SubscriptionRecruiter.destroy({ ...o, where: { [Op.or]: [{ subscription_id: subIds }, { recruiter_id: userIds }] } });
  await Subscription.destroy({ ...o, where: { id: subIds } });
  await CustomLanding.destroy({ ...o, where: { identifier: LANDINGS.map((l) => l.identifier) } });
  await ManagerRecruiter.destroy({ ...o, where: { [Op.or]: [{ manager_id: userIds }, { recruiter_id: userIds }] } });
  await PlanLimit.destroy({ ...o, where: { user_id: userIds } });
  await ContactEvent.destroy({ ...o, where: { user_id: userIds } });
  await CloseEvent.destroy({ ...o, where: { user_id: userIds } });
  await Session.destroy({ ...o, where: { user_id: userIds } });
  const demoCvKeys = apps.map((a) => a.cv_key).filter((k): k is string => !!k);
  await Upload.destroy({ ...o, where: { [Op.or]: [{ owner_id: userIds }, { key: demoCvKeys }] } });
  await PasswordResetCode.destroy({ ...o, where: { user_id: userIds } });
  await User.destroy({ ...o, where: { [Op.or]: [{ id: userIds }, { email: USERS.map((u) => u.email) }] } });
}

const SUBSCRIPTION_ID = 'sub_demo_maison_1';

const LANDINGS = [
  {
    id: 1,
    identifier: DEMO_LANDING,
    name: COMPANIES.maison.company_name,
    bg_color: '#5b2a86',
    select_label: 'Boutique',
    select_description: 'Choisissez la boutique Maison Demo près de chez vous, puis le poste qui vous plaît.',
    selectlist_label: 'Poste',
    informations_description: 'Laissez-nous vos coordonnées : nous vous envoyons le lien de l’application pour répondre en vidéo, en deux minutes.',
    logo_src: null,
    logo_width: 300,
    logo_height: 120,
  },
  {
    id: 2,
    identifier: 'fournil-rhone',
    name: COMPANIES.fournil.company_name,
    bg_color: '#8d5524',
    select_label: LANDING_DEFAULTS.select_label,
    select_description: LANDING_DEFAULTS.select_description,
    selectlist_label: LANDING_DEFAULTS.selectlist_label,
    informations_description: LANDING_DEFAULTS.informations_description,
    logo_src: null,
    logo_width: 240,
    logo_height: 96,
  },
];

/**
 * The demo's booster ledger: boosters left as the data gives them, one used per boosted offer the
 * user or the recruiters of their list recruit for. The counters are not typed here: recountUsers
 * writes them.
 */
function boosters(key: DemoUserKey, left: number): { av_boost: number; used_boost: number; total_boost: number } {
  // Over the same offers as the counters: the user's and their list's (decision 099).
  const reach = new Set<DemoUserKey>([key, ...MANAGER_RECRUITERS.filter(([m]) => m === key).map(([, r]) => r)]);
  const used = OFFERS.filter((x) => x.boosted && reach.has(x.recruiter)).length;
  return { av_boost: left, used_boost: used, total_boost: left + used };
}

/** What every part of the demo is written with: one transaction, the clock, the shared password hash,
 *  the story clips copied, the CV sizes and the storage keys. */
interface DemoRun {
  o: { transaction: Transaction };
  ago: (ms: number) => Date;
  now: number;
  hash: string;
  stories: Set<string>;
  cvSizes: Map<number, number>;
  keys: DemoKeys;
}

/** The demo's the accounts, the managers' lists, a plan limit, the contact and closing history. */
async function insertPeople({ o, ago, hash }: DemoRun): Promise<void> {
  await User.bulkCreate(
    USERS.map((u) => {
      const created = ago(u.age);
      const closed = CLOSE_EVENTS.find((e) => e.user === u.key);
      return {
        id: uid(u.key),
        username: u.email,
        email: u.email,
        password_hash: hash,
        name: u.name,
        phone: u.phone ?? null,
        picture: null,
        profile: u.profile,
        is_admin: u.is_admin ?? false,
        user_plan: u.user_plan ?? 'free',
        sub_topics: u.sub_topics ?? null,
        internal_sub: null,
        country_iso: 'FR',
        lang: 'fr',
        cgu_from: u.cgu_from ?? null,
        customer_name: u.customer_name ?? null,
        is_migration: u.is_migration ?? false,
        userpool: null,
        contactable: !closed,
        closed_at: closed ? ago(closed.age) : null,
        notif: u.profile === 'landing' ? { email: ago(u.age - HOUR).toISOString() } : null,
        sso_provider_id: null,
        last_co: u.last_co === undefined ? null : ago(u.last_co),
        ...boosters(u.key, u.av_boost ?? 0),
        created_at: created,
        updated_at: created,
      };
    }),
    o,
  );

  await ManagerRecruiter.bulkCreate(
    MANAGER_RECRUITERS.map(([m, r], i) => ({ id: i + 1, manager_id: uid(m), recruiter_id: uid(r), created_at: ago(100 * DAY) })),
    o,
  );
  await PlanLimit.bulkCreate([{ id: 1, user_id: uid('recruiterCustom'), actives_offers: 5, created_at: ago(100 * DAY), updated_at: ago(100 * DAY) }], o);
  await ContactEvent.bulkCreate(
    CONTACT_EVENTS.map((e) => ({ id: e.id, user_id: uid(e.user), action: e.action, actor_id: uid('admin'), at: ago(e.age) })),
    o,
  );
  await CloseEvent.bulkCreate(
    CLOSE_EVENTS.map((e) => ({ id: e.id, user_id: uid(e.user), actor_id: uid('admin'), at: ago(e.age) })),
    o,
  );
}

/** The demo's the shops and the offer templates. */
async function insertShopsAndTemplates({ o, ago, now }: DemoRun): Promise<void> {
  await Shop.bulkCreate(
    SHOPS.map((s) => ({
      id: s.id,
      manager_id: uid(s.manager),
      shopname: s.shopname,
      ...s.address,
      country: 'France',
      country_iso: 'FR',
      recruiter_id: uid(s.recruiter),
      created_at: ago(150 * DAY),
      updated_at: ago(150 * DAY),
    })),
    o,
  );

  const startDate = new Date(now + 14 * DAY).toISOString().slice(0, 10);
  await Template.bulkCreate(
    (
      [
        [1, 'manager', 'maison', 'serveur'],
        [2, 'manager', 'maison', 'barista'],
        [3, 'managerLyon', 'fournil', 'boulanger'],
        [4, 'managerLyon', 'fournil', 'vendeur'],
        [5, 'manager', 'maison', 'patissier'],
      ] as const
    ).map(([id, owner, company, job]) => ({
      id,
      owner_id: uid(owner),
      type: 'offer',
      content: {
        title: JOBS[job].title,
        ...COMPANIES[company],
        description: JOBS[job].description,
        candidate_graduation: JOBS[job].graduation,
        candidate_qualification: JOBS[job].qualification,
        candidate_experience: JOBS[job].experience,
        contract_type: JOBS[job].contract_type,
        pay_min: JOBS[job].pay_min,
        pay_max: JOBS[job].pay_max,
        pay_currency: 'EUR',
        pay_period: JOBS[job].pay_period,
        lang: 'fr',
        tags: JOBS[job].tags,
        questions: QUESTIONS.slice(0, 3).map((question, i) => ({ id: `q${i + 1}`, question })),
        start_date: startDate,
      },
      created_at: ago(120 * DAY),
      updated_at: ago(120 * DAY),
    })),
    o,
  );
}

/** The demo's the offers and their questions. */
async function insertOffers({ o, ago, now }: DemoRun): Promise<void> {
  await Offer.bulkCreate(
    OFFERS.map((x) => {
      const job = JOBS[x.job];
      const shop = x.shop ? shopBy.get(x.shop)! : undefined;
      const address = shop ? shop.address : OFFICE_ADDRESS[x.company];
      return {
        id: x.id,
        job_code: x.job_code,
        recruiter_id: uid(x.recruiter),
        created_by_id: shop ? uid(shop.manager) : uid(x.recruiter),
        shop_id: shop?.id ?? null,
        shopname: shop?.shopname ?? null,
        title: job.title,
        ...COMPANIES[x.company],
        company_hash: COMPANIES[x.company].company_name,
        description: job.description,
        candidate_qualification: job.qualification,
        candidate_experience: job.experience,
        candidate_graduation: job.graduation,
        contract_type: job.contract_type,
        tags: job.tags,
        start_date: new Date(now - x.age + 30 * DAY).toISOString().slice(0, 10),
        pay_min: job.pay_min,
        pay_max: job.pay_max,
        pay_currency: 'EUR',
        pay_period: job.pay_period,
        ...address,
        country: 'France',
        country_iso: 'FR',
        lang: 'fr',
        state: x.state,
        is_boosted: x.boosted ?? false,
        // Boosted two days before the demo is loaded, for the default 7 days (decision 251).
        boosted_at: x.boosted ? ago(2 * DAY) : null,
        boost_ends_at: x.boosted ? new Date(now + 5 * DAY) : null,
        created_at: ago(x.age),
        updated_at: ago(x.age),
      };
    }),
    o,
  );
  let questionId = 0;
  await OfferQuestion.bulkCreate(
    OFFERS.flatMap((x) => QUESTIONS.slice(0, x.questions).map((question, i) => ({ id: ++questionId, offer_id: x.id, qid: `q${i + 1}`, position: i + 1, question }))),
    o,
  );
}

/** The demo's the applications, their CVs, answers and wishlists. */
async function insertApplications({ o, ago, stories, cvSizes, keys }: DemoRun): Promise<void> {
  await Application.bulkCreate(
    APPLICATIONS.map((a) => {
      const offer = offerBy.get(a.offer)!;
      return {
        id: a.id,
        candidate_id: uid(a.candidate),
        offer_id: offer.id,
        recruiter_id: uid(offer.recruiter),
        state: a.state,
        recruiter_state: a.recruiter_state,
        start_date: ago(a.age),
        submit_date: a.state === 'complete' ? ago(a.age - HOUR) : null,
        cv_key: a.cv ? keys.cv(a.id) : null,
        is_reco: a.is_reco ?? false,
        created_at: ago(a.age),
        updated_at: ago(a.state === 'complete' ? a.age - HOUR : a.age),
      };
    }),
    o,
  );
  await Upload.bulkCreate(
    APPLICATIONS.filter((a) => a.cv).map((a, i) => ({
      id: i + 1,
      key: keys.cv(a.id),
      kind: 'cv' as const,
      content_type: 'application/pdf',
      size: cvSizes.get(a.id)!,
      owner_id: uid(a.candidate),
      created_at: ago(a.age),
    })),
    o,
  );
  let answerId = 0;
  await ApplicationAnswer.bulkCreate(
    APPLICATIONS.flatMap((a) => {
      const offer = offerBy.get(a.offer)!;
      const done = answeredCount(a);
      return QUESTIONS.slice(0, offer.questions).map((question, i) => {
        const qid = `q${i + 1}`;
        const key = keys.story(a.id, qid);
        if (i < done && !stories.has(key)) throw new Error(`story ${key} was not copied`);
        return {
          id: ++answerId,
          application_id: a.id,
          qid,
          position: i + 1,
          question,
          upload_path: i < done ? key : null,
          method: 'storage',
          state: i < done ? 'done' : null,
        };
      });
    }),
    o,
  );

  await WishlistEntry.bulkCreate(
    WISHLIST.map((w) => ({ id: w.id, candidate_id: uid(w.candidate), offer_id: offerBy.get(w.offer)!.id, state: w.state, added_at: ago(w.age), updated_at: ago(w.age) })),
    o,
  );
}

/** The demo's the landing pages and the leads they collected. */
async function insertLeads({ o, ago }: DemoRun): Promise<void> {
  await LandingInterest.bulkCreate(
    LANDING_INTERESTS.map((l) => ({
      id: l.id,
      email: l.email,
      job_code: l.job_code,
      offer_id: offerBy.get(l.job_code)!.id,
      firstname: l.firstname,
      lastname: l.lastname,
      phone_number: l.phone_number,
      accept_cgu: true,
      cv_key: null,
      cgu_from: l.cgu_from,
      custom: l.custom ?? null,
      notif: l.notif,
      notif_resend: l.notif === 0 ? 0 : 2,
      notified_at: l.notif === 0 ? null : ago(l.age - HOUR),
      user_id: l.user ? uid(l.user) : null,
      created_at: ago(l.age),
      updated_at: ago(l.notif === 0 ? l.age : l.age - HOUR),
    })),
    o,
  );

  await CustomLanding.bulkCreate(
    LANDINGS.map((l) => ({ ...l, company_hash: l.name, created_at: ago(90 * DAY), updated_at: ago(90 * DAY) })),
    o,
  );
}

/** The demo's share link, its views and the feedback left on it. */
async function insertSharing({ o, ago }: DemoRun): Promise<void> {
  const share = APPLICATIONS[0];
  await ShareLink.bulkCreate(
    [{ id: 1, share_id: DEMO_SHARE_ID, application_id: share.id, shared_by_id: uid('recruiter'), views: 3, max_views: 50, created_at: ago(3 * DAY), updated_at: ago(1 * DAY) }],
    o,
  );
  await ShareView.bulkCreate(
    [3 * DAY - HOUR, 2 * DAY, 1 * DAY].map((age, i) => ({ id: i + 1, view_id: `demo-view-${i + 1}`, share_link_id: 1, created_at: ago(age) })),
    o,
  );
  await Feedback.bulkCreate(
    [
      {
        id: 1,
        share_link_id: 1,
        share_view_id: 1,
        name: 'Nicolas, gérant Marais',
        comment: 'Très à l’aise à l’oral, je la verrais bien en salle dès la semaine prochaine.',
        feedback: 1,
        created_at: ago(3 * DAY - 2 * HOUR),
      },
      { id: 2, share_link_id: 1, share_view_id: 2, name: 'Aurélie, RH', comment: 'Disponibilités un peu justes pour le week-end.', feedback: -1, created_at: ago(2 * DAY - HOUR) },
    ],
    o,
  );
}

/** The demo's interview invitations (DEMO_INVITATIONS): expired, open, and one whose address unsubscribed. */
async function insertInvitations({ o, ago }: DemoRun): Promise<void> {
  const offer = OFFERS.find((x) => x.job_code === DEMO_JOB_CODE)!;
  const recruiter = uid(offer.recruiter);
  const companyKey = await companyKeyOf(recruiter, o.transaction);
  const names = { expired: ['Yanis', 'Morel'], open: ['Inès', 'Garnier'], unsubscribed: ['Hugo', 'Lemoine'] } as const;
  await Invitation.bulkCreate(
    Object.entries(DEMO_INVITATIONS).map(([key, i]) => ({
      id: i.id,
      offer_id: offer.id,
      recruiter_id: recruiter,
      invited_by: recruiter,
      company_key: companyKey,
      first_name: names[key as keyof typeof names][0],
      last_name: names[key as keyof typeof names][1],
      email: i.email,
      phone: null,
      lang: 'fr',
      message: null,
      deadline: ago(i.deadlineAgo),
      nonce: i.nonce,
      sent_at: ago(7 * DAY),
      sends: 1,
      opted_out_at: key === 'unsubscribed' ? ago(1 * DAY) : null,
      live_key: `${offer.id}:${i.email}`,
      created_at: ago(7 * DAY),
    })),
    o,
  );
  await InvitationOptOut.bulkCreate([{ company_key: companyKey, email: DEMO_INVITATIONS.unsubscribed.email, created_at: ago(1 * DAY) }], o);
}

/** The demo's wizard draft. */
async function insertDrafts({ o, ago }: DemoRun): Promise<void> {
  await DraftOffer.bulkCreate(
    [
      {
        id: 1,
        edition_token: DEMO_DRAFT_TOKEN,
        owner_id: uid('recruiter'),
        published_offer_id: null,
        offer_json: {
          title: 'Chef de rang',
          company_name: COMPANIES.maison.company_name,
          company_description: COMPANIES.maison.company_description,
          description: 'Service du midi et du soir dans notre nouvelle adresse du Marais, en binôme avec un commis de salle.',
          location: { ...SHOPS[0].address, country: 'France', country_iso: 'FR' },
          contract_type: 'cdi',
          tags: ['restauration'],
          lang: 'fr',
        },
        created_at: ago(2 * HOUR),
        updated_at: ago(1 * HOUR),
      },
    ],
    o,
  );
}

/** The demo's the paid subscription and its seat. */
async function insertSubscriptions({ o, ago, now }: DemoRun): Promise<void> {
  await Subscription.bulkCreate(
    [
      {
        id: 1,
        sub_id: SUBSCRIPTION_ID,
        user_id: uid('manager'),
        plan_id: 'franchise_demo',
        quantity: 3,
        state: 'payed',
        billing_company_name: 'Maison Demo SAS',
        billing_email: 'compta@demo.test',
        billing_firstname: 'Claire',
        billing_lastname: 'Dubois',
        hpid: null,
        expires_at: new Date(now + 335 * DAY),
        created_at: ago(30 * DAY),
        updated_at: ago(30 * DAY),
      },
    ],
    o,
  );
  await SubscriptionRecruiter.bulkCreate(
    [
      // A seat gives the control tower (decision 240): recruiter@demo.test stays the demo's plain
      // recruiter, without a seat.
      { id: 2, subscription_id: 1, recruiter_id: uid('recruiterBastille'), created_at: ago(29 * DAY) },
    ],
    o,
  );
}

async function insertDemo(t: Transaction, ago: (ms: number) => Date, now: number, hash: string, stories: Set<string>, cvSizes: Map<number, number>, keys: DemoKeys): Promise<void> {
  const run: DemoRun = { o: { transaction: t }, ago, now, hash, stories, cvSizes, keys };
  for (const part of [insertPeople, insertShopsAndTemplates, insertOffers, insertApplications, insertLeads, insertSharing, insertInvitations, insertDrafts, insertSubscriptions]) await part(run);
  // The counters come from the rows just written, by their one definition.
  await recountUsers(
    USERS.map((u) => uid(u.key)),
    t,
  );
  await recountOffers(
    OFFERS.map((x) => x.id),
    t,
  );
}
