// The server part of each console resource: where its rows live, how text search runs on an index,
// what a record looks like, and which service each write and action calls. The declaration
// (admin/resources/) says what exists and who may do what; this file says how.
import { retryingTransaction } from '../services/retry-transaction.js';
import { QueryTypes } from 'sequelize';
import {
  ApplicationAnswer, LandingInterest, PlanLimit, ManagerRecruiter, Offer, User, WishlistEntry, models,
} from '../../models/index.js';
import { audit } from '../services/audit.service.js';
import { recountUsers } from '../services/user-counters.service.js';
import { notFound } from '../lib/errors.js';
import { RESOURCES, type ResourceDecl } from '../../admin/resources/index.js';
import { applyDeclaredFilters, applyScope, writableBody, type ConsoleCtx, type Rec, type Scope, type ServerResource } from './engine.js';
import { Where, likePrefix, readDate, runList, tokenWalk, type ListQuery, type ListSql } from './query.js';
import { OFFER_SEARCH, USER_SEARCH, parseSearch, rarestFirst, searchTokens, type IndexSpec } from '../../models/search-index.js';
import * as staff from '../services/staff-users.service.js';
import * as apps from '../services/staff-applications.service.js';
import * as landings from '../services/custom-landings.service.js';
import { createRecruiter } from '../services/recruiters.service.js';

const decl = (name: string): ResourceDecl => {
  const d = RESOURCES.find((r) => r.name === name);
  if (!d) throw new Error(`no declaration for ${name}`);
  return d;
};

/** Raw row values as the API gives them: dates in ISO, booleans as booleans. */
function normalize(row: Record<string, unknown>, dates: string[], bools: string[] = [], json: string[] = []): Rec {
  const out: Record<string, unknown> = { ...row };
  for (const k of dates) if (k in out) out[k] = readDate(out[k])?.toISOString() ?? null;
  for (const k of bools) if (k in out) out[k] = out[k] === null ? null : Boolean(Number(out[k]));
  for (const k of json) {
    if (typeof out[k] === 'string') {
      try {
        out[k] = JSON.parse(out[k] as string);
      } catch {
        out[k] = null;
      }
    }
  }
  return out as Rec;
}

// ---------------------------------------------------------------- users
const USER_COLUMNS = [
  'id', 'email', 'name', 'phone', 'picture', 'profile', 'is_admin', 'user_plan', 'created_at', 'last_co', 'closed_at', 'contactable', 'is_migration',
  'av_boost', 'total_boost', 'used_boost', 'recos_count', 'recommanded_count', 'recruited', 'to_recruit', 'actives_offers_count', 'candidates_count',
  'offers_count', 'applications_count', 'wishlist_count', 'wishlist_pending_count', 'contacts_count', 'notif', 'lang', 'country_iso',
];
const SIX_HOURS = 6 * 3600_000;

/** Adds what the user cards show: histories, contactable rule and state colour (decision 063). */
async function decorateUsers(ctx: ConsoleCtx, rows: Record<string, unknown>[]): Promise<Rec[]> {
  const ids = rows.map((r) => String(r.id));
  // Plain SQL on the (user_id, at) indexes: every list page asks this.
  const marks = ids.map(() => '?').join(', ');
  const select = { replacements: ids, type: QueryTypes.SELECT } as const;
  const contacts = ids.length ? await ctx.sequelize.query<{ user_id: string; action: string; at: unknown }>(`SELECT user_id, action, at FROM user_contact_events WHERE user_id IN (${marks}) ORDER BY at, id`, select) : [];
  const closes = ids.length ? await ctx.sequelize.query<{ user_id: string; at: unknown }>(`SELECT user_id, at FROM user_close_events WHERE user_id IN (${marks}) ORDER BY at`, select) : [];
  // The pending wishlist entries of the candidates that have some (the wishlist view's cards show them).
  const wishers = rows.filter((r) => Number(r.wishlist_pending_count) > 0).map((r) => String(r.id));
  const wishlist = wishers.length
    ? await ctx.sequelize.query<{ candidate_id: string; id: number; job_code: string; title: string; state: string; added_at: unknown }>(
        `SELECT w.candidate_id, w.id, o.job_code, o.title, w.state, w.added_at FROM wishlist_entries w JOIN offers o ON o.id = w.offer_id
         WHERE w.candidate_id IN (${wishers.map(() => '?').join(', ')}) AND w.state = 'pending' ORDER BY w.added_at DESC`,
        { replacements: wishers, type: QueryTypes.SELECT },
      )
    : [];
  const now = ctx.clock().getTime();
  return rows.map((row) => {
    const r = normalize(row, ['created_at', 'last_co', 'closed_at'], ['is_admin', 'contactable', 'is_migration'], ['notif']);
    const history = contacts.filter((c) => c.user_id === r.id).map((c) => ({ date: Math.floor(readDate(c.at)!.getTime() / 1000), action: c.action }));
    const closeHistory = closes.filter((c) => c.user_id === r.id).map((c) => ({ date: Math.floor(readDate(c.at)!.getTime() / 1000) }));
    const created = readDate(row.created_at)!.getTime();
    const contactable = r.profile === 'landing'
      ? true
      : Boolean(r.contactable) && Number(r.applications_count) === 0 && now - created > SIX_HOURS && closeHistory.length === 0 && !r.closed_at;
    const last = history[history.length - 1]?.action;
    return {
      ...r,
      created: Math.floor(created / 1000),
      wishlist: wishlist.filter((w) => w.candidate_id === r.id).map(({ candidate_id: _c, ...w }) => ({ ...w, added_at: readDate(w.added_at)?.toISOString() ?? null })),
      contact_history: history,
      close_history: closeHistory,
      contactable,
      state_color: last === 'will_postulate' ? 'yellow' : contactable ? 'green' : 'grey',
    };
  });
}

/**
 * The users list: walks the covering index users_console_list, or for a word search the token
 * rows (which carry the same list columns), so filters, order and the capped count stay on one
 * index either way (decisions 061 and 065).
 */
async function usersList(ctx: ConsoleCtx, q: ListQuery, scope: Scope): Promise<ListSql> {
  const f = q.filter;
  const text = typeof f.q === 'string' ? f.q.trim() : '';
  const search = text ? parseSearch(text) : null;
  const a = search?.kind === 'tokens' ? 's' : 'u';
  const id = a === 's' ? 's.user_id' : 'u.id';
  const where = new Where();
  applyDeclaredFilters(decl('users'), f, where, a, ctx.dialect, { id });
  applyScope(scope, where, a);
  if (f.show_closed !== true && f.show_closed !== 'true') where.add(`${a}.closed_at IS NULL`);
  if (f.hide_migrated === true || f.hide_migrated === 'true') where.add(`${a}.is_migration = ?`, false);
  if (f.wishlist_pending === true || f.wishlist_pending === 'true') where.add(`${a}.wishlist_pending_count > 0`);
  if (typeof f.managed_by === 'string') where.add(`${id} IN (SELECT mr.recruiter_id FROM manager_recruiters mr WHERE mr.manager_id = ?)`, f.managed_by);
  if (typeof f.wishlist_job_code === 'string' && f.wishlist_job_code.trim()) {
    where.add(`${id} IN (SELECT w.candidate_id FROM wishlist_entries w JOIN offers o ON o.id = w.offer_id WHERE o.job_code = ? AND w.state = 'pending')`, f.wishlist_job_code.trim().toUpperCase());
  }
  if (search?.kind === 'id') where.add('u.id = ?', search.id);
  if (search?.kind === 'email') where.add("u.email LIKE ? ESCAPE '!'", likePrefix(search.prefix));
  const profile = typeof f.profile === 'string' ? { profile: f.profile } : undefined;
  const walk = search?.kind === 'tokens' ? tokenWalk(USER_SEARCH, await rarestFirst(ctx.sequelize, USER_SEARCH, search.tokens, profile), where, 's') : 'users u';
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

const usersResource: ServerResource = {
  async list(ctx, q, scope) {
    const { rows, total } = await runList(ctx.sequelize, decl('users'), q, await usersList(ctx, q, scope));
    return { data: await decorateUsers(ctx, rows), total };
  },
  get: (ctx, id) => getUser(ctx, id),
  // "Créer un recruteur": the identity service creates the account (with its own audit).
  async create(ctx, body) {
    const user = await createRecruiter({ name: String(body.name ?? ''), email: String(body.email ?? ''), password: String(body.password ?? '') }, { id: ctx.caller.user.id });
    return getUser(ctx, user.id);
  },
  async update(ctx, id, body) {
    // Name and phone are edited here; plan, boosters and the rest go through their actions.
    const data = writableBody(decl('users'), body, false);
    await staffUpdate(ctx, id, data);
    return getUser(ctx, id);
  },
  async remove(ctx, id) {
    const before = await getUser(ctx, id);
    await staff.deleteUser({ id: ctx.caller.user.id }, id, ctx.clock());
    return before;
  },
  actions: {
    plan: (ctx, id, body) => staff.changePlan({ id: ctx.caller.user.id }, id, body as never, ctx.clock()),
    boosters: (ctx, id, body) => staff.addBoosters({ id: ctx.caller.user.id }, id, body as never, ctx.clock()),
    substitute: (ctx, id, body) => staff.substitute({ id: ctx.caller.user.id }, id, body as never, ctx.clock()),
    close: (ctx, id) => staff.closeUser({ id: ctx.caller.user.id }, id, ctx.clock()),
    contact: (ctx, id, body) => staff.addContacts({ id: ctx.caller.user.id }, id, body as never, ctx.clock()),
    recruiters: (ctx, id, body) => staff.assignRecruiters({ id: ctx.caller.user.id }, id, body as never, ctx.clock()),
  },
};

async function staffUpdate(ctx: ConsoleCtx, id: string, data: Record<string, unknown>): Promise<void> {
  await retryingTransaction(async (t) => {
    const user = await User.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!user) throw notFound('user_not_found', 'console_user_not_found');
    const before = Object.fromEntries(Object.keys(data).map((k) => [k, user.get(k as never)]));
    await user.update(data, { transaction: t });
    await audit(t, { actorId: ctx.caller.user.id, action: 'update', resource: 'users', recordId: id, before, after: data, at: ctx.clock() });
  });
}

// ---------------------------------------------------------------- a plain table resource
interface TableSpec {
  name: string;
  from: string;
  alias: string;
  columns: string[];
  /** Column used for scoping and the declared filters (alias-qualified). */
  base?: (where: Where) => void;
  search?: (ctx: ConsoleCtx, text: string, where: Where) => void;
  /** Filter columns that live on a joined table. */
  columnMap?: Record<string, string>;
  /**
   * Word search on a token table (models/search-index.ts): with a search the list walks the token
   * rows (alias `s`) in list order, the declared filters mapped to their columns by `columnMap`.
   */
  tokens?: { index: IndexSpec; columnMap: Record<string, string> };
  dates?: string[];
  bools?: string[];
  json?: string[];
  decorate?: (ctx: ConsoleCtx, rows: Rec[]) => Promise<Rec[]>;
}

function tableResource(spec: TableSpec, writes: Partial<Pick<ServerResource, 'create' | 'update' | 'remove' | 'actions'>> = {}): ServerResource {
  const d = decl(spec.name);
  const columns = spec.columns.join(', ');
  const shape = async (ctx: ConsoleCtx, rows: Record<string, unknown>[]) => {
    const out = rows.map((r) => normalize(r, spec.dates ?? ['created_at'], spec.bools, spec.json));
    return spec.decorate ? spec.decorate(ctx, out) : out;
  };
  const whereFor = (ctx: ConsoleCtx, filter: Record<string, unknown>, scope: Scope) => {
    const where = new Where();
    spec.base?.(where);
    applyDeclaredFilters(d, filter, where, spec.alias, ctx.dialect, spec.columnMap);
    applyScope(scope, where, spec.alias);
    const text = typeof filter.q === 'string' ? filter.q.trim() : '';
    if (text && spec.search) spec.search(ctx, text, where);
    return where;
  };
  const getOne = async (ctx: ConsoleCtx, id: string, scope: Scope) => {
    const where = whereFor(ctx, {}, scope).add(`${spec.alias}.id = ?`, id);
    const rows = await ctx.sequelize.query<Record<string, unknown>>(`SELECT ${columns} FROM ${spec.from} ${where.sql()}`, { replacements: where.params, type: QueryTypes.SELECT });
    if (!rows.length) throw notFound();
    return (await shape(ctx, rows))[0];
  };
  const tokenList = async (ctx: ConsoleCtx, q: ListQuery, scope: Scope, text: string, tokens: NonNullable<TableSpec['tokens']>): Promise<ListSql> => {
    const where = new Where();
    applyDeclaredFilters(d, q.filter, where, 's', ctx.dialect, tokens.columnMap);
    applyScope(scope, where, 's');
    const walk = tokenWalk(tokens.index, await rarestFirst(ctx.sequelize, tokens.index, searchTokens(text)), where, 's');
    return { from: spec.from, columns, sortColumn: `s.${d.sort[0]}`, idColumn: `s.${tokens.index.key}`, where, walk: { from: walk, rowId: `${spec.alias}.id` } };
  };
  return {
    async list(ctx, q, scope) {
      const text = typeof q.filter.q === 'string' ? q.filter.q.trim() : '';
      const sortField = d.fields.some((f) => f.source === q.sort.field) ? q.sort.field : d.sort[0];
      const sql: ListSql = text && spec.tokens
        ? await tokenList(ctx, q, scope, text, spec.tokens)
        : { from: spec.from, columns, sortColumn: `${spec.alias}.${sortField}`, idColumn: `${spec.alias}.id`, where: whereFor(ctx, q.filter, scope), walk: { from: spec.from, rowId: `${spec.alias}.id` } };
      const { rows, total } = await runList(ctx.sequelize, d, q, sql);
      return { data: await shape(ctx, rows), total };
    },
    get: getOne,
    ...writes,
  };
}

// ---------------------------------------------------------------- landings (leads without account)
const landingsResource = tableResource(
  {
    name: 'landings',
    from: 'landing_interests l',
    alias: 'l',
    columns: ['l.id', 'l.email', 'l.firstname', 'l.lastname', 'l.phone_number', 'l.job_code', 'l.cgu_from', 'l.custom', 'l.notif', 'l.notif_resend', 'l.notified_at', 'l.created_at'],
    dates: ['created_at', 'notified_at'],
    base: (w) => w.add('l.user_id IS NULL'),
    // Prefix search on indexed columns (no leading wildcard): email, names, phone, job code.
    search: (_ctx, text, w) => {
      const p = likePrefix(text);
      w.add("(l.email LIKE ? ESCAPE '!' OR l.lastname LIKE ? ESCAPE '!' OR l.firstname LIKE ? ESCAPE '!' OR l.phone_number LIKE ? ESCAPE '!' OR l.job_code = ?)", p.toLowerCase(), p, p, p, text.toUpperCase());
    },
    decorate: async (_ctx, rows) => rows.map((r) => ({ ...r, profile: 'landing', contactable: true, state_color: 'green' })),
  },
  {
    async update(ctx, id, body) {
      const data = writableBody(decl('landings'), body, false);
      await retryingTransaction(async (t) => {
        const lead = await LandingInterest.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
        if (!lead || lead.user_id) throw notFound();
        const before = { notif: lead.notif };
        await lead.update({ ...data, ...(data.notif !== undefined && data.notif !== 0 ? { notified_at: ctx.clock() } : {}) }, { transaction: t });
        await audit(t, { actorId: ctx.caller.user.id, action: 'update', resource: 'landings', recordId: id, before, after: data, at: ctx.clock() });
      });
      return landingsResource.get(ctx, id, null);
    },
    async remove(ctx, id) {
      const before = await landingsResource.get(ctx, id, null);
      await retryingTransaction(async (t) => {
        await LandingInterest.destroy({ where: { id, user_id: null }, transaction: t });
        await audit(t, { actorId: ctx.caller.user.id, action: 'delete', resource: 'landings', recordId: id, before, after: null, at: ctx.clock() });
      });
      return before;
    },
  },
);

// ---------------------------------------------------------------- offers
const offersResource: ServerResource = tableResource(
  {
    name: 'offers',
    from: 'offers o',
    alias: 'o',
    columns: ['o.id', 'o.job_code', 'o.recruiter_id', 'o.title', 'o.company_name', 'o.description', 'o.city', 'o.zip_code', 'o.country_iso', 'o.state', 'o.is_boosted', 'o.created_at'],
    bools: ['is_boosted'],
    tokens: {
      index: OFFER_SEARCH,
      columnMap: { id: 's.offer_id', job_code: '(SELECT o2.job_code FROM offers o2 WHERE o2.id = s.offer_id)' },
    },
    // Candidate counts for the page's offers only (grouped on the applications offer index).
    decorate: async (ctx, rows) => {
      if (!rows.length) return rows;
      const ids = rows.map((r) => r.id);
      const counts = await ctx.sequelize.query<{ offer_id: number; n: number }>(
        `SELECT offer_id, COUNT(*) AS n FROM applications WHERE offer_id IN (${ids.map(() => '?').join(', ')}) AND state = 'complete' GROUP BY offer_id`,
        { replacements: ids, type: QueryTypes.SELECT },
      );
      return rows.map((r) => ({ ...r, candidates: Number(counts.find((c) => Number(c.offer_id) === Number(r.id))?.n ?? 0) }));
    },
  },
  {
    async update(ctx, id, body, scope) {
      const current = await offersResource.get(ctx, id, scope);
      const data = writableBody(decl('offers'), body, false);
      await retryingTransaction(async (t) => {
        const offer = await Offer.findByPk(id, { transaction: t, lock: t.LOCK.UPDATE });
        if (!offer) throw notFound('offer_not_found', 'offer_not_found');
        const before = Object.fromEntries(Object.keys(data).map((k) => [k, offer.get(k as never)]));
        await offer.update(data, { transaction: t });
        await recountUsers([offer.recruiter_id as string], t);
        await audit(t, { actorId: ctx.caller.user.id, action: 'update', resource: 'offers', recordId: id, before, after: data, at: ctx.clock() });
      });
      return { ...current, ...(await offersResource.get(ctx, id, scope)) };
    },
  },
);

// ---------------------------------------------------------------- wishlists
const wishlistsResource: ServerResource = tableResource(
  {
    name: 'wishlists',
    from: 'wishlist_entries w JOIN offers o ON o.id = w.offer_id',
    alias: 'w',
    columns: ['w.id', 'w.candidate_id', 'w.offer_id', 'o.job_code', 'o.title', 'w.state', 'w.added_at'],
    dates: ['added_at'],
    columnMap: { job_code: 'o.job_code' },
  },
  {
    async remove(ctx, id) {
      const before = await wishlistsResource.get(ctx, id, null);
      await retryingTransaction(async (t) => {
        await WishlistEntry.destroy({ where: { id }, transaction: t });
        await recountUsers([String(before.candidate_id)], t);
        await audit(t, { actorId: ctx.caller.user.id, action: 'delete', resource: 'wishlists', recordId: id, before, after: null, at: ctx.clock() });
      });
      return before;
    },
  },
);
// ---------------------------------------------------------------- applications
const applicationsResource: ServerResource = tableResource(
  {
    name: 'applications',
    from: 'applications a JOIN offers o ON o.id = a.offer_id',
    alias: 'a',
    columns: ['a.id', 'a.candidate_id', 'a.recruiter_id', 'a.offer_id', 'o.job_code', 'o.title', 'a.state', 'a.recruiter_state', 'a.start_date', 'a.submit_date', 'a.created_at'],
    dates: ['created_at', 'start_date', 'submit_date'],
    decorate: async (_ctx, rows) => {
      if (!rows.length) return rows;
      const answers = await ApplicationAnswer.findAll({ where: { application_id: rows.map((r) => Number(r.id)) }, order: [['position', 'ASC']], raw: true });
      return rows.map((r) => {
        const questions = answers
          .filter((q) => Number(q.application_id) === Number(r.id))
          .map((q) => ({ id: q.qid, question: q.question, uploadPath: q.upload_path, method: q.method, state: q.state ?? undefined }));
        // Flagged bad when any question is not done (section 4).
        return { ...r, questions, is_bad: questions.some((q) => q.state !== 'done') };
      });
    },
  },
  {
    actions: {
      reset: (ctx, id) => apps.resetApplication({ id: ctx.caller.user.id }, id, ctx.clock()),
      'force-send': (ctx, id) => apps.forceSendApplication({ id: ctx.caller.user.id }, id, ctx.clock()),
    },
  },
);

// ---------------------------------------------------------------- custom landings
const landingColumns = ['c.id', 'c.identifier', 'c.name', 'c.company_hash', 'c.bg_color', 'c.select_label', 'c.select_description', 'c.selectlist_label', 'c.informations_description', 'c.logo_src', 'c.logo_width', 'c.logo_height', 'c.created_at'];
const customLandingsResource: ServerResource = tableResource(
  {
    name: 'custom-landings',
    from: 'custom_landings c',
    alias: 'c',
    columns: landingColumns,
    search: (_ctx, text, w) => {
      const p = likePrefix(text);
      w.add("(c.identifier LIKE ? ESCAPE '!' OR c.name LIKE ? ESCAPE '!')", p.toLowerCase(), p);
    },
    decorate: async (ctx, rows) => rows.map((r) => ({ ...r, url: `${ctx.publicUrl}/landing/${String(r.identifier)}` })),
  },
  {
    async create(ctx, body) {
      const data = writableBody(decl('custom-landings'), body, true);
      const landing = await landings.createLanding({ id: ctx.caller.user.id }, { ...data, identifier: body.identifier }, ctx.clock(), ctx.storage);
      return customLandingsResource.get(ctx, String(landing.id), null);
    },
    async update(ctx, id, body) {
      const data = writableBody(decl('custom-landings'), body, false);
      await landings.updateLanding({ id: ctx.caller.user.id }, id, { ...data, identifier: body.identifier }, ctx.clock(), ctx.storage);
      return customLandingsResource.get(ctx, id, null);
    },
    async remove(ctx, id) {
      const before = await customLandingsResource.get(ctx, id, null);
      await landings.deleteLanding({ id: ctx.caller.user.id }, id, ctx.clock());
      return before;
    },
  },
);

// ---------------------------------------------------------------- audit log (read-only)
const auditResource = tableResource({
  name: 'audit-log',
  from: 'audit_log x',
  alias: 'x',
  columns: ['x.id', 'x.actor_id', 'x.action', 'x.resource', 'x.record_id', 'x.before_json AS `before`', 'x.after_json AS `after`', 'x.created_at'],
  json: ['before', 'after'],
});

export const SERVER_RESOURCES: Record<string, ServerResource> = {
  users: usersResource,
  landings: landingsResource,
  offers: offersResource,
  wishlists: wishlistsResource,
  applications: applicationsResource,
  'custom-landings': customLandingsResource,
  'audit-log': auditResource,
};

// Every declaration has its server part and every model name resolves (checked at start).
for (const r of RESOURCES) {
  if (!SERVER_RESOURCES[r.name]) throw new Error(`console resource ${r.name} has no server part`);
  if (!(r.model in models)) throw new Error(`console resource ${r.name}: unknown model ${r.model}`);
}
