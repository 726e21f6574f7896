// The authorization matrix: one line per API route, saying the EXACT status each kind of caller gets.
// tests/api/authz-matrix.test.ts reads the app's own route table and fails for any route with no
// line here (and prints the line to add). Adding a route = adding one line below.
//
// expect: the status of each caller. Name callers one by one, or give `others` for everyone not
// named; every caller must end up with one number. The route is called on records that exist
// (fixtures below), so a route that answers 404 to everyone shows as such and cannot pass for
// "allowed". Callers are tried in the order of CALLERS (staff last): a line whose call changes
// the record (delete, publish) gives the record's final state to the last caller.
// path: the concrete address (default: each `:name` replaced by fixtures.ids[name]).
// body: what to send (default: nothing); file: a file sent as the multipart field `file`.
// A route with several interesting calls (one per resource, say) takes a list of cases.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import { AnswerUpload, ApplicationAnswer, Invitation, Meeting, Subscription, Template, WishlistEntry, type Application, type User } from '../../models/index.js';
import { hashPassword } from '../../api/auth/passwords.js';
import { createInvitationLinks } from '../../api/services/invitations/invitation-links.js';
import { createApiKey } from '../../api/services/accounts/api-keys.service.js';
import { API_KEY_SCOPES } from '../../models/rules/api-keys.js';
import type { Settings } from '../../config/settings.js';
import { PDF, PNG } from '../helpers/files.js';
import {
  addToTeam,
  makeApplication,
  makeDraft,
  makeLanding,
  makeLead,
  makeOffer,
  makeResetCode,
  makeShop,
  makeShareLink,
  makeSsoProvider,
  makeUser,
  makeWishlistEntry,
  offerForm,
  publishDraftAs,
} from '../helpers/fixtures.js';

/**
 * linkHolder: a manager of a third company who was handed the recruiter's draft link and published
 * the fixtures' offer with it (issue 22): publishing grants nothing, so they reach no more than
 * otherManager does.
 */
export const CALLERS = ['anonymous', 'candidate', 'recruiter', 'otherRecruiter', 'manager', 'otherManager', 'linkHolder', 'admin'] as const;
export type CallerName = (typeof CALLERS)[number];

/** Exact statuses: one per caller named, `others` for every caller not named. */
export type Statuses = Partial<Record<CallerName | 'others', number>>;

export interface Fixtures {
  users: Record<Exclude<CallerName, 'anonymous'>, User>;
  /** Ids of records the routes are called with, by parameter name (and a few more, see makeFixtures). */
  ids: Record<string, string | number>;
}

export interface Case {
  path?: (f: Fixtures) => string;
  body?: (f: Fixtures, caller: CallerName) => Record<string, unknown>;
  file?: { filename: string; contentType: string; content: Buffer };
  /** Request headers besides the caller's (e.g. the tus protocol's). */
  headers?: (f: Fixtures) => Record<string, string>;
  expect: Statuses;
}

// The usual shapes, for reading the table at a glance.
const ALL = (status: number): Statuses => ({ others: status });
/** Signed-in callers get `status`, anonymous 401. */
const SIGNED_IN = (status: number): Statuses => ({ anonymous: 401, others: status });
/** Staff gets `status`; anonymous 401, everyone else 403. */
const STAFF = (status: number): Statuses => ({ anonymous: 401, others: 403, admin: status });
/** Company users (recruiters, managers, staff) get `status`; anonymous 401, candidates 403. */
const COMPANY = (status: number): Statuses => ({ anonymous: 401, candidate: 403, others: status });
/** Any manager (their own rows) and staff get `status`; recruiters and candidates 403. */
const MANAGERS = (status: number): Statuses => ({ anonymous: 401, candidate: 403, recruiter: 403, otherRecruiter: 403, others: status });
/** A record of `manager`'s company: that manager and staff get `status`, the other managers 404 (not seen), others 403. */
const MANAGERS_RECORD = (status: number): Statuses => ({ ...MANAGERS(status), otherManager: 404, linkHolder: 404 });
/**
 * The manager area's own calls (requireManager): users counting as managers only; staff who do not
 * (the `admin` fixture: a recruiter profile on the free plan) are refused like anyone (decision 340).
 */
const MANAGER_AREA = (status: number): Statuses => ({ ...MANAGERS(status), admin: 403 });
const MANAGER_AREA_RECORD = (status: number): Statuses => ({ ...MANAGERS_RECORD(status), admin: 403 });
/**
 * A record of `recruiter` (fixtures; their offer was published by linkHolder from their draft) and
 * its candidates: that recruiter, their manager and staff get `status`; the other companies and the
 * link holder 404 (not seen); candidates 403.
 */
const RECRUITERS_OFFER = (status: number): Statuses => ({ anonymous: 401, candidate: 403, otherRecruiter: 404, otherManager: 404, linkHolder: 404, others: status });

const TEMPLATE_CONTENT = { title: 'Vendeur', company_name: 'Maison', company_description: 'Boulangerie', description: 'Vente', candidate_qualification: 'Souriant' };
const shopBody = (recruiterId: string | undefined) => ({
  type: 'shop',
  content: { shopname: 'Boutique Matrice', address: { street: '1 rue Matrice', zip_code: '59000', city: 'Lille' } },
  recruiter_id: recruiterId,
});

export const MATRIX: Record<string, Case | Case[]> = {
  'GET /apis/health': { expect: ALL(200) },
  // The API's reference (decision 486): public.
  'GET /apis/openapi.json': { expect: ALL(200) },
  'POST /apis/auth/login': { body: (f) => ({ email: f.ids.loginEmail, password: 'motdepasse1' }), expect: ALL(200) },
  'POST /apis/auth/logout': { expect: ALL(204) },
  'GET /apis/auth/me': { expect: SIGNED_IN(200) },
  'GET /apis/custom-authorizer': { expect: SIGNED_IN(200) },
  // Self-service privacy (decision 168): the caller's own data only, candidates only. The deletion
  // is called unconfirmed (400 for the candidate) so that the fixtures survive; privacy.test.ts deletes.
  'GET /apis/privacy/export': { expect: { anonymous: 401, candidate: 200, others: 403 } },
  'POST /apis/privacy/delete': { body: () => ({ confirm: false }), expect: { anonymous: 401, candidate: 400, others: 403 } },
  'PATCH /apis/auth/me': { body: () => ({ name: 'Nom Matrice' }), expect: SIGNED_IN(200) },
  // One address per caller: the route limits how often one address is asked for.
  'POST /apis/auth/forgot-password': { body: (_f, caller) => ({ email: `${caller.toLowerCase()}-forgot@matrix.test` }), expect: ALL(200) },
  // Each caller uses a valid mailed code of its own account to reset (fixtures): the route is public.
  // Anyone may ask for a code (one address each: the route limits mails per address); a wrong
  // code answers 400 to everyone (tests/api/email-code.test.ts covers the right one).
  'POST /apis/auth/email-code': { body: (_f, caller) => ({ email: `${caller.toLowerCase()}-code@matrix.test` }), expect: ALL(200) },
  'POST /apis/auth/email-code/verify': { body: (_f, caller) => ({ email: `${caller.toLowerCase()}-code@matrix.test`, code: '000000' }), expect: ALL(400) },
  'POST /apis/auth/reset-password': {
    body: (f, caller) => ({ user_id: f.ids[`reset:${caller}`], code: f.ids[`resetCode:${caller}`], password: 'motdepasse2' }),
    expect: ALL(200),
  },
  'POST /apis/admin/recruiters': {
    body: (_f, caller) => ({ name: 'Julie Martin', email: `julie-${caller}@matrix.test`, password: 'motdepasse1' }),
    expect: STAFF(201),
  },
  'POST /apis/sso-get-identifier': { body: (f) => ({ email: `lea@${f.ids.ssoDomain}` }), expect: ALL(200) },
  'GET /apis/sso/:identifier/metadata': { expect: ALL(200) },
  'GET /apis/sso/:identifier/login': { expect: ALL(302) },
  // No SAML response: everyone reaches the check of the identity provider's answer.
  'POST /apis/sso/:identifier/acs': { expect: ALL(400) },
  // Staff console: one case per resource where the roles differ. Rows are scoped: recruiter's
  // offer is seen by recruiter, their manager and staff; the other company gets 404 as if it
  // did not exist (more scoping: tests/api/console.test.ts).
  'GET /apis/console/:resource': [
    { path: () => '/apis/console/users', expect: STAFF(200) },
    { path: () => '/apis/console/offers', expect: COMPANY(200) },
    { path: () => '/apis/console/applications', expect: SIGNED_IN(200) },
    { path: () => '/apis/console/wishlists', expect: { anonymous: 401, candidate: 200, admin: 200, others: 403 } },
    // A manager's company records: any manager lists their own; recruiters and candidates are refused.
    { path: () => '/apis/console/shops', expect: MANAGERS(200) },
    { path: () => '/apis/console/subscriptions', expect: MANAGERS(200) },
    // The manager area's tables: every company user lists their own reach.
    { path: () => '/apis/console/manager-offers', expect: COMPANY(200) },
    { path: () => '/apis/console/offer-applications', expect: COMPANY(200) },
    { path: () => '/apis/console/invitations', expect: COMPANY(200) },
    // API keys (decision 485): each manager their own company's, staff all; recruiters none.
    { path: () => '/apis/console/api-keys', expect: MANAGERS(200) },
    // Webhooks (decision 480): managers (their own) and staff; recruiters none.
    { path: () => '/apis/console/webhook-endpoints', expect: MANAGERS(200) },
    { path: () => '/apis/console/webhook-deliveries', expect: MANAGERS(200) },
  ],
  'POST /apis/console/:resource': {
    path: () => '/apis/console/custom-landings',
    body: (_f, caller) => ({ identifier: `matrix-${caller.toLowerCase()}`, name: 'Enseigne Matrice' }),
    expect: STAFF(201),
  },
  'GET /apis/console/:resource/:id': [
    { path: (f) => `/apis/console/users/${f.users.candidate.id}`, expect: STAFF(200) },
    { path: (f) => `/apis/console/offers/${f.ids.offer}`, expect: RECRUITERS_OFFER(200) },
    // Managers reach applications as recruiters (their own): the declaration gives them no wider role.
    {
      path: (f) => `/apis/console/applications/${f.ids.application}`,
      expect: { anonymous: 401, candidate: 200, recruiter: 200, admin: 200, others: 404 },
    },
    { path: (f) => `/apis/console/wishlists/${f.ids.wishlist}`, expect: { anonymous: 401, candidate: 200, admin: 200, others: 403 } },
    { path: (f) => `/apis/console/shops/${f.ids.shop}`, expect: MANAGERS_RECORD(200) },
    { path: (f) => `/apis/console/subscriptions/${f.ids.subscription}`, expect: MANAGERS_RECORD(200) },
    { path: (f) => `/apis/console/templates/${f.ids.template}`, expect: MANAGERS_RECORD(200) },
    { path: (f) => `/apis/console/manager-offers/${f.ids.offer}`, expect: RECRUITERS_OFFER(200) },
    { path: (f) => `/apis/console/offer-applications/${f.ids.application}`, expect: RECRUITERS_OFFER(200) },
    { path: (f) => `/apis/console/api-keys/${f.ids.apiKey}`, expect: MANAGERS_RECORD(200) },
  ],
  'PUT /apis/console/:resource/:id': [
    { path: (f) => `/apis/console/users/${f.users.candidate.id}`, body: () => ({ name: 'Candidat Matrice' }), expect: STAFF(200) },
    { path: (f) => `/apis/console/offers/${f.ids.offer}`, body: () => ({ city: 'Roubaix' }), expect: RECRUITERS_OFFER(200) },
    { path: (f) => `/apis/console/shops/${f.ids.shop}`, body: () => ({ shopname: 'Boutique Matrice' }), expect: MANAGERS_RECORD(200) },
  ],
  'DELETE /apis/console/:resource/:id': [
    { path: (f) => `/apis/console/custom-landings/${f.ids.doomedLanding}`, expect: STAFF(200) },
    { path: (f) => `/apis/console/wishlists/${f.ids.doomedWishlist}`, expect: STAFF(200) },
  ],
  'POST /apis/console/:resource/:id/:action': [
    { path: (f) => `/apis/console/users/${f.users.candidate.id}/contact`, body: () => ({ actions: ['sms'] }), expect: STAFF(200) },
    { path: (f) => `/apis/console/applications/${f.ids.halfApplication}/reset`, expect: STAFF(200) },
    // A seat of the manager's subscription for their recruiter: the owner and staff (the same rule as POST /apis/subscription/:id/recruiters).
    // (A recruiter of the team who calls nothing: a seat gives the control tower, decision 240.)
    { path: (f) => `/apis/console/subscriptions/${f.ids.subscription}/seats`, body: (f) => ({ add: f.ids.seatRecruiter }), expect: MANAGERS_RECORD(200) },
    // A lead's message again (decision 165): staff only.
    { path: (f) => `/apis/console/landings/${f.ids.leadForCard}/resend`, expect: STAFF(200) },
    // A key of the manager's company revoked (again: unchanged, 200); the other companies do not see it.
    { path: (f) => `/apis/console/api-keys/${f.ids.doomedApiKey}/revoke`, expect: MANAGERS_RECORD(200) },
  ],
  // Lead resends (decision 165): staff only, refused before anything changes. The single resend
  // names the lead by the spec's keys; the bulk one resends the leads a console filter selects.
  'POST /apis/resend-interest-notif': { body: (f) => ({ Pk: f.ids.leadEmail, Sk: f.ids.leadJobCode }), expect: STAFF(202) },
  'POST /apis/console/landings/resend': { body: (f) => ({ filter: { id: [f.ids.leadForBulk] } }), expect: STAFF(202) },
  'DELETE /apis/delete-user': { path: (f) => `/apis/delete-user?user=${f.ids.doomedUser}`, expect: STAFF(200) },
  'GET /apis/job-interest': { expect: STAFF(200) },
  // Offers as Items: staff all, recruiters their own, managers their recruiters' (scoped rows).
  'GET /apis/offer': { expect: COMPANY(200) },
  // Public pages' calls (public-web.md section 7): anyone, the draft's edition token is the key.
  'GET /apis/config': { expect: ALL(200) },
  'GET /apis/config/:lang': { expect: ALL(200) },
  'GET /apis/list-offers/:job_code': { expect: ALL(200) },
  'GET /apis/landing-config/:customer': { expect: ALL(200) },
  'GET /apis/qrcode': { expect: ALL(200) },
  'POST /apis/submit-interest': {
    body: (f, caller) => ({
      job_code: f.ids.job_code,
      email: `${caller.toLowerCase()}-lead@matrix.test`,
      phone_number: '+33 6 12 34 56 78',
      firstname: 'Léa',
      lastname: 'Dupont',
      accept_cgu: true,
      use_cv: false,
    }),
    expect: ALL(201),
  },
  'GET /apis/share-apply/:share_id': { expect: ALL(200) },
  // A draft being written, and the one linkHolder published (fixtures): the link still reads it,
  // but saving or publishing a published draft is refused to everyone (409 draft_published).
  'GET /apis/draft-offer/:edition_token': [{ expect: ALL(200) }, { path: (f) => `/apis/draft-offer/${f.ids.publishedToken}`, expect: ALL(200) }],
  'PUT /apis/draft-offer/:edition_token': [
    { body: () => ({ title: 'Serveur H/F' }), expect: ALL(200) },
    { path: (f) => `/apis/draft-offer/${f.ids.publishedToken}`, body: () => ({ title: 'Serveur H/F' }), expect: ALL(409) },
  ],
  // Publishing with the whole form: whoever holds the link publishes once (anonymous comes first),
  // after which the link publishes no more.
  'POST /apis/draft-offer/:edition_token': [
    { path: (f) => `/apis/draft-offer/${f.ids.toPublishToken}`, body: () => offerForm(), expect: { anonymous: 200, others: 409 } },
    { path: (f) => `/apis/draft-offer/${f.ids.publishedToken}`, body: () => offerForm(), expect: ALL(409) },
  ],
  'POST /apis/upload/cv': { file: { filename: 'cv.pdf', contentType: 'application/pdf', content: PDF }, expect: ALL(201) },
  // Company users start drafts and upload logos; candidates do not.
  'POST /apis/draft-offer': { expect: COMPANY(201) },
  'POST /apis/upload/image': { file: { filename: 'logo.png', contentType: 'image/png', content: PNG }, expect: SIGNED_IN(201) },
  // Asking for a share link of recruiter's candidate: that recruiter, their manager, staff; the
  // other company is refused.
  // The signed addresses of an application's CV and stories: its candidate, the offer's recruiter,
  // their manager and staff; the other company is told it does not exist.
  'GET /apis/applications/:application_id/media': { path: (f) => `/apis/applications/${f.ids.application}/media`, expect: { ...RECRUITERS_OFFER(200), candidate: 200 } },
  'GET /apis/applications/:application_id/feedback': { path: (f) => `/apis/applications/${f.ids.application}/feedback`, expect: { ...RECRUITERS_OFFER(200), candidate: 404 } },
  // Subscriptions (issue 13): taking one is for recruiter and manager accounts; billing_informations
  // (anonymous too) and the other actions: tests/api/subscriptions.test.ts.
  // The matrix app has no Stripe keys: who may take one gets 503 payments_not_configured, and
  // nothing is stored (decision 243).
  'POST /apis/subscription': {
    body: (_f, caller) => ({ action: 'sub_register', sub_plan_id: 'franchise_demo', sub_quantity: 2, email: `${caller.toLowerCase()}-sub@matrix.test` }),
    expect: COMPANY(503),
  },
  // The manager's paid subscription: its owner (and staff) give a seat to a team recruiter, then free it.
  'POST /apis/subscription/:id/recruiters': {
    path: (f) => `/apis/subscription/${f.ids.subscriptionSubId}/recruiters`,
    body: (f) => ({ recruiter_id: f.ids.seatRecruiter }),
    expect: { anonymous: 401, manager: 201, admin: 201, others: 404 },
  },
  // The new recruiter form (decision 241): an account, its seat and its point of sale, for the owner and staff.
  'POST /apis/subscription/:id/recruiters/new': {
    path: (f) => `/apis/subscription/${f.ids.subscriptionSubId}/recruiters/new`,
    body: (_f, caller) => ({
      name: 'Nouveau Vendeur',
      email: `seat-${caller.toLowerCase()}-${Date.now()}@matrix.test`,
      password: 'motdepasse1',
      shopname: 'PDV',
      street: '2 rue Matrice',
      zip_code: '59000',
      city: 'Lille',
    }),
    expect: { anonymous: 401, manager: 201, admin: 201, others: 404 },
  },
  // Billing self-service (decision 242): the owner and staff; without Stripe keys 503.
  'POST /apis/subscription/:id/billing-portal': {
    path: (f) => `/apis/subscription/${f.ids.subscriptionSubId}/billing-portal`,
    expect: { anonymous: 401, manager: 503, admin: 503, others: 404 },
  },
  'GET /apis/subscription/:id/invoices': {
    path: (f) => `/apis/subscription/${f.ids.subscriptionSubId}/invoices`,
    expect: { anonymous: 401, manager: 503, admin: 503, others: 404 },
  },
  'DELETE /apis/subscription/:id/recruiters/:recruiterId': {
    path: (f) => `/apis/subscription/${f.ids.subscriptionSubId}/recruiters/${f.ids.seatRecruiter}`,
    // Staff comes last and finds the seat already freed by the manager.
    expect: { anonymous: 401, manager: 200, others: 404 },
  },
  // Stripe signs its calls, whoever the caller: the matrix app has no STRIPE_WEBHOOK_SECRET, so every
  // delivery is refused as not configured (signed deliveries: tests/api/subscriptions.test.ts).
  'POST /apis/stripe/webhook': { body: () => ({ id: 'evt_matrix', type: 'invoice.paid' }), expect: ALL(503) },
  // Candidates (back-office.md section 7): the dashboard's list for any company user (their own
  // reach); one offer's candidates and one candidate for the offer's recruiter, their manager and
  // staff, the other company 404 as if the offer did not exist.
  'GET /apis/application': { expect: COMPANY(200) },
  'GET /apis/application/:job_code': { path: (f) => `/apis/application/${f.ids.job_code}?fullStates=true`, expect: RECRUITERS_OFFER(200) },
  'GET /apis/application/:job_code/:candidate_sub': { path: (f) => `/apis/application/${f.ids.job_code}/${f.users.candidate.id}`, expect: RECRUITERS_OFFER(200) },
  // view -> shortlist for the first caller allowed; the others find it there already (unchanged, 200).
  'POST /apis/application/:job_code/:candidate_sub': {
    path: (f) => `/apis/application/${f.ids.job_code}/${f.users.candidate.id}`,
    body: () => ({ recruiter_state: 'shortlist' }),
    expect: RECRUITERS_OFFER(200),
  },
  // Giving a take back (decision 465): the offer's side of the application. The demo answer still has
  // its takes (unlimited retakes): the callers allowed get 409 takes_not_used_up, nothing changes.
  'GET /apis/take-backs': { path: (f) => `/apis/take-backs?application_id=${f.ids.uploadApplication}`, expect: RECRUITERS_OFFER(200) },
  'POST /apis/take-backs': { body: (f) => ({ application_id: Number(f.ids.uploadApplication), qid: 'q1' }), expect: RECRUITERS_OFFER(409) },
  // The manager area (back-office.md section 7): managers (staff only when they count as managers:
  // decision 340), each on their own company's records; ?user=me answers any signed-in account (the
  // console decides the menu from it).
  'GET /apis/manager': [
    { expect: MANAGER_AREA(200) },
    { path: () => '/apis/manager?user=me', expect: SIGNED_IN(200) },
    { path: (f) => `/apis/manager?user=${f.users.recruiter.id}`, expect: MANAGER_AREA_RECORD(200) },
  ],
  'GET /apis/user-templates': { path: () => '/apis/user-templates?filter-type=offer', expect: MANAGER_AREA(200) },
  'GET /apis/user-templates/:id': { path: (f) => `/apis/user-templates/${f.ids.template}`, expect: MANAGER_AREA_RECORD(200) },
  'POST /apis/user-templates': { body: () => ({ type: 'offer', content: TEMPLATE_CONTENT }), expect: MANAGER_AREA(201) },
  'POST /apis/user-templates/:id': { path: (f) => `/apis/user-templates/${f.ids.template}`, body: () => ({ type: 'offer', content: { title: 'Modèle matrice 2' } }), expect: MANAGER_AREA_RECORD(200) },
  'GET /apis/shops': { expect: MANAGER_AREA(200) },
  'GET /apis/shops/:id': { path: (f) => `/apis/shops/${f.ids.shop}`, expect: MANAGER_AREA_RECORD(200) },
  // Each caller's shop is run by themselves (a manager's own account is one of their recruiters).
  'POST /apis/shops': { body: (f, caller) => shopBody(caller === 'anonymous' ? undefined : f.users[caller].id), expect: MANAGER_AREA(201) },
  'POST /apis/shops/:id': { path: (f) => `/apis/shops/${f.ids.shop}`, body: () => ({ type: 'shop', content: { shopname: 'Boutique Matrice 2' } }), expect: MANAGER_AREA_RECORD(200) },
  'GET /apis/subscription': { expect: MANAGER_AREA(200) },
  'GET /apis/subscription/:id': { path: (f) => `/apis/subscription/${f.ids.subscription}`, expect: MANAGER_AREA_RECORD(200) },
  // Bulk creation: managers, from their own shop (the other manager's answers 404).
  'POST /apis/offer': { body: (f) => ({ ...offerForm(), shop_id: f.ids.shop }), expect: MANAGER_AREA_RECORD(201) },
  'POST /apis/offer/:job_code': { body: () => ({ active: true }), expect: RECRUITERS_OFFER(200) },
  // Each allowed caller boosts an offer of its own with its one booster (fixtures); the other company 404.
  'POST /apis/boost-offer': { body: (f, caller) => ({ job_code: f.ids[`boost:${caller}`] ?? f.ids['boost:recruiter'] }), expect: RECRUITERS_OFFER(200) },
  // Address autocomplete (decision 110): company users; candidates have no address to type.
  'GET /apis/address-search': { path: () => '/apis/address-search?q=paris', expect: COMPANY(200) },
  'POST /apis/share-apply': {
    body: (f) => ({ recruiter_id: f.users.recruiter.id, job_code: f.ids.job_code, candidate_id: f.users.candidate.id }),
    expect: { anonymous: 401, candidate: 403, recruiter: 200, manager: 200, admin: 200, otherRecruiter: 403, otherManager: 403, linkHolder: 403 },
  },
  // Video answers (docs/api/video-answers.md): the candidate's own application and uploads only.
  'POST /apis/candidate/applications': { body: (f) => ({ job_code: f.ids.job_code }), expect: { anonymous: 401, candidate: 200, others: 403 } },
  // The candidate's own applications (their page /candidate, decision 283).
  'GET /apis/candidate/applications': { expect: { anonymous: 401, candidate: 200, others: 403 } },
  'GET /apis/candidate/applications/:id': { path: (f) => `/apis/candidate/applications/${f.ids.uploadApplication}`, expect: { anonymous: 401, candidate: 200, others: 403 } },
  // A recording starts (decision 405): the candidate's own answer; the demo offer's retakes are unlimited.
  // A text or choice answer (decision 455): the candidate's own application; the demo offer's q3 is a video question (422 answer_type_mismatch).
  'PUT /apis/candidate/applications/:id/answers/:qid': {
    path: (f) => `/apis/candidate/applications/${f.ids.uploadApplication}/answers/q3`,
    body: () => ({ text: 'Oui' }),
    expect: { anonymous: 401, candidate: 422, others: 403 },
  },
  'POST /apis/candidate/applications/:id/answers/:qid/takes': {
    path: (f) => `/apis/candidate/applications/${f.ids.uploadApplication}/answers/q3/takes`,
    body: () => ({}),
    expect: { anonymous: 401, candidate: 201, others: 403 },
  },
  // tus: OPTIONS tells anyone what the server supports.
  'OPTIONS /apis/candidate/uploads': { expect: ALL(204) },
  'OPTIONS /apis/candidate/uploads/:uploadId': { path: (f) => `/apis/candidate/uploads/${f.ids.uploadId}`, expect: ALL(204) },
  'POST /apis/candidate/uploads': {
    headers: (f) => ({ 'Tus-Resumable': '1.0.0', 'Upload-Length': '1000', 'Upload-Metadata': tusMeta({ application_id: String(f.ids.uploadApplication), qid: 'q1' }) }),
    expect: { anonymous: 401, candidate: 201, others: 403 },
  },
  'HEAD /apis/candidate/uploads/:uploadId': { headers: () => ({ 'Tus-Resumable': '1.0.0' }), expect: { anonymous: 401, candidate: 200, others: 403 } },
  'PATCH /apis/candidate/uploads/:uploadId': {
    headers: () => ({ 'Tus-Resumable': '1.0.0', 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' }),
    expect: { anonymous: 401, candidate: 204, others: 403 },
  },
  'DELETE /apis/candidate/uploads/:uploadId': {
    path: (f) => `/apis/candidate/uploads/${f.ids.doomedUploadId}`,
    headers: () => ({ 'Tus-Resumable': '1.0.0' }),
    expect: { anonymous: 401, candidate: 204, others: 403 },
  },
  // Meeting room (docs/decisions/160-meeting-room.md): the fixtures' candidate applied to the
  // recruiter's offer; the current user of the path must be the caller.
  'GET /apis/meeting-flight/:recruiter/:candidate/:current': [
    { path: (f) => `/apis/meeting-flight/${f.users.recruiter.id}/${f.users.candidate.id}/${f.users.candidate.id}`, expect: { anonymous: 401, candidate: 200, others: 403 } },
    { path: (f) => `/apis/meeting-flight/${f.users.recruiter.id}/${f.users.candidate.id}/${f.users.recruiter.id}`, expect: { anonymous: 401, recruiter: 200, others: 403 } },
    { path: (f) => `/apis/meeting-flight/${f.users.recruiter.id}/${f.users.candidate.id}/${f.users.manager.id}`, expect: { anonymous: 401, manager: 200, others: 403 } },
    { path: (f) => `/apis/meeting-flight/${f.users.recruiter.id}/${f.users.candidate.id}/${f.users.admin.id}`, expect: { anonymous: 401, admin: 200, others: 403 } },
    // Whoever published the offer joins no meeting of its candidates.
    { path: (f) => `/apis/meeting-flight/${f.users.recruiter.id}/${f.users.candidate.id}/${f.users.linkHolder.id}`, expect: { anonymous: 401, others: 403 } },
  ],
  'GET /apis/meeting-signal/:recruiter/:candidate': {
    path: (f) => `/apis/meeting-signal/${f.users.recruiter.id}/${f.users.candidate.id}`,
    expect: { anonymous: 401, otherRecruiter: 403, otherManager: 403, linkHolder: 403, others: 200 },
  },
  // Meeting invitations (decision 290): both sides read the calls to come; the recruiter's side sends and cancels.
  'GET /apis/meeting-invite/:recruiter/:candidate': {
    path: (f) => `/apis/meeting-invite/${f.users.recruiter.id}/${f.users.candidate.id}`,
    expect: { anonymous: 401, otherRecruiter: 403, otherManager: 403, linkHolder: 403, others: 200 },
  },
  'POST /apis/meeting-invite/:recruiter/:candidate': {
    path: (f) => `/apis/meeting-invite/${f.users.recruiter.id}/${f.users.candidate.id}`,
    body: () => ({}),
    expect: { anonymous: 401, candidate: 403, otherRecruiter: 403, otherManager: 403, linkHolder: 403, others: 201 },
  },
  'DELETE /apis/meeting-invite/:recruiter/:candidate/:id': {
    // A call scheduled by the fixtures: the first of the recruiter's side to cancel it wins, the next ones are told it is already cancelled.
    path: (f) => `/apis/meeting-invite/${f.users.recruiter.id}/${f.users.candidate.id}/${f.ids.meeting}`,
    expect: { anonymous: 401, candidate: 403, otherRecruiter: 403, otherManager: 403, linkHolder: 403, recruiter: 200, others: 409 },
  },
  // Interview invitations (decision 430): the offer's side invites (another company: 404, the
  // offer is not theirs to know); managers and staff set the reminder times; the links need no
  // sign-in and a forged token opens nothing.
  'POST /apis/invitations/check': { body: () => ({ csv: 'Léa,Dupont,lea@matrix.test' }), expect: { anonymous: 401, candidate: 403, others: 200 } },
  'POST /apis/invitations': {
    body: (f, caller) => ({
      job_code: f.ids.job_code,
      deadline: new Date(Date.now() + 3 * 24 * 3600_000).toISOString(),
      rows: [{ first_name: 'Léa', last_name: 'Dupont', email: `${caller.toLowerCase()}-invite@matrix.test` }],
    }),
    expect: { anonymous: 401, candidate: 403, otherRecruiter: 404, otherManager: 404, linkHolder: 404, others: 201 },
  },
  'GET /apis/invitations/settings': { expect: { anonymous: 401, candidate: 403, others: 200 } },
  'PUT /apis/invitations/settings': { body: () => ({ reminder_hours: '48, 24' }), expect: { anonymous: 401, candidate: 403, recruiter: 403, otherRecruiter: 403, others: 200 } },
  'GET /apis/invitation-link/:token': { path: (f) => `/apis/invitation-link/${f.ids.invitationLink}`, expect: ALL(303) },
  'GET /apis/invitation-unsubscribe/:token': { path: (f) => `/apis/invitation-unsubscribe/${f.ids.invitationUnsubscribe}`, expect: ALL(200) },
  'POST /apis/invitation-unsubscribe/:token': { path: (f) => `/apis/invitation-unsubscribe/${f.ids.invitationUnsubscribe}`, expect: ALL(200) },
  'POST /apis/meeting-signal/:recruiter/:candidate': {
    path: (f) => `/apis/meeting-signal/${f.users.recruiter.id}/${f.users.candidate.id}`,
    body: () => ({ peer: 'matrix-page-1', type: 'state', data: { audio: true, video: true } }),
    expect: { anonymous: 401, otherRecruiter: 403, otherManager: 403, linkHolder: 403, others: 201 },
  },
};

/** Each caller's status from a line, or the reason the line is not exact. */
export function resolveStatuses(s: Statuses): Record<CallerName, number> | string {
  const out = {} as Record<CallerName, number>;
  for (const caller of CALLERS) {
    const status = s[caller] ?? s.others;
    if (status === undefined) return `no status for ${caller} (name it or give others)`;
    out[caller] = status;
  }
  return out;
}

/**
 * The callers and the records the routes are called with. `manager` (plan aplan) has `recruiter`
 * in their list; `otherManager` has `otherRecruiter`. Add the records your routes need to ids.
 */
const tusMeta = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** A tus upload in progress of one answer, as POST /apis/candidate/uploads leaves it (row + empty file). */
async function makeAnswerUpload(application: Application, qid: string, uploadDir: string): Promise<string> {
  const id = crypto.randomBytes(16).toString('hex');
  const answer = await ApplicationAnswer.findOne({ where: { application_id: application.id, qid }, rejectOnEmpty: true });
  const upload = { id, size: 1000, offset: 0, metadata: { application_id: String(application.id), qid }, creation_date: new Date().toISOString() };
  await AnswerUpload.create({
    id,
    application_id: application.id,
    answer_id: answer.id,
    candidate_id: application.candidate_id as string,
    size: 1000,
    upload_json: JSON.stringify(upload),
    state: 'uploading',
    error_code: null,
    source_key: null,
    duration_ms: null,
  });
  fs.mkdirSync(uploadDir, { recursive: true });
  fs.writeFileSync(path.join(uploadDir, id), '');
  return id;
}

export async function makeFixtures(options: { uploadDir: string; app: Express; settings: Settings }): Promise<Fixtures> {
  const tag = crypto.randomBytes(3).toString('hex');
  // The recruiter's company: its offers appear on this landing.
  const landing = await makeLanding();
  const users = {
    candidate: await makeUser({ profile: 'candidate', email: `cand-${tag}@matrix.test` }),
    recruiter: await makeUser({ profile: 'recruiter', customer_name: landing.name, email: `rec-${tag}@matrix.test` }),
    otherRecruiter: await makeUser({ profile: 'recruiter', email: `rec2-${tag}@matrix.test` }),
    manager: await makeUser({ profile: 'recruiter', user_plan: 'aplan', email: `man-${tag}@matrix.test` }),
    otherManager: await makeUser({ profile: 'manager', email: `man2-${tag}@matrix.test` }),
    linkHolder: await makeUser({ profile: 'manager', email: `holder-${tag}@matrix.test` }),
    admin: await makeUser({ profile: 'recruiter', is_admin: true, email: `adm-${tag}@matrix.test` }),
  };
  await addToTeam(users.manager, users.manager, users.recruiter);
  await addToTeam(users.otherManager, users.otherManager, users.otherRecruiter);
  const ssoDomain = `matrix-${tag}.test`;
  const provider = await makeSsoProvider({ name: 'Matrix Co' }, [ssoDomain]);
  const loginUser = await makeUser({ profile: 'candidate', email: `login-${tag}@matrix.test`, password_hash: await hashPassword('motdepasse1') });
  // The recruiter's offer, published from the recruiter's draft by the link holder: every line on it
  // and its candidate shows what publishing grants (nothing).
  const { offer, draft: publishedDraft } = await publishDraftAs(options.app, users.recruiter, users.linkHolder);
  const application = await makeApplication(users.candidate, offer);
  const share = await makeShareLink(application, users.recruiter);
  const wishlist = await WishlistEntry.findOne({ where: { candidate_id: users.candidate.id, offer_id: offer.id }, rejectOnEmpty: true });
  // An application with one answer of three, which staff may reset.
  const halfApplication = await makeApplication(await makeUser({ profile: 'candidate' }), offer, { answered: ['q1'] });
  const draft = await makeDraft(users.recruiter, { offer_json: { title: 'Vendeur H/F' } });
  const toPublish = await makeDraft(users.recruiter, { offer_json: { title: 'Vendeur H/F' } });
  // The candidate's application in progress, with two uploads under way (video answers).
  const uploadApplication = await makeApplication(users.candidate, await makeOffer(users.recruiter), { state: 'applying', answered: [] });
  const uploadId = await makeAnswerUpload(uploadApplication, 'q2', options.uploadDir);
  const doomedUploadId = await makeAnswerUpload(uploadApplication, 'q3', options.uploadDir);
  // The manager's company records (console resources shops, templates, subscriptions).
  const shop = await makeShop(users.manager, { recruiter_id: users.recruiter.id, street: '1 rue Matrice' });
  const template = await Template.create({ owner_id: users.manager.id, type: 'offer', content: { title: 'Modèle matrice' } });
  const subscription = await Subscription.create({ sub_id: `sub_${tag}`, user_id: users.manager.id, plan_id: 'franchise', quantity: 5, state: 'payed' });
  const seatRecruiter = await makeUser({ profile: 'recruiter', email: `seat-${tag}@matrix.test` });
  await addToTeam(users.manager, seatRecruiter);
  // One offer to boost per caller allowed to, and one booster each.
  const boostIds: Record<string, string> = {};
  for (const caller of ['recruiter', 'manager', 'admin'] as const) {
    boostIds[`boost:${caller}`] = (await makeOffer(users.recruiter)).job_code;
    await users[caller].update({ av_boost: 1, total_boost: 1 });
  }
  // Records that staff deletes (last caller): the others must not have reached them.
  const doomedLanding = await makeLanding();
  // Leads whose message staff resends (one per route: a resend in progress refuses another).
  const lead = await makeLead({ job_code: offer.job_code, offer_id: offer.id, email: `lead-${tag}@matrix.test` });
  const leadForCard = await makeLead({ job_code: offer.job_code, offer_id: offer.id, email: `lead-card-${tag}@matrix.test` });
  const leadForBulk = await makeLead({ job_code: offer.job_code, offer_id: offer.id, email: `lead-bulk-${tag}@matrix.test` });
  const doomedUser = await makeUser({ profile: 'candidate', email: `doomed-${tag}@matrix.test` });
  // A call of the recruiter with the candidate, scheduled for tomorrow (its cancellation's line).
  const meeting = await Meeting.create({
    recruiter_id: users.recruiter.id,
    candidate_id: users.candidate.id,
    invited_by: users.recruiter.id,
    starts_at: new Date(Date.now() + 24 * 3600_000),
    duration_min: 30,
    time_zone: 'Europe/Paris',
    uid: `matrix-${tag}@meeting`,
    created_at: new Date(),
  });
  const doomedWishlist = await makeWishlistEntry(users.candidate, await makeOffer(users.recruiter));
  // An account with a valid reset code per caller.
  const resetIds: Record<string, string> = {};
  for (const caller of CALLERS) {
    const owner = await makeUser({ email: `reset-${caller.toLowerCase()}-${tag}@matrix.test` });
    resetIds[`reset:${caller}`] = owner.id;
    resetIds[`resetCode:${caller}`] = await makeResetCode(owner);
  }
  // API keys (decision 485): the matrix test calls every route with a key of each company's manager
  // holding every scope; a key of the manager's company for the revoke line.
  const keyOf = (owner: User, name: string) => createApiKey({ managerId: owner.id, name, scopes: [...API_KEY_SCOPES], createdBy: owner.id }, new Date());
  const [managerKey, otherManagerKey, doomedApiKey] = [await keyOf(users.manager, 'Matrice'), await keyOf(users.otherManager, 'Autre'), await keyOf(users.manager, 'Révoquée')];
  return {
    users,
    ids: {
      ...resetIds,
      apiKey: managerKey.id,
      'key:manager': managerKey.key,
      'key:otherManager': otherManagerKey.key,
      doomedApiKey: doomedApiKey.id,
      ...boostIds,
      identifier: provider.identifier,
      lang: 'fr',
      job_code: offer.job_code,
      customer: landing.identifier,
      share_id: share.share_id,
      edition_token: draft.edition_token,
      publishedToken: publishedDraft.edition_token,
      toPublishToken: toPublish.edition_token,
      loginEmail: loginUser.email,
      ssoDomain,
      doomedLanding: doomedLanding.id,
      leadEmail: lead.email,
      leadJobCode: lead.job_code,
      leadForCard: leadForCard.id,
      leadForBulk: leadForBulk.id,
      doomedUser: doomedUser.id,
      meeting: meeting.id,
      ...(await invitationTokens(options.settings, users.recruiter, offer)),
      shop: shop.id,
      template: template.id,
      subscription: subscription.id,
      subscriptionSubId: subscription.sub_id,
      seatRecruiter: seatRecruiter.id,
      offer: offer.id,
      application: application.id,
      halfApplication: halfApplication.id,
      wishlist: wishlist.id,
      doomedWishlist: doomedWishlist.id,
      uploadApplication: uploadApplication.id,
      uploadId,
      doomedUploadId,
    },
  };
}

/** An invitation of the recruiter's offer and its two signed links (decision 430). */
async function invitationTokens(settings: Settings, recruiter: User, offer: { id: number }): Promise<Record<string, string>> {
  const row = await Invitation.create({
    offer_id: offer.id,
    recruiter_id: recruiter.id,
    invited_by: recruiter.id,
    company_key: `r:${recruiter.id}`,
    first_name: 'Léa',
    last_name: 'Matrice',
    email: `invited-${crypto.randomBytes(3).toString('hex')}@matrix.test`,
    phone: null,
    lang: 'fr',
    message: null,
    deadline: new Date(Date.now() + 5 * 24 * 3600_000),
    nonce: crypto.randomBytes(16).toString('base64url'),
    live_key: null,
    created_at: new Date(),
  });
  const links = createInvitationLinks(settings);
  return { invitationLink: links.token(row, 'i'), invitationUnsubscribe: links.token(row, 'u') };
}
