// The users list's server read model (decisions 061, 063, 065): it walks the covering index
// users_console_list, or for a word search the token rows (which carry the same list columns), so
// filters, order and the capped count stay on one index either way; the cards get their contact and
// close histories, pending wishlist entries, the contactable rule and the card colour. Writes go to
// the identity and staff services.
import { QueryTypes } from 'sequelize';
import { ManagerRecruiter, PlanLimit } from '../../../models/index.js';
import { USER_SEARCH } from '../../../models/search/specs.js';
import { parseSearch, searchWalk } from '../../../models/search/query.js';
import { notFound } from '../../lib/errors.js';
import { Where, likeContains, likePrefix, runList, tokenWalk, type ListSql } from '../query.js';
import { applyDeclaredFilters, applyScope, filterColumn, parseJson } from '../read.js';
import { readDate } from '../../../models/rules/dates.js';
import type { ConsoleCtx, Rec, ServerPart } from '../types.js';
import type { BoostersAction, ContactAction, PlanAction, RecruitersAction, SubstituteAction } from '../../../models/resources/users/actions.js';
import * as staff from '../../services/accounts/staff-users.service.js';
import { createRecruiter } from '../../services/accounts/recruiters.service.js';
import { cardColor, contactable as isContactable } from '../../services/accounts/user-cards.service.js';
import { users } from '../../../models/resources/users/resource.js';

const USER_COLUMNS = [
  'id',
  'email',
  'name',
  'phone',
  'picture',
  'profile',
  'is_admin',
  'user_plan',
  'created_at',
  'last_co',
  'closed_at',
  'contactable',
  'is_migration',
  'av_boost',
  'total_boost',
  'used_boost',
  'boost_days',
  'recos_count',
  'recommanded_count',
  'recruited',
  'to_recruit',
  'actives_offers_count',
  'candidates_count',
  'offers_count',
  'applications_count',
  'wishlist_count',
  'wishlist_pending_count',
  'contacts_count',
  'notif',
  'lang',
  'country_iso',
];

/** Adds what the user cards show: histories, pending wishlist entries, contactable rule and colour. */
async function decorateUsers(ctx: ConsoleCtx, rows: Record<string, unknown>[]): Promise<Rec[]> {
  const ids = rows.map((r) => String(r.id));
  // Plain SQL on the (user_id, at) indexes: every list page asks this.
  const marks = ids.map(() => '?').join(', ');
  const select = { replacements: ids, type: QueryTypes.SELECT } as const;
  const contacts = ids.length
    ? await ctx.sequelize.query<{ user_id: string; action: string; at: unknown }>(`SELECT user_id, action, at FROM user_contact_events WHERE user_id IN (${marks}) ORDER BY at, id`, select)
    : [];
  const closes = ids.length ? await ctx.sequelize.query<{ user_id: string; at: unknown }>(`SELECT user_id, at FROM user_close_events WHERE user_id IN (${marks}) ORDER BY at`, select) : [];
  const wishers = rows.filter((r) => Number(r.wishlist_pending_count) > 0).map((r) => String(r.id));
  const wishlist = wishers.length
    ? await ctx.sequelize.query<{ candidate_id: string; id: number; job_code: string; title: string; state: string; added_at: unknown }>(
        `SELECT w.candidate_id, w.id, o.job_code, o.title, w.state, w.added_at FROM wishlist_entries w JOIN offers o ON o.id = w.offer_id
         WHERE w.candidate_id IN (${wishers.map(() => '?').join(', ')}) AND w.state = 'pending' ORDER BY w.added_at DESC`,
        { replacements: wishers, type: QueryTypes.SELECT },
      )
    : [];
  const now = ctx.clock();
  return rows.map((row) => {
    const r: Record<string, unknown> = { ...row };
    for (const k of ['created_at', 'last_co', 'closed_at']) r[k] = readDate(r[k])?.toISOString() ?? null;
    for (const k of ['is_admin', 'contactable', 'is_migration']) r[k] = r[k] === null ? null : Boolean(Number(r[k]));
    r.notif = parseJson(r.notif);
    const history = contacts.filter((c) => c.user_id === r.id).map((c) => ({ date: Math.floor(readDate(c.at)!.getTime() / 1000), action: c.action }));
    const closeHistory = closes.filter((c) => c.user_id === r.id).map((c) => ({ date: Math.floor(readDate(c.at)!.getTime() / 1000) }));
    const created = readDate(row.created_at)!;
    const contactable = isContactable(
      {
        profile: String(r.profile),
        contactable: Boolean(r.contactable),
        applications_count: Number(r.applications_count),
        created_at: created,
        closed_at: r.closed_at as string | null,
        closeHistoryCount: closeHistory.length,
      },
      now,
    );
    return {
      ...r,
      id: String(r.id),
      created: Math.floor(created.getTime() / 1000),
      wishlist: wishlist.filter((w) => w.candidate_id === r.id).map(({ candidate_id: _c, ...w }) => ({ ...w, added_at: readDate(w.added_at)?.toISOString() ?? null })),
      contact_history: history,
      close_history: closeHistory,
      contactable,
      state_color: cardColor(history[history.length - 1]?.action, contactable),
    };
  });
}

async function usersList(ctx: ConsoleCtx, f: Record<string, unknown>, scope: Parameters<NonNullable<ServerPart['list']>>[2]): Promise<ListSql> {
  const text = typeof f.q === 'string' ? f.q : '';
  const search = text ? parseSearch(text) : null;
  const a = search?.kind === 'terms' ? 's' : 'u';
  const id = a === 's' ? 's.user_id' : 'u.id';
  const where = new Where();
  applyDeclaredFilters(users, f, where, (source) => (source === 'id' ? id : `${a}.${filterColumn(users, source)}`), ctx.dialect);
  applyScope(scope, where, (c) => `${a}.${c}`);
  if (f.show_closed !== true) where.add(`${a}.closed_at IS NULL`);
  if (f.hide_migrated === true) where.add(`${a}.is_migration = ?`, false);
  if (f.wishlist_pending === true) where.add(`${a}.wishlist_pending_count > 0`);
  if (typeof f.managed_by === 'string') where.add(`${id} IN (SELECT mr.recruiter_id FROM manager_recruiters mr WHERE mr.manager_id = ?)`, f.managed_by);
  if (typeof f.wishlist_job_code === 'string' && f.wishlist_job_code) {
    where.add(`${id} IN (SELECT w.candidate_id FROM wishlist_entries w JOIN offers o ON o.id = w.offer_id WHERE o.job_code = ? AND w.state = 'pending')`, f.wishlist_job_code.toUpperCase());
  }
  if (search?.kind === 'id') where.add('u.id = ?', search.id);
  if (search?.kind === 'emailPrefix') where.add("u.email LIKE ? ESCAPE '!'", likePrefix(search.prefix));
  // An address typed whole or in part: its words' rarest token or its address key's range is walked, then the address itself must contain the text.
  if (search?.kind === 'terms' && search.email) where.add("EXISTS (SELECT 1 FROM users ue WHERE ue.id = s.user_id AND ue.email LIKE ? ESCAPE '!')", likeContains(search.email));
  const profile = typeof f.profile === 'string' ? { profile: f.profile } : undefined;
  const walk = search?.kind === 'terms' ? tokenWalk(USER_SEARCH, await searchWalk(ctx.sequelize, USER_SEARCH, search.terms, profile, search.emailKey), search.terms, where, 's') : 'users u';
  return {
    from: 'users u',
    columns: USER_COLUMNS.map((c) => `u.${c}`).join(', '),
    sortColumn: `${a}.created_at`,
    idColumn: id,
    where,
    walk: { from: walk, rowId: 'u.id' },
  };
}

async function getUser(ctx: ConsoleCtx, id: string): Promise<Rec> {
  const rows = await ctx.sequelize.query<Record<string, unknown>>(`SELECT ${USER_COLUMNS.map((c) => `u.${c}`).join(', ')} FROM users u WHERE u.id = ?`, {
    replacements: [id],
    type: QueryTypes.SELECT,
  });
  if (!rows.length) throw notFound('user_not_found', 'console_user_not_found');
  const [user] = await decorateUsers(ctx, rows);
  const limit = await PlanLimit.findOne({ where: { user_id: id }, raw: true });
  const recruiters = await ManagerRecruiter.findAll({ where: { manager_id: id }, attributes: ['recruiter_id'], raw: true });
  return {
    ...user,
    // A non-custom recruiter shows limit 0 (section 9).
    actives_offers_limit: user.user_plan === 'custom' ? (limit?.actives_offers ?? 0) : 0,
    recruiters: recruiters.map((r) => r.recruiter_id),
  };
}

// Name and phone are edited by the generic update (api/services/platform/console-records.service.ts); plan,
// boosters and the rest go through their actions.
const actor = (ctx: ConsoleCtx) => ({ id: ctx.caller.user.id });

export const usersServer: ServerPart = {
  async list(ctx, q, scope) {
    const { rows, total } = await runList(ctx.sequelize, users, q, await usersList(ctx, q.filter, scope));
    return { data: await decorateUsers(ctx, rows), total };
  },
  get: (ctx, id) => getUser(ctx, id),
  // "Créer un recruteur": the identity service creates the account (with its own audit).
  async create(ctx, data) {
    const user = await createRecruiter({ name: String(data.name), email: String(data.email), password: String(data.password) }, actor(ctx));
    return user.id;
  },
  remove: async (ctx, id) => {
    await staff.deleteUser(actor(ctx), id, ctx.clock(), { storage: ctx.storage, uploads: ctx.uploads });
  },
  actions: {
    plan: (ctx, id, body: PlanAction) => staff.changePlan(actor(ctx), id, body, ctx.clock()),
    boosters: (ctx, id, body: BoostersAction) => staff.addBoosters(actor(ctx), id, body, ctx.clock()),
    substitute: (ctx, id, body: SubstituteAction) => staff.substitute(actor(ctx), id, body, ctx.clock()),
    close: (ctx, id) => staff.closeUser(actor(ctx), id, ctx.clock()),
    contact: (ctx, id, body: ContactAction) => staff.addContacts(actor(ctx), id, body, ctx.clock()),
    recruiters: (ctx, id, body: RecruitersAction) => staff.assignRecruiters(actor(ctx), id, body, ctx.clock()),
  },
};
