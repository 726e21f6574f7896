// The manager's offers (back-office.md sections 2, 4, 5 and 7): the bulk creation (POST /apis/offer,
// one offer per call from a template and a shop, optional preferred job code), the row menu (POST
// /apis/offer/{job_code}: active toggle or shop name) and the boost (POST /apis/boost-offer).
// Offers are reached as everywhere: the recruiter's own, their managers', staff all.
import { QueryTypes } from 'sequelize';
import { boundSequelize, Offer, OfferQuestion, Shop, Template, User, transaction, type DraftOfferJson, type UserRow } from '../../../models/index.js';
import { sqlDate } from '../../../models/columns.js';
import { JOB_CODE_ALPHABET, checkPreferredJobCode } from '../../../models/rules/job-code.js';
import { declaredDefaults } from '../../../models/resources/index.js';
import { templates as templatesDecl } from '../../../models/resources/templates/resource.js';
import { isoDay } from '../../../models/rules/dates.js';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.js';
import { companyOf, companyReach } from '../../auth/access.js';
import { parseInput } from '../../lib/validate.js';
import { publishSchema } from './drafts.schema.js';
import { offerColumns } from './drafts.service.js';
import { freeJobCode, isJobCodeCollision, withJobCodeRetry } from './job-codes.js';
import { recountUsers } from '../applications/user-counters.service.js';
import { scopedOffer } from '../applications/manager-applications-scope.js';
import { audit } from '../platform/audit.service.js';
import { enqueue } from '../../lib/job-queue.js';
import { boostEndsAt, isBoostedAt } from '../../../models/rules/boost.js';
import type { BulkOfferInput, OfferUpdateInput } from './manager-offers.schema.js';
import { emitWebhookEvent } from '../webhooks/webhooks.service.js';

const dialect = () => (boundSequelize().getDialect() === 'sqlite' ? 'sqlite' : 'mysql');
const CONTENT_KEYS = [
  'title',
  'company_name',
  'company_picture',
  'company_description',
  'description',
  'candidate_qualification',
  'candidate_experience',
  'candidate_graduation',
  'contract_type',
  'tags',
  'start_date',
  'pay_min',
  'pay_max',
  'pay_currency',
  'pay_period',
  'lang',
  'questions',
  'think_seconds',
  'answer_seconds',
  'retakes',
] as const;

/** The preferred code's rule (models/rules/job-code.ts) as the API's error. */
function preferredCode(input: string | undefined): string | null {
  if (input === undefined || input.trim() === '') return null;
  const check = checkPreferredJobCode(input);
  if (check.ok) return check.code;
  if (check.error === 'job_code_not_allowed') throw invalid('job_code_not_allowed', 'job_code_not_allowed', { field: 'prefJobCode', char: check.char!, allowed: JOB_CODE_ALPHABET });
  throw invalid(check.error, check.error === 'job_code_too_short' ? 'job_code_too_short' : 'validation_error', { field: 'prefJobCode' });
}

/**
 * One offer of the bulk creation. The payload is the spec's (template content merged with address,
 * shopname, recruiter_id, optional prefJobCode); template_id and shop_id, when given, are read from
 * the caller's own records and take precedence. The offer form's rules (publishSchema) apply; the
 * recruiter must be the manager or one of theirs; the custom plan's limit holds (models/plan-limits.ts, on the Offer model).
 */
export async function createManagerOffer(caller: UserRow, body: BulkOfferInput, now: Date) {
  const reach = await companyReach(caller);
  const ownerWhere = reach.all ? {} : { owner_id: caller.id };
  const template = body.template_id !== undefined ? await Template.findOne({ where: { id: body.template_id, type: 'offer', ...ownerWhere } }) : null;
  if (body.template_id !== undefined && !template) throw notFound('template_not_found', 'not_found');
  const shop = body.shop_id !== undefined ? await Shop.findOne({ where: { id: body.shop_id, ...(reach.all ? {} : { manager_id: caller.id }) } }) : null;
  if (body.shop_id !== undefined && !shop) throw notFound('shop_not_found', 'not_found');
  // The template's declared defaults fill what an older or partial template lacks; a start date
  // left open means "from today" (decision 112).
  const content: Record<string, unknown> = { ...declaredDefaults(templatesDecl), start_date: isoDay(now), ...((template?.content as Record<string, unknown>) ?? {}) };
  for (const k of CONTENT_KEYS) if (!template && body[k] !== undefined) content[k] = body[k];
  if (content.start_date === null || content.start_date === '') content.start_date = isoDay(now);
  const address = shop
    ? {
        street: shop.street,
        city: shop.city,
        zip_code: shop.zip_code,
        area: shop.area,
        sub_area: shop.sub_area,
        country: shop.country,
        country_iso: shop.country_iso ?? 'FR',
        lat: shop.lat,
        lng: shop.lng,
      }
    : (body.address ?? body.location);
  if (!(template || body.title) || !address) throw invalid('select_template_and_shops', 'select_template_and_shops');
  const recruiterId = shop?.recruiter_id ?? body.recruiter_id;
  const shopname = shop?.shopname ?? body.shopname ?? null;
  if (!recruiterId || !(reach.all || reach.recruiterIds.includes(recruiterId))) throw invalid('shop_recruiter_not_available', 'shop_recruiter_not_available', { field: 'recruiter_id' });
  const clean = Object.fromEntries(Object.entries({ country_iso: 'FR', ...address }).filter(([, v]) => v !== null && v !== undefined));
  const fields = parseInput(publishSchema, { ...content, location: clean }) as DraftOfferJson;
  const wanted = preferredCode(body.prefJobCode ?? undefined);
  const columns = offerColumns(fields as Parameters<typeof offerColumns>[0]);

  const create = () =>
    transaction(async (t) => {
      if (wanted && (await Offer.count({ where: { job_code: wanted }, transaction: t }))) throw conflict('job_code_taken', 'job_code_taken');
      const offer = await Offer.create(
        {
          ...columns,
          company_hash: await companyOf(recruiterId, t),
          job_code: wanted ?? (await freeJobCode(t)),
          recruiter_id: recruiterId,
          created_by_id: caller.id,
          shop_id: shop?.id ?? null,
          shopname,
          state: 'available',
          boosted_at: null,
        },
        { transaction: t },
      );
      await OfferQuestion.bulkCreate(
        (fields.questions ?? []).map((q, i) => ({ offer_id: offer.id, qid: q.id, position: i + 1, question: q.question, type: q.type ?? 'video', options: q.options ?? null })),
        { transaction: t },
      );
      await recountUsers([recruiterId], t);
      await audit(t, {
        actorId: caller.id,
        action: 'create',
        resource: 'manager-offers',
        recordId: offer.id,
        before: null,
        after: { job_code: offer.job_code, shop_id: offer.shop_id, template_id: template?.id ?? null },
        at: now,
      });
      await emitWebhookEvent(t, 'offer.published', { recruiterId }, { job_code: offer.job_code, title: offer.title, state: offer.state, shop_id: offer.shop_id }, now);
      return offer;
    });
  let offer: Offer;
  try {
    // A generated code that collides is drawn again; a preferred one that collides is the caller's to change.
    offer = wanted ? await create() : await withJobCodeRetry(create);
  } catch (e) {
    if (wanted && isJobCodeCollision(e)) throw conflict('job_code_taken', 'job_code_taken');
    throw e;
  }
  return { error: false, Item: { job_code: offer.job_code, title: offer.title, shopname: offer.shopname, state: offer.state, recruiter_id: offer.recruiter_id } };
}

/** The row menu: active true/false (available/closed) or a new shop name, on an offer of the caller's reach. */
export async function updateManagerOffer(caller: UserRow, jobCode: string, body: OfferUpdateInput, now: Date) {
  const reach = await companyReach(caller);
  const found = await scopedOffer(reach, jobCode);
  if (body.recruiter_id !== undefined && body.recruiter_id !== found.recruiter_id) throw notFound('offer_not_found', 'page_not_allowed');
  if (body.active === undefined && body.shopname === undefined) throw invalid('offer_update_empty', 'offer_update_empty');
  return transaction(async (t) => {
    const offer = await Offer.findByPk(found.id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!offer || offer.state === 'deleted') throw notFound('offer_not_found', 'page_not_allowed');
    const before = { state: offer.state, shopname: offer.shopname };
    const changes: Partial<Pick<Offer, 'state' | 'shopname'>> = {};
    if (body.shopname !== undefined) changes.shopname = body.shopname;
    if (body.active !== undefined) {
      const state = body.active ? 'available' : 'closed';
      if (state !== offer.state) {
        changes.state = state;
      }
    }
    await offer.update(changes, { transaction: t });
    if (changes.state) {
      await recountUsers([offer.recruiter_id as string], t);
      const event = changes.state === 'available' ? 'offer.published' : 'offer.closed';
      await emitWebhookEvent(t, event, { recruiterId: offer.recruiter_id as string }, { job_code: offer.job_code, title: offer.title, state: changes.state, shop_id: offer.shop_id }, now);
    }
    await audit(t, { actorId: caller.id, action: 'update', resource: 'manager-offers', recordId: offer.id, before, after: changes, at: now });
    return { error: false, Item: { job_code: offer.job_code, state: offer.state, active: offer.state === 'available', shopname: offer.shopname } };
  });
}

/** The job that ends one offer's boost when its period is over (decision 251). */
export const BOOST_END_JOB = 'offer-boost-end';

/**
 * Boosts one offer with one of the caller's boosters, for the caller's boost period (users.boost_days,
 * else 7 days: models/rules/boost.ts). Two conditional UPDATEs in one transaction decide under any
 * concurrency: the offer is boosted only if it is not boosted now (a boost whose period is over may
 * be renewed), and a booster is spent only if one is left (none: the transaction rolls back). The
 * job that ends the boost is queued in the same transaction: it exists only if the boost does.
 */
export async function boostOffer(caller: UserRow, jobCode: string, now: Date) {
  const reach = await companyReach(caller);
  const found = await scopedOffer(reach, jobCode).catch(() => {
    throw notFound('offer_not_found', 'offer_not_found');
  });
  const sequelize = boundSequelize();
  return transaction(async (t) => {
    const at = sqlDate(now, dialect());
    const spender = await User.findByPk(caller.id, { attributes: ['id', 'boost_days'], transaction: t });
    const ends = boostEndsAt(now, spender?.boost_days);
    const [, boosted] = await sequelize.query(
      `UPDATE offers SET is_boosted = ?, boosted_at = ?, boost_ends_at = ?, updated_at = ?
        WHERE id = ? AND state = 'available' AND (is_boosted = ? OR boost_ends_at IS NULL OR boost_ends_at <= ?)`,
      { replacements: [true, at, sqlDate(ends, dialect()), at, found.id, false, at], type: QueryTypes.UPDATE, transaction: t },
    );
    if (Number(boosted) !== 1) {
      // A locking read: it sees the boost another request just committed (a plain read would see this
      // transaction's snapshot, taken at its first read, on MariaDB).
      const offer = await Offer.findByPk(found.id, { attributes: ['id', 'is_boosted', 'boost_ends_at', 'state'], transaction: t, lock: t.LOCK.UPDATE });
      if (offer && offer.state === 'available' && isBoostedAt(offer, now)) throw new AppError(409, 'offer_already_boosted', 'offer_already_boosted', { code: 'offer_already_boosted' });
      throw new AppError(409, 'offer_not_available', 'offer_not_available', { code: 'offer_not_available' });
    }
    const [, spent] = await sequelize.query(`UPDATE users SET av_boost = av_boost - 1, used_boost = used_boost + 1, updated_at = ? WHERE id = ? AND av_boost > 0`, {
      replacements: [at, caller.id],
      type: QueryTypes.UPDATE,
      transaction: t,
    });
    if (Number(spent) !== 1) throw new AppError(409, 'no_boosters_available', 'no_boosters_available', { code: 'no_boosters_available' });
    // A second after the end: the queue keeps run_at to the second.
    await enqueue(BOOST_END_JOB, { offer_id: found.id }, { runAt: new Date(ends.getTime() + 1000), transaction: t });
    await audit(t, {
      actorId: caller.id,
      action: 'boost',
      resource: 'manager-offers',
      recordId: found.id,
      before: { is_boosted: false },
      after: { is_boosted: true, boost_ends_at: ends.toISOString() },
      at: now,
    });
    const user = await User.findByPk(caller.id, { attributes: ['av_boost', 'used_boost', 'total_boost'], transaction: t });
    return {
      error: false,
      code: 'offer_boosted',
      Item: { job_code: found.job_code, is_boosted: true, boosted_at: now.toISOString(), boost_ends_at: ends.toISOString() },
      av_boost: user!.av_boost,
      used_boost: user!.used_boost,
    };
  });
}

/**
 * Ends the boosts whose period is over at `now`: one offer's (its job) or all of them (the hourly
 * sweep, for a job lost or a clock moved). The offer keeps boosted_at and boost_ends_at as history.
 * Answers how many boosts ended.
 */
export async function endBoosts(now: Date, offerId?: number): Promise<number> {
  const at = sqlDate(now, dialect());
  const [, ended] = await boundSequelize().query(`UPDATE offers SET is_boosted = ?, updated_at = ? WHERE is_boosted = ? AND boost_ends_at <= ?${offerId === undefined ? '' : ' AND id = ?'}`, {
    replacements: [false, at, true, at, ...(offerId === undefined ? [] : [offerId])],
    type: QueryTypes.UPDATE,
  });
  return Number(ended);
}

export interface ManagerOfferQuery {
  /** Word prefix of the title, job code, shop or city. */
  q?: string;
  state?: string;
  job_code?: string;
  ids?: string[];
  sort: string;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** The SQL of each sort key of the offers table (models/resources/manager-offers MANAGER_OFFER_SORTS). */
const SORT_SQL: Record<string, string> = {
  todo: 'o.todo_count',
  title: 'o.title',
  job_code: 'o.job_code',
  shopname: 'o.shopname',
  recruiter_name: 'u.name',
  created_at: 'o.created_at',
  shortlist: 'o.shortlist_count',
  to_recruit: 'o.to_recruit_count',
  state: 'o.state',
};

/**
 * The offers table of a reach (null: staff, every offer): one page in the asked order with the
 * candidate counts per state (section 3's details: new, view, total, reco, shortlist, to_recruit),
 * and the total. The counts are the offer row's counters (recountOffers, decision 155): the page is
 * one read of the reach's offers, sorted on the (recruiter_id, counter) indexes of migration 014.
 */
export async function listManagerOffers(recruiterIds: string[] | null, q: ManagerOfferQuery): Promise<{ data: Array<Record<string, unknown> & { id: number }>; total: number }> {
  const sequelize = boundSequelize();
  const where: string[] = ["o.state <> 'deleted'"];
  const args: unknown[] = [];
  if (recruiterIds) {
    if (!recruiterIds.length) return { data: [], total: 0 };
    where.push(`o.recruiter_id IN (${recruiterIds.map(() => '?').join(', ')})`);
    args.push(...recruiterIds);
  }
  if (q.state) {
    where.push('o.state = ?');
    args.push(q.state);
  }
  if (q.job_code) {
    where.push('o.job_code = ?');
    args.push(q.job_code.toUpperCase());
  }
  if (q.ids) {
    where.push(q.ids.length ? `o.id IN (${q.ids.map(() => '?').join(', ')})` : '1 = 0');
    args.push(...q.ids);
  }
  if (q.q) {
    const p = `${q.q.trim().replace(/[%_!]/g, (c) => `!${c}`)}%`;
    where.push("(o.title LIKE ? ESCAPE '!' OR o.job_code LIKE ? ESCAPE '!' OR o.shopname LIKE ? ESCAPE '!' OR o.city LIKE ? ESCAPE '!')");
    args.push(p, p.toUpperCase(), p, p);
  }
  const filter = where.join(' AND ');
  const sort = SORT_SQL[q.sort] ?? 'todo';
  const dir = q.order === 'ASC' ? 'ASC' : 'DESC';
  const rows = await sequelize.query<Record<string, unknown>>(
    `SELECT o.id, o.job_code, o.title, o.shopname, o.company_name, o.city, o.zip_code, o.area, o.state, o.is_boosted, o.boosted_at, o.boost_ends_at, o.contract_type, o.created_at, o.recruiter_id,
            u.name AS recruiter_name, u.email AS recruiter_email, u.last_co AS recruiter_last_co,
            o.new_count AS new_candidates, o.view_count AS view_candidates, o.todo_count AS todo,
            o.shortlist_count AS shortlist, o.to_recruit_count AS to_recruit,
            o.candidates_count AS total_candidates, o.reco_count AS total_reco
       FROM offers o
       LEFT JOIN users u ON u.id = o.recruiter_id
      WHERE ${filter}
      ORDER BY ${sort} ${dir}, o.id ${dir}
      LIMIT ${Math.max(1, Math.min(q.limit, 500))} OFFSET ${Math.max(0, q.offset)}`,
    { replacements: args, type: QueryTypes.SELECT },
  );
  const [{ n }] = await sequelize.query<{ n: number }>(`SELECT COUNT(*) AS n FROM offers o WHERE ${filter}`, { replacements: args, type: QueryTypes.SELECT });
  const iso = (v: unknown) => {
    const d = v instanceof Date ? v : v ? new Date(String(v).replace(' ', 'T').replace(' +00:00', 'Z')) : null;
    return d && !Number.isNaN(d.getTime()) ? d.toISOString() : null;
  };
  const data = rows.map((r) => {
    const num = (k: string) => Number(r[k] ?? 0);
    return {
      ...r,
      id: Number(r.id),
      is_boosted: Boolean(Number(r.is_boosted)),
      // When the boost started and ends (decision 251); kept after it ended.
      boosted_at: iso(r.boosted_at),
      boost_ends_at: iso(r.boost_ends_at),
      created_at: iso(r.created_at),
      recruiter_last_co: iso(r.recruiter_last_co),
      new_candidates: num('new_candidates'),
      view_candidates: num('view_candidates'),
      todo: num('todo'),
      shortlist: num('shortlist'),
      to_recruit: num('to_recruit'),
      total_candidates: num('total_candidates'),
      total_reco: num('total_reco'),
      pure_candidates: num('total_candidates') - num('total_reco'),
      // Section 3's shape, for clients of the documented list item.
      offer_created: iso(r.created_at),
      recruiter_details: { sub: r.recruiter_id, name: r.recruiter_name, email: r.recruiter_email, last_co: iso(r.recruiter_last_co) },
      details: {
        new_candidates: num('new_candidates'),
        view_candidates: num('view_candidates'),
        total_candidates: num('total_candidates'),
        total_reco: num('total_reco'),
        shortlist: num('shortlist'),
        to_recruit: num('to_recruit'),
      },
    };
  });
  return { data, total: Number(n) };
}
