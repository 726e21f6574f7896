// The server services the portal's loaders and actions call in-process. They come from
// api/services (one copy of the models, shared with /apis) and reach Remix through the load
// context, so the portal's server bundle never holds a second copy of the models.
import { getPublicOffer } from '../../api/services/offers/offers.service.js';
import { candidateInvitation } from '../../api/services/invitations/invitations.service.js';
import { submitInterest as storeInterest } from '../../api/services/applications/interest.service.js';
import { interestSchema } from '../../api/services/applications/interest.schema.js';
import { getLandingConfig } from '../../api/services/offers/landing.service.js';
import { storeUpload } from '../../api/services/platform/uploads.service.js';
import { parseInput } from '../../api/lib/validate.js';
import { LIMITS, spendWrite } from '../../api/auth/throttle.js';
import { login } from '../../api/services/identity/auth.service.js';
import { cookieTokenOf, destroySession, sessionCookieHeader } from '../../api/auth/sessions.js';
import { deviceCookieHeader, deviceCookieTokens } from '../../api/auth/device.js';
import { billingInformations, portalSubscription, startCheckout, subRegister } from '../../api/services/billing/subscription-checkout.service.js';
import { billingInformationsSchema, subRegisterSchema } from '../../api/services/billing/subscriptions.schema.js';
import { paymentsConfigured } from '../../api/integrations/stripe.js';
import type { Lang } from '../../config/i18n/index.js';
import { findEditableDraft, findPublishableDraft, getDraft, offerManagement, publishDraft, saveDraft } from '../../api/services/offers/drafts.service.js';
import { draftSchema, publishSchema } from '../../api/services/offers/drafts.schema.js';
import { referenceLists } from '../../config/reference/index.js';
import { isDatabaseOutage } from '../../models/write-once.js';
import { joinMeeting, meetingAccess } from '../../api/services/meetings/meeting.service.js';
import { meetingParamsSchema } from '../../api/services/meetings/meeting.schema.js';
import { meetingProvider } from '../../api/integrations/meeting.js';
import type { Settings } from '../../config/settings.js';
import type { UserRow } from '../../models/index.js';

/** POST /apis/submit-interest in-process: the same schema as the route's validate middleware. */
const submitInterest = (input: unknown, now: Date, lang?: Lang) => storeInterest(parseInput(interestSchema, input), now, lang);

/** The anonymous-write limits of the API routes, for the same writes made by the portal's forms
 *  (docs/decisions/095-anonymous-write-limits.md). */
const limitWrite = (kind: 'apply' | 'upload', writer: string, now: Date) => spendWrite(LIMITS[kind], writer, now);

/** The subscription page (/portal/{plan_id}): the same services and schemas as POST /apis/subscription. */
const subscriptions = {
  portalSubscription,
  billingInformations: (input: unknown, ...rest: Parameters<typeof billingInformations> extends [unknown, ...infer R] ? R : never) =>
    billingInformations(parseInput(billingInformationsSchema, input), ...rest),
  subRegister: (input: unknown, ...rest: Parameters<typeof subRegister> extends [unknown, ...infer R] ? R : never) => subRegister(parseInput(subRegisterSchema, input), ...rest),
  startCheckout,
  paymentsConfigured,
};

/** The page's own sign-in form and sign-out (the same rules and cookies as /apis/auth, the device
 *  cookie of decision 220 among them). */
const sessions = { login, destroySession, sessionCookieHeader, cookieTokenOf, deviceCookieTokens, deviceCookieHeader };

/** The offer wizard (/draft/offer/{token}): GET, PUT and POST /apis/draft-offer/{token} in-process,
 *  with the same schemas and the same order of checks (unknown or published draft before the body).
 *  offerManagement: where the signed-in caller manages a published draft's offer (access.ts decides). */
const drafts = {
  getDraft,
  findEditableDraft,
  offerManagement,
  saveDraft: async (token: string, input: unknown) => {
    await findEditableDraft(token);
    return saveDraft(token, parseInput(draftSchema, input));
  },
  publishDraft: async (token: string, input: unknown, actorId: string | null, now: Date) => {
    await findPublishableDraft(token);
    return publishDraft(token, parseInput(publishSchema, input), actorId, now);
  },
  referenceLists,
};

/** The meeting room (/meeting-web-app/...): GET /apis/meeting-flight in-process, with the same
 *  schema, access rule (meetingAccess) and join answer. */
const meetings = {
  join: async (caller: UserRow | undefined, params: unknown, settings: Pick<Settings, 'twilio' | 'meeting'>, now: Date) =>
    joinMeeting(await meetingAccess(caller, parseInput(meetingParamsSchema, params)), meetingProvider(settings), now),
};

/** What a page answers when the database cannot be used: 503, drawn by the error boundary's 503 text. */
function outage(e: unknown): never {
  if (isDatabaseOutage(e)) throw new Response(null, { status: 503, statusText: 'Service Unavailable', headers: { 'Retry-After': '5' } });
  throw e;
}

/**
 * Every service a page calls, with a database outage turned into a thrown 503 response
 * (docs/decisions/201-database-outage-is-503.md): the page then answers 503 with the "try again in
 * a moment" text, never 500, as /apis does through its error middleware.
 */
function outageIs503<T>(value: T): T {
  if (typeof value === 'function') {
    const fn = value as (...args: unknown[]) => unknown;
    return ((...args: unknown[]) => {
      try {
        const result = fn(...args);
        return result instanceof Promise ? result.catch(outage) : result;
      } catch (e) {
        return outage(e);
      }
    }) as T;
  }
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, outageIs503(v)])) as T;
  }
  return value;
}

export const portalServices = outageIs503({ getPublicOffer, candidateInvitation, submitInterest, getLandingConfig, storeUpload, limitWrite, subscriptions, sessions, drafts, meetings });
