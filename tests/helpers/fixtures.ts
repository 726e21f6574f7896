// The one place tests build their records: users, offers with questions, applications with answers,
// wishlist entries, landings, shops, drafts, share links, uploads and landing leads. Each call makes
// fresh, unique rows; any column can be given, the rest get plain defaults. Records that carry
// counters are written as the services write them: the counters of the users they touch are
// recomputed by recountUsers (the one definition of the counters).
import crypto from 'node:crypto';
import type { CreationAttributes } from 'sequelize';
import type { Express } from 'express';
import request from 'supertest';
import {
  Application,
  ApplicationAnswer,
  CustomLanding,
  DraftOffer,
  LandingInterest,
  ManagerRecruiter,
  Offer,
  OfferQuestion,
  ShareLink,
  Shop,
  SsoProvider,
  SsoProviderDomain,
  Upload,
  User,
  WishlistEntry,
  transaction,
} from '../../models/index.js';
import { recountOffers, recountUsers } from '../../api/services/applications/user-counters.service.js';
import { forgotPassword } from '../../api/services/identity/auth.service.js';
import type { MailMessage } from '../../api/integrations/mail.js';
import { bearer } from './auth.js';

const hex = (bytes: number) => crypto.randomBytes(bytes).toString('hex');
const idOf = (u: User | string) => (typeof u === 'string' ? u : u.id);
const recount = (ids: Array<string | null | undefined>, offerIds: number[] = []) =>
  transaction(async (t) => {
    await recountUsers(ids, t);
    await recountOffers(offerIds, t);
  });

/** A job code of the offers' alphabet (no I, O or U). */
const jobCode = () => crypto.randomBytes(4).toString('hex').toUpperCase().replace(/[IOU]/g, 'A').slice(0, 6);

/** A user (default: a candidate on the free plan, no password); any column can be given. */
export async function makeUser(attrs: Partial<CreationAttributes<User>> = {}): Promise<User> {
  const id = attrs.id ?? crypto.randomUUID();
  return User.create({
    email: `${id.slice(0, 8)}@example.test`,
    name: `User ${id.slice(0, 4)}`,
    profile: 'candidate',
    is_admin: false,
    user_plan: 'free',
    ...attrs,
    id,
  });
}

export const DEFAULT_QUESTIONS = ['Présentez-vous.', 'Pourquoi ce poste ?', 'Vos disponibilités ?'];

/** The address offers and shops of the fixtures have unless told. */
const LILLE = { street: null, city: 'Lille', zip_code: '59000', area: null, sub_area: null, country: 'France', country_iso: 'FR', lat: null, lng: null };

/**
 * An offer of this recruiter (a user or an id) with its questions (q1, q2, ... in order; stored
 * last first, so that a reader who forgets to order by position is caught). The recruiter's
 * counters are recomputed.
 */
export async function makeOffer(recruiter: User | string, attrs: Partial<CreationAttributes<Offer>> & { questions?: string[] } = {}): Promise<Offer> {
  const { questions = DEFAULT_QUESTIONS, ...columns } = attrs;
  const offer = await Offer.create({
    job_code: jobCode(),
    created_by_id: null,
    shop_id: null,
    shopname: null,
    title: 'Vendeur H/F',
    company_name: 'Boulangeries Martin',
    company_hash: null,
    company_picture: null,
    company_description: null,
    description: 'Accueil et vente en boutique.',
    candidate_qualification: null,
    candidate_experience: null,
    candidate_graduation: null,
    contract_type: 'cdi',
    tags: null,
    start_date: null,
    pay_min: null,
    pay_max: null,
    ...LILLE,
    state: 'available',
    boosted_at: null,
    ...columns,
    recruiter_id: idOf(recruiter),
  });
  const rows = questions.map((question, i) => ({ offer_id: offer.id, qid: `q${i + 1}`, position: i + 1, question }));
  await OfferQuestion.bulkCreate(rows.reverse());
  await recount([offer.recruiter_id]);
  return offer;
}

/**
 * A candidate's application to an offer: one answer per question of the offer, `answered` (qids,
 * default all) recorded in the app and done, the others empty; its wishlist entry (done, or
 * applying while the application is); the counters of the candidate and the recruiter recomputed.
 */
export async function makeApplication(
  candidate: User | string,
  offer: Offer,
  opts: { answered?: string[]; state?: 'applying' | 'complete'; recruiter_state?: 'new' | 'view'; cv_key?: string | null } = {},
): Promise<Application> {
  const state = opts.state ?? 'complete';
  const application = await Application.create({
    candidate_id: idOf(candidate),
    offer_id: offer.id,
    recruiter_id: offer.recruiter_id,
    state,
    recruiter_state: opts.recruiter_state ?? 'view',
    start_date: new Date(Date.now() - 3600_000),
    submit_date: state === 'applying' ? null : new Date(),
    cv_key: opts.cv_key ?? null,
  });
  // Story folders are random, as the app names them (docs/decisions/085-private-media-signed-urls.md).
  const folder = `story/${hex(16)}`;
  const questions = await OfferQuestion.findAll({ where: { offer_id: offer.id }, order: [['position', 'ASC']] });
  const answered = opts.answered ?? questions.map((q) => q.qid);
  await ApplicationAnswer.bulkCreate(
    questions.map((q) => {
      const done = answered.includes(q.qid);
      return {
        application_id: application.id,
        qid: q.qid,
        position: q.position,
        question: q.question,
        upload_path: done ? `${folder}/${q.qid}/index.m3u8` : null,
        method: done ? 'app' : null,
        state: done ? 'done' : null,
      };
    }),
  );
  await WishlistEntry.create({ candidate_id: idOf(candidate), offer_id: offer.id, state: state === 'applying' ? 'applying' : 'done' });
  await recount([idOf(candidate), offer.recruiter_id], [offer.id]);
  return application;
}

/** Sets columns of an application directly (a state the test needs); its users' and offer's counters recomputed. */
export async function updateApplication(application: Application, fields: Partial<CreationAttributes<Application>>): Promise<void> {
  await Application.update(fields, { where: { id: application.id } });
  await recount([application.candidate_id, application.recruiter_id], [application.offer_id]);
}

/** A candidate's wishlist entry (pending unless told); the candidate's counters recomputed. */
export async function makeWishlistEntry(candidate: User | string, offer: Offer, state: WishlistEntry['state'] = 'pending'): Promise<WishlistEntry> {
  const entry = await WishlistEntry.create({ candidate_id: idOf(candidate), offer_id: offer.id, state });
  await recount([idOf(candidate)]);
  return entry;
}

/** Puts recruiters in a manager's list (the manager may be one of them). */
export async function addToTeam(manager: User | string, ...recruiters: Array<User | string>): Promise<void> {
  await ManagerRecruiter.bulkCreate(recruiters.map((r) => ({ manager_id: idOf(manager), recruiter_id: idOf(r) })));
}

/** A SAML identity provider with the email domains it signs in. */
export async function makeSsoProvider(attrs: Partial<CreationAttributes<SsoProvider>> = {}, domains: string[] = []): Promise<SsoProvider> {
  const provider = await SsoProvider.create({
    identifier: `sso${hex(3)}`,
    name: 'Entreprise SSO',
    entry_point: 'http://127.0.0.1:9/saml/sso',
    idp_issuer: null,
    idp_cert: 'MIIBplaceholdercertificate',
    default_profile: 'recruiter',
    ...attrs,
  });
  for (const domain of domains) await SsoProviderDomain.create({ sso_provider_id: provider.id, domain });
  return provider;
}

/** A custom landing page; its company (company_hash) is its name unless given. */
export async function makeLanding(attrs: Partial<CreationAttributes<CustomLanding>> = {}): Promise<CustomLanding> {
  const name = attrs.name ?? `Enseigne ${hex(3)}`;
  return CustomLanding.create({
    identifier: `land-${hex(3)}`,
    company_hash: name,
    select_description: null,
    informations_description: null,
    logo_src: null,
    ...attrs,
    name,
  });
}

/** A shop of a manager (in Lille unless told). */
export async function makeShop(manager: User | string, attrs: Partial<CreationAttributes<Shop>> = {}): Promise<Shop> {
  return Shop.create({
    shopname: `Boutique ${hex(2)}`,
    recruiter_id: null,
    ...LILLE,
    ...attrs,
    manager_id: idOf(manager),
  });
}

/** A complete offer form, as the public editor sends it to publish a draft. */
export function offerForm(): Record<string, unknown> {
  return {
    title: 'Équipier polyvalent (H/F)',
    company_picture: 'picture/1a2b3c4d.png',
    company_name: 'Burger Gare du Nord',
    company_description: 'Restaurant franchisé de 30 personnes.',
    description: 'Préparation des commandes, service au comptoir, entretien de la salle.',
    location: {
      lat: 48.88,
      lng: 2.355,
      street: '18 rue de Dunkerque',
      city: 'Paris',
      zip_code: '75010',
      area: 'Île-de-France',
      sub_area: 'Paris',
      country: 'France',
      country_iso: 'FR',
    },
    contract_type: 'cdi',
    tags: ['restauration_rapide'],
    start_date: '2031-03-15',
    candidate_experience: 'none',
    candidate_graduation: 'no_care',
    candidate_qualification: 'Sourire et ponctualité.',
    pay_min: 1800,
    pay_max: 1900,
    pay_currency: 'EUR',
    pay_period: 'month',
    questions: [
      { id: 'q1', question: 'Présentez-vous en une minute.' },
      { id: 'q2', question: 'Pourquoi la restauration rapide ?' },
      { id: 'q3', question: 'Quelles sont vos disponibilités ?' },
    ],
    lang: 'fr',
  };
}

/** A draft offer (the public editor's record), owned by a user or by nobody. */
export async function makeDraft(owner: User | string | null, attrs: Partial<CreationAttributes<DraftOffer>> = {}): Promise<DraftOffer> {
  return DraftOffer.create({
    edition_token: hex(16),
    offer_json: {},
    published_offer_id: null,
    ...attrs,
    owner_id: owner === null ? null : idOf(owner),
  });
}

/**
 * An offer published from `owner`'s draft by whoever holds its link, as the wizard publishes it:
 * POST /apis/draft-offer/{token} with the whole form, signed in as `publisher` (a bearer session)
 * or anonymously (null). Answers the offer and the draft.
 */
export async function publishDraftAs(app: Express, owner: User | string, publisher: User | null, form: Record<string, unknown> = offerForm()): Promise<{ offer: Offer; draft: DraftOffer }> {
  const draft = await makeDraft(owner);
  let req = request(app).post(`/apis/draft-offer/${draft.edition_token}`);
  if (publisher) req = req.set(await bearer(publisher));
  const res = await req.send(form);
  if (res.status !== 200) throw new Error(`publishing the draft answered ${res.status} ${JSON.stringify(res.body)}`);
  const offer = await Offer.findOne({ where: { job_code: res.body.Item.job_code }, rejectOnEmpty: true });
  return { offer, draft: await draft.reload() };
}

export async function makeShareLink(application: Application, sharedBy: User | null, attrs: Partial<{ views: number; max_views: number }> = {}): Promise<ShareLink> {
  return ShareLink.create({
    share_id: crypto.randomBytes(18).toString('base64url'),
    application_id: application.id,
    shared_by_id: sharedBy?.id ?? null,
    ...attrs,
  });
}

export async function makeUpload(kind: 'cv' | 'image', attrs: Partial<CreationAttributes<Upload>> = {}): Promise<Upload> {
  const ext = kind === 'cv' ? 'pdf' : 'png';
  return Upload.create({
    key: `picture/${hex(16)}.${ext}`,
    kind,
    content_type: kind === 'cv' ? 'application/pdf' : 'image/png',
    size: 1234,
    owner_id: null,
    ...attrs,
  });
}

let leadSeq = 0;

/** A lead left on a landing page (interest form). */
export async function makeLead(attrs: Partial<CreationAttributes<LandingInterest>> = {}): Promise<LandingInterest> {
  return LandingInterest.create({
    email: `lead${++leadSeq}@example.test`,
    job_code: 'ABC12',
    offer_id: null,
    firstname: 'Léa',
    lastname: 'Durand',
    phone_number: '0612345678',
    accept_cgu: true,
    cv_key: null,
    cgu_from: 'landing',
    custom: null,
    notif: 2,
    notified_at: null,
    user_id: null,
    ...attrs,
  });
}

/**
 * A valid password reset code for this user, issued as the forgot-password service issues it
 * (the mail is caught instead of sent, and the code read from its link).
 */
export async function makeResetCode(user: User): Promise<string> {
  const sent: MailMessage[] = [];
  await forgotPassword(
    { email: user.email },
    {
      ip: `fixtures-${hex(4)}`,
      now: new Date(),
      publicUrl: 'http://127.0.0.1',
      mailer: { send: async (m) => void sent.push(m) },
      onMailError: (e) => {
        throw e;
      },
    },
  );
  // The service hands the mail to the mailer before it returns (the sending itself is not awaited).
  const link = sent.map((m) => /\/reset-password\/[^/\s]+\/([A-Za-z0-9_-]+)/.exec(m.text)).find(Boolean);
  if (!link) throw new Error(`no reset mail for ${user.email}`);
  return link[1];
}
