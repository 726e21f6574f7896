// The manager's home and user data (back-office.md sections 2, 3 and 7): GET /apis/manager (tiles,
// shops, the to-recruit table), ?user=me (the caller's plan, boosters, name and manager list: what
// the console decides the manager menu from) and ?user={sub} (one of the manager's recruiters).
import { boundSequelize, ManagerRecruiter, User, type UserRow, readRows, type SqlValue } from '../../../models/index.js';
import { readDate } from '../../../models/rules/dates.js';
import { notFound, unauthorized } from '../../lib/errors.js';
import { isManager, reachOf, type Reach, isCandidate } from '../../auth/access.js';
import { userAudience, type MediaUrls } from '../../integrations/media-urls.js';
import { hasSubscriptions } from '../billing/subscription-reads.service.js';
import { listShops, RECRUITER_PICTURE_DEFAULT } from '../offers/shops.service.js';
import { TO_RECRUIT_PAGE_DEFAULT } from './manager.schema.js';
import { sqlDate } from '../../../models/columns.js';

const iso = (v: unknown) => readDate(v)?.toISOString() ?? null;
const marks = (n: number) => Array.from({ length: n }, () => '?').join(', ');

/** The spec's manager user data; actives_candidates_count is counted here (decision 112). */
/** Who the manager is and their boosters, as the home and /apis/manager/me both answer them. */
function accountView(user: UserRow) {
  return {
    sub: user.id,
    name: user.name,
    email: user.email,
    picture: user.picture,
    user_plan: user.user_plan,
    total_boost: user.total_boost ?? 0,
    av_boost: user.av_boost ?? 0,
    used_boost: user.used_boost ?? 0,
  };
}

async function userData(user: UserRow, reach: Reach) {
  const ids = reach.all ? [user.id] : reach.recruiterIds;
  // Active candidates: complete applications on available offers, not being rejected: the sum of
  // those offers' active_count counters (recountOffers, decision 155).
  const [active] = await readRows<{ n: number }>(`SELECT COALESCE(SUM(o.active_count), 0) AS n FROM offers o WHERE o.recruiter_id IN (${marks(ids.length)}) AND o.state = 'available'`, ids);
  return {
    ...accountView(user),
    offers_count: user.offers_count,
    candidates_count: user.candidates_count,
    actives_offers_count: user.actives_offers_count,
    actives_candidates_count: Number(active?.n ?? 0),
    to_recruit: user.to_recruit,
    recruited: user.recruited,
    last_co: iso(user.last_co),
  };
}

/** A page of the home's to_recruit_list (decision 156). */
export interface ToRecruitPage {
  limit?: number;
  after?: { at: Date; id: number };
}

/**
 * GET /apis/manager: the home (user data, shops with recruiters, candidates to recruit). The
 * to_recruit_list is one page, newest first (50 by default), `to_recruit_next` the cursor of the
 * next page (null on the last), `user.to_recruit` the size of the whole list.
 */
export async function managerHome(caller: UserRow, media: MediaUrls, now: Date, page: ToRecruitPage = {}) {
  const reach = await reachOf(caller);
  // The caller was read from the database for this request (api/auth/sessions.ts): not read again.
  const ids = reach.all ? [caller.id] : reach.recruiterIds;
  const limit = page.limit ?? TO_RECRUIT_PAGE_DEFAULT;
  const d = boundSequelize().getDialect() === 'sqlite' ? 'sqlite' : 'mysql';
  const args: SqlValue[] = [...ids];
  let cond = '';
  if (page.after) {
    cond = ' AND (a.submit_date < ? OR (a.submit_date = ? AND a.id < ?))';
    args.push(sqlDate(page.after.at, d), sqlDate(page.after.at, d), page.after.id);
  }
  // The page's ids from the (recruiter_id, recruiter_state, state, submit_date) index alone, then
  // only those rows with their offer and people.
  const toRecruit = async () => {
    const found = await readRows<{ id: number }>(
      `SELECT a.id FROM applications a
      WHERE a.recruiter_id IN (${marks(ids.length)}) AND a.recruiter_state = 'to_recruit' AND a.state = 'complete'${cond}
      ORDER BY a.submit_date DESC, a.id DESC LIMIT ${limit + 1}`,
      args,
    );
    const pageIds = found.slice(0, limit).map((r) => Number(r.id));
    const fetched = pageIds.length
      ? await readRows(
          `SELECT a.id, a.candidate_id, a.recruiter_id, a.submit_date, a.cv_key, o.job_code, o.title, o.shopname,
                c.name AS c_name, c.email AS c_email, c.picture AS c_picture, c.phone AS c_phone, r.name AS r_name, r.email AS r_email
           FROM applications a JOIN offers o ON o.id = a.offer_id JOIN users c ON c.id = a.candidate_id LEFT JOIN users r ON r.id = a.recruiter_id
          WHERE a.id IN (${marks(pageIds.length)})`,
          pageIds,
        )
      : [];
    const byId = new Map(fetched.map((r) => [Number(r.id), r]));
    const rows = pageIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    return { found, rows };
  };
  // The to-recruit page, the shops, the counters and the subscription flag do not depend on one
  // another: on MariaDB their round trips overlap (decision 404); SQLite runs them one by one anyway.
  const [{ found, rows }, shops, user, subscribed] = await Promise.all([toRecruit(), listShops(caller, reach), userData(caller, reach), hasSubscriptions(caller.id)]);
  const last = rows.at(-1);
  const audience = userAudience(caller.id);
  return {
    user: { ...user, has_subscriptions: subscribed },
    shops: shops.Items,
    recruiters: shops.recruiters,
    to_recruit_list: rows.map((r) => ({
      Pk: String(r.candidate_id),
      Sk: String(r.job_code),
      Data: String(r.recruiter_id),
      candidate: { name: String(r.c_name ?? ''), email: String(r.c_email), picture: (r.c_picture as string | null) ?? null, phone: (r.c_phone as string | null) ?? null },
      submit_date: iso(r.submit_date),
      offer: { title: String(r.title), shopname: (r.shopname as string | null) ?? null },
      recruiter: { name: String(r.r_name ?? ''), email: String(r.r_email ?? '') },
      cv_url: r.cv_key ? media.sign(String(r.cv_key), audience, now) : null,
    })),
    to_recruit_next: found.length > limit && last ? `${iso(last.submit_date)}|${Number(last.id)}` : null,
  };
}

/** GET /apis/manager?user=me: any signed-in account; the console shows the manager area when is_manager. */
export async function managerMe(caller: UserRow | undefined) {
  if (!caller) throw unauthorized();
  const links = await ManagerRecruiter.findAll({ where: { manager_id: caller.id }, include: [{ model: User, as: 'recruiter', attributes: ['id', 'name', 'email', 'picture', 'profile'] }] });
  const recruiters = links.map((l) => (l as ManagerRecruiter & { recruiter?: User }).recruiter).filter((u): u is User => !!u);
  return {
    user: {
      ...accountView(caller),
      is_manager: await isManager(caller),
      has_subscriptions: await hasSubscriptions(caller.id),
    },
    managers: recruiters.map((u) => ({ sub: u.id, name: u.name, email: u.email, picture: u.picture ?? RECRUITER_PICTURE_DEFAULT, profile: u.profile })),
  };
}

/** GET /apis/manager?user={sub}: the caller themselves or one of their recruiters; anyone else 404. */
export async function managerUser(caller: UserRow, sub: string) {
  const reach = await reachOf(caller);
  const visible = reach.all || reach.recruiterIds.includes(sub);
  const user = visible ? await User.findByPk(sub) : null;
  if (!user || isCandidate(user)) throw notFound('user_not_found', 'not_found');
  return { user: await userData(user, await reachOf(user)) };
}
