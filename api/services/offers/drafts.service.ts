// Draft offers of the wizard (public-web.md sections 2 to 5): created by a signed-in recruiter or
// manager, then read, saved and published once by whoever holds the edition token. The offer
// belongs to the draft's owner, whoever publishes it; after publication the link no longer
// changes anything (docs/decisions/012-draft-offer-publishing.md, 190-who-may-see-an-applicant.md).
import { isEditionToken, newEditionToken } from '../../../models/rules/edition-token.js';
import { Op } from 'sequelize';
import { DraftOffer, ManagerRecruiter, Offer, OfferQuestion, Template, transaction, type DraftOfferJson, type UserRow } from '../../../models/index.js';
import { AppError, forbidden, notFound, unauthorized } from '../../lib/errors.js';
import { companyOf, isManager, isStaff, mayReachOffer, mayWriteOffers, reachOf } from '../../auth/access.js';
import { audit } from '../platform/audit.service.js';
import { REFERENCE_DEFAULTS } from '../../../config/reference/index.js';
import { interviewColumns } from '../../../models/rules/interview.js';
import { freeJobCode, withJobCodeRetry } from './job-codes.js';
import { CounterChanges } from '../applications/user-counters.service.js';
import { emitWebhookEvent } from '../webhooks/webhooks.service.js';

export interface DraftView {
  offer_json: DraftOfferJson;
  /** The published offer's code once the draft was published, else null. */
  job_code: string | null;
}

const draftNotFound = () => notFound('offer_not_found', 'offer_not_found');
/** A published draft: its link shows the offer but no longer edits or publishes it. */
const draftPublished = () => new AppError(409, 'draft_published', 'draft_published');

export function defaultOfferJson(): DraftOfferJson {
  return {
    pay_currency: REFERENCE_DEFAULTS.pay_currency,
    pay_period: REFERENCE_DEFAULTS.pay_period,
    lang: REFERENCE_DEFAULTS.lang,
    questions: [1, 2, 3].map((i) => ({ id: `q${i}`, question: '' })),
  };
}

/** Only a recruiter, a manager or staff creates drafts (checked before the body is). */
export async function assertMayCreateDraft(caller: UserRow | undefined): Promise<UserRow> {
  if (!caller) throw unauthorized();
  if (!(await mayWriteOffers(caller))) {
    throw forbidden('recruiter_only', 'forbidden');
  }
  return caller;
}

/**
 * A new draft owned by the caller. Fields given in the body (e.g. from a template), checked by
 * draftSchema like a saved draft, are laid over the defaults.
 */
/**
 * The company fields a company user's new draft starts with (issue 24: the wizard asked them
 * again): the company's name by the company rule (access.ts companyOf), and the description of
 * the latest offer or template of that company, by the user, their team (a manager's list) or the
 * managers whose list holds them.
 * Staff get none (they write for any company). Decision 271.
 */
export async function companyDefaults(owner: UserRow): Promise<Pick<DraftOfferJson, 'company_name' | 'company_description'>> {
  if (isStaff(owner)) return {};
  const name = await companyOf(owner.id);
  const managers = await ManagerRecruiter.findAll({ where: { recruiter_id: owner.id }, attributes: ['manager_id'], raw: true });
  // The user's own reach (a manager's recruiters) and the managers whose list holds them.
  const ids = [...new Set([...(await reachOf(owner)).recruiterIds, owner.id, ...managers.map((m) => String(m.manager_id))])];
  const offer = await Offer.findOne({
    where: { recruiter_id: ids, company_description: { [Op.ne]: null }, ...(name ? { company_name: name } : {}) },
    attributes: ['company_name', 'company_description'],
    order: [
      ['created_at', 'DESC'],
      ['id', 'DESC'],
    ],
    raw: true,
  });
  const fromOffer = offer?.company_description?.trim() ? { name: offer.company_name, description: offer.company_description } : null;
  let fromTemplate: { name: string | null; description: string } | null = null;
  if (!fromOffer) {
    const templates = await Template.findAll({ where: { owner_id: ids }, order: [['updated_at', 'DESC']], limit: 50 });
    const hit = templates
      .map((t) => ({
        name: typeof t.content?.company_name === 'string' ? t.content.company_name : null,
        description: typeof t.content?.company_description === 'string' ? t.content.company_description : '',
      }))
      .find((t) => t.description.trim() && (!name || t.name === name));
    fromTemplate = hit ?? null;
  }
  const found = fromOffer ?? fromTemplate;
  const company_name = name ?? found?.name ?? undefined;
  return {
    ...(company_name ? { company_name } : {}),
    ...(found?.description?.trim() ? { company_description: found.description } : {}),
  };
}

export async function createDraft(caller: UserRow | undefined, given: DraftOfferJson = {}): Promise<{ edition_token: string }> {
  const owner = await assertMayCreateDraft(caller);
  const edition_token = newEditionToken();
  const offer_json = { ...defaultOfferJson(), ...(await companyDefaults(owner)), ...given };
  await DraftOffer.create({ edition_token, owner_id: owner.id, offer_json, published_offer_id: null });
  return { edition_token };
}

export async function findDraft(token: string): Promise<DraftOffer> {
  const draft = isEditionToken(token) ? await DraftOffer.findOne({ where: { edition_token: token } }) : null;
  if (!draft) throw draftNotFound();
  return draft;
}

async function view(draft: DraftOffer): Promise<DraftView> {
  const offer = draft.published_offer_id ? await Offer.findByPk(draft.published_offer_id, { attributes: ['job_code'], raw: true }) : null;
  return { offer_json: draft.offer_json ?? defaultOfferJson(), job_code: offer?.job_code ?? null };
}

export async function getDraft(token: string): Promise<DraftView> {
  return view(await findDraft(token));
}

/** A draft's link edits it (saves, logo uploads, address search) only until it is published: 409 draft_published after. */
export function assertDraftEditable(draft: Pick<DraftOffer, 'published_offer_id'>): void {
  if (draft.published_offer_id !== null) throw draftPublished();
}

/** A draft its link may still change: 404 for an unknown token, 409 draft_published once published. */
export async function findEditableDraft(token: string): Promise<DraftOffer> {
  const draft = await findDraft(token);
  assertDraftEditable(draft);
  return draft;
}

/**
 * Saves the wizard's progress (checked by draftSchema: fields may be missing, present ones valid).
 * The row is locked as publication locks it, so a save that crosses a publication is refused
 * rather than written over the published draft.
 */
export async function saveDraft(token: string, fields: DraftOfferJson): Promise<DraftView> {
  await findEditableDraft(token);
  const draft = await transaction(async (t) => {
    const row = await DraftOffer.findOne({ where: { edition_token: token }, lock: t.LOCK.UPDATE, transaction: t });
    if (!row) throw draftNotFound();
    assertDraftEditable(row);
    row.offer_json = fields;
    await row.save({ transaction: t });
    return row;
  });
  return view(draft);
}

/** Where a signed-in caller manages a published draft's offer, as the portal links to it. */
export interface OfferManagement {
  /** Staff: the console (/admin); a manager on the offer's side: the manager area; its recruiter: the dashboard. */
  area: 'admin' | 'manager' | 'dashboard';
  job_code: string;
  offer_id: number;
}

/**
 * For the wizard's published page: where the caller manages the draft's offer, or null when the
 * draft is not published or the caller is not on the offer's side (api/auth/access.ts decides:
 * staff, the offer's recruiter, that recruiter's managers; never whoever published it).
 */
export async function offerManagement(caller: UserRow | undefined, token: string): Promise<OfferManagement | null> {
  const draft = await findDraft(token);
  const offer = caller && draft.published_offer_id !== null ? await Offer.findByPk(draft.published_offer_id, { attributes: ['id', 'job_code', 'recruiter_id', 'state'] }) : null;
  if (!caller || !offer || offer.state === 'deleted' || !(await mayReachOffer(caller, offer))) return null;
  const area = isStaff(caller) ? 'admin' : (await isManager(caller)) ? 'manager' : 'dashboard';
  return { area, job_code: offer.job_code, offer_id: offer.id };
}

/** The offer columns of a checked offer form (publishSchema), for every path that creates offers. */
export function offerColumns(f: Required<Pick<DraftOfferJson, 'title' | 'company_name' | 'description'>> & DraftOfferJson) {
  const loc = f.location ?? {};
  return {
    title: f.title,
    company_name: f.company_name,
    company_picture: f.company_picture ?? null,
    company_description: f.company_description ?? null,
    description: f.description,
    candidate_qualification: f.candidate_qualification ?? null,
    candidate_experience: f.candidate_experience ?? null,
    candidate_graduation: f.candidate_graduation ?? null,
    contract_type: f.contract_type ?? null,
    tags: f.tags ?? [],
    start_date: f.start_date ?? null,
    pay_min: f.pay_min ?? null,
    pay_max: f.pay_max ?? null,
    pay_currency: f.pay_currency ?? REFERENCE_DEFAULTS.pay_currency,
    pay_period: f.pay_period ?? REFERENCE_DEFAULTS.pay_period,
    street: loc.street ?? null,
    city: loc.city ?? null,
    zip_code: loc.zip_code ?? null,
    area: loc.area ?? null,
    sub_area: loc.sub_area ?? null,
    country: loc.country ?? null,
    country_iso: loc.country_iso ?? null,
    lat: loc.lat ?? null,
    lng: loc.lng ?? null,
    lang: f.lang ?? REFERENCE_DEFAULTS.lang,
    ...interviewColumns(f),
  };
}

/** The draft to publish: 404 for an unknown token, 409 once published or without an owner (checked before the body is). */
export async function findPublishableDraft(token: string): Promise<DraftOffer> {
  const draft = await findEditableDraft(token);
  if (!draft.owner_id) throw new AppError(409, 'draft_without_owner', 'draft_without_owner');
  return draft;
}

/**
 * Publishes a draft (checked by publishSchema), once: a new offer with a new job code, owned by
 * the draft's owner (its recruiter and its creator), whoever publishes it; the publisher (null
 * when anonymous) is written in the audit log. Later publications are refused 409 draft_published
 * (docs/decisions/012-draft-offer-publishing.md, 190-who-may-see-an-applicant.md). The draft row
 * is locked for the transaction, so simultaneous publications of one draft store one offer.
 */
export async function publishDraft(token: string, fields: DraftOfferJson, actorId: string | null, now: Date = new Date()): Promise<{ job_code: string }> {
  await findPublishableDraft(token);
  const columns = offerColumns(fields as Parameters<typeof offerColumns>[0]);
  const questions = fields.questions ?? [];

  return withJobCodeRetry(() =>
    transaction(async (t) => {
      const draft = await DraftOffer.findOne({ where: { edition_token: token }, lock: t.LOCK.UPDATE, transaction: t });
      if (!draft) throw draftNotFound();
      // Published once: the link no longer changes the live offer (its owner manages it in their area).
      assertDraftEditable(draft);
      const ownerId = draft.owner_id;
      if (!ownerId) throw new AppError(409, 'draft_without_owner', 'draft_without_owner');
      // A publication makes one more offer available: the custom plan's active-offer limit of the
      // owner and of the managers whose list holds them applies, checked by the Offer model's hook
      // at the insert below (models/plan-limits.ts; decisions 112, 171, 250).
      // The landing an offer appears on follows the owner's account, never the typed company name.
      const company_hash = await companyOf(ownerId, t);

      // The counters' rows (the owner's and their managers') are locked before the insert: the
      // insert's foreign-key check share-locks the owner's, and two publications upgrading that
      // shared lock for the increment would deadlock on MariaDB.
      const counts = await new CounterChanges().lock(t, { recruiters: [ownerId] });
      const offer = await Offer.create(
        {
          ...columns,
          company_hash,
          job_code: await freeJobCode(t),
          recruiter_id: ownerId,
          // The offer is the owner's: who pressed publish (maybe a stranger holding the link) is an
          // audit fact below, never a right (decision 190).
          created_by_id: ownerId,
          shop_id: null,
          shopname: null,
          state: 'available',
          boosted_at: null,
        },
        { transaction: t },
      );
      draft.published_offer_id = offer.id;
      // Counters kept on the user record move with the change they count (decisions 078, 200):
      // the owner and the managers whose lists hold them.
      await counts.offer(null, offer).apply(t);
      await audit(t, { actorId, action: 'publish', resource: 'offers', recordId: offer.id, after: { job_code: offer.job_code, draft_id: draft.id, recruiter_id: ownerId }, at: now });
      await emitWebhookEvent(t, 'offer.published', { recruiterId: ownerId }, { job_code: offer.job_code, title: offer.title, state: offer.state, shop_id: null }, now);
      await OfferQuestion.bulkCreate(
        questions.map((q, i) => ({ offer_id: offer.id, qid: q.id, position: i + 1, question: q.question, type: q.type ?? 'video', options: q.options ?? null })),
        { transaction: t },
      );
      draft.offer_json = fields;
      await draft.save({ transaction: t });
      return { job_code: offer.job_code };
    }),
  );
}
