// The authorization matrix: one line per API route, saying which callers may use it.
// tests/api/authz-matrix.test.ts reads the app's own route table and fails for any route with no
// line here (and prints which). Adding a route = adding one line below.
//
// allow: the callers who get through (any status but 401/403; a 400 for an empty body counts as
// through). Everyone else must be refused with 401, 403 or 404 (404: another company's record).
// path: the concrete address to call when the route has parameters; by default each `:name` is
// replaced by fixtures.ids[name]. body: what to send (default: nothing).
import { makeApplication, makeLanding, makeOffer, makeShareLink, makeUser } from '../helpers/fixtures.js';
import crypto from 'node:crypto';
import { ManagerRecruiter, SsoProvider, SsoProviderDomain, type User } from '../../models/index.js';
import { DraftOffer } from '../../models/index.js';

export const CALLERS = ['anonymous', 'candidate', 'recruiter', 'otherRecruiter', 'manager', 'otherManager', 'admin'] as const;
export type CallerName = (typeof CALLERS)[number];

export const EVERYONE: CallerName[] = [...CALLERS];
export const SIGNED_IN: CallerName[] = CALLERS.filter((c) => c !== 'anonymous');
export const ADMIN_ONLY: CallerName[] = ['admin'];
/** Any manager (their own data only) and staff. */
export const MANAGERS: CallerName[] = ['manager', 'otherManager', 'admin'];
/** A record of `manager`'s company (fixtures): that manager and staff. */
export const MANAGER_COMPANY: CallerName[] = ['manager', 'admin'];
/** A record of `recruiter` (who is in `manager`'s list): the recruiter, their manager and staff. */
export const RECRUITER_COMPANY: CallerName[] = ['recruiter', 'manager', 'admin'];

export interface Fixtures {
  users: Record<Exclude<CallerName, 'anonymous'>, User>;
  /** Ids of records the routes are called with, by parameter name. */
  ids: Record<string, string | number>;
}

export interface Rule {
  allow: CallerName[];
  path?: (f: Fixtures) => string;
  body?: (f: Fixtures) => Record<string, unknown>;
}

export const MATRIX: Record<string, Rule> = {
  'GET /apis/health': { allow: EVERYONE },
  'POST /apis/auth/login': { allow: EVERYONE },
  'POST /apis/auth/logout': { allow: EVERYONE },
  'GET /apis/auth/me': { allow: SIGNED_IN },
  'PATCH /apis/auth/me': { allow: SIGNED_IN },
  'POST /apis/auth/forgot-password': { allow: EVERYONE },
  'POST /apis/auth/reset-password': { allow: EVERYONE },
  'POST /apis/admin/recruiters': { allow: ADMIN_ONLY },
  'POST /apis/sso-get-identifier': { allow: EVERYONE },
  'GET /apis/sso/:identifier/metadata': { allow: EVERYONE },
  'GET /apis/sso/:identifier/login': { allow: EVERYONE },
  'POST /apis/sso/:identifier/acs': { allow: EVERYONE },
  // Staff console (users are staff-only; offers/wishlists/applications scoping: tests/api/console.test.ts).
  'GET /apis/console/:resource': { allow: ADMIN_ONLY, path: () => '/apis/console/users' },
  'POST /apis/console/:resource': { allow: ADMIN_ONLY, path: () => '/apis/console/custom-landings' },
  'GET /apis/console/:resource/:id': { allow: ADMIN_ONLY, path: (f) => `/apis/console/users/${f.users.candidate.id}` },
  'PUT /apis/console/:resource/:id': { allow: ADMIN_ONLY, path: (f) => `/apis/console/users/${f.users.candidate.id}` },
  'DELETE /apis/console/:resource/:id': { allow: ADMIN_ONLY, path: () => '/apis/console/custom-landings/999999' },
  'POST /apis/console/:resource/:id/:action': { allow: ADMIN_ONLY, path: (f) => `/apis/console/users/${f.users.candidate.id}/contact` },
  'DELETE /apis/delete-user': { allow: ADMIN_ONLY, path: () => '/apis/delete-user?user=00000000-0000-4000-8000-00000000dead' },
  'GET /apis/job-interest': { allow: ADMIN_ONLY },
  // Offers as Items: staff all, recruiters their own, managers their recruiters' (scoped rows).
  'GET /apis/offer': { allow: ['recruiter', 'otherRecruiter', 'manager', 'otherManager', 'admin'] },
  // Public pages' calls (public-web.md section 7): anyone, the draft's edition token is the key.
  'GET /apis/config': { allow: EVERYONE },
  'GET /apis/config/:lang': { allow: EVERYONE },
  'GET /apis/list-offers/:job_code': { allow: EVERYONE },
  'GET /apis/landing-config/:customer': { allow: EVERYONE },
  'GET /apis/qrcode': { allow: EVERYONE },
  'POST /apis/submit-interest': { allow: EVERYONE },
  'GET /apis/share-apply/:share_id': { allow: EVERYONE },
  'GET /apis/draft-offer/:edition_token': { allow: EVERYONE },
  'PUT /apis/draft-offer/:edition_token': { allow: EVERYONE, body: () => ({ title: 'Serveur H/F' }) },
  'POST /apis/draft-offer/:edition_token': { allow: EVERYONE },
  'POST /apis/upload/cv': { allow: EVERYONE },
  // Company users start drafts and upload logos; candidates do not.
  'POST /apis/draft-offer': { allow: ['recruiter', 'otherRecruiter', 'manager', 'otherManager', 'admin'] },
  'POST /apis/upload/image': { allow: SIGNED_IN },
  // Asking for a share link of recruiter's candidate: that recruiter, their manager, staff.
  'POST /apis/share-apply': {
    allow: RECRUITER_COMPANY,
    body: (f) => ({ recruiter_id: f.users.recruiter.id, job_code: f.ids.job_code, candidate_id: f.users.candidate.id }),
  },
};

/**
 * The callers and the records the routes are called with. `manager` (plan aplan) has `recruiter`
 * in their list; `otherManager` has `otherRecruiter`. Add the records your routes need to ids.
 */
export async function makeFixtures(): Promise<Fixtures> {
  const tag = crypto.randomBytes(3).toString('hex');
  const users = {
    candidate: await makeUser({ profile: 'candidate', email: `cand-${tag}@matrix.test` }),
    recruiter: await makeUser({ profile: 'recruiter', email: `rec-${tag}@matrix.test` }),
    otherRecruiter: await makeUser({ profile: 'recruiter', email: `rec2-${tag}@matrix.test` }),
    manager: await makeUser({ profile: 'recruiter', user_plan: 'aplan', email: `man-${tag}@matrix.test` }),
    otherManager: await makeUser({ profile: 'manager', email: `man2-${tag}@matrix.test` }),
    admin: await makeUser({ profile: 'recruiter', is_admin: true, email: `adm-${tag}@matrix.test` }),
  };
  await ManagerRecruiter.bulkCreate([
    { manager_id: users.manager.id, recruiter_id: users.manager.id },
    { manager_id: users.manager.id, recruiter_id: users.recruiter.id },
    { manager_id: users.otherManager.id, recruiter_id: users.otherManager.id },
    { manager_id: users.otherManager.id, recruiter_id: users.otherRecruiter.id },
  ]);
  const provider = await SsoProvider.create({
    identifier: `matrix${tag}`, name: 'Matrix Co', entry_point: 'http://127.0.0.1:9/saml/sso', idp_issuer: null,
    idp_cert: 'MIIBmatrixplaceholdercertificate', default_profile: 'recruiter',
  });
  await SsoProviderDomain.create({ sso_provider_id: provider.id, domain: `matrix-${tag}.test` });
  const landing = await makeLanding();
  const offer = await makeOffer(users.recruiter, { company_hash: landing.company_hash });
  const application = await makeApplication(users.candidate, offer);
  const share = await makeShareLink(application, users.recruiter);
  const draft = await DraftOffer.create({
    edition_token: `matrix-${tag}`, owner_id: users.recruiter.id, offer_json: { title: 'Vendeur H/F' }, published_offer_id: null,
  });
  return {
    users,
    ids: {
      identifier: provider.identifier, lang: 'fr', job_code: offer.job_code, customer: landing.identifier,
      share_id: share.share_id, edition_token: draft.edition_token,
    },
  };
}
