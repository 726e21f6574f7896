// Offers: a search walks the offer token rows in list order (decision 300); the cards show each
// offer's count of complete applications; an edit moves the recruiter's offer counters.
import { QueryTypes } from 'sequelize';
import { OFFER_SEARCH } from '../../../models/search/specs.js';
import { searchTerms, searchWalk } from '../../../models/search/query.js';
import { Where, tokenWalk } from '../query.js';
import { applyDeclaredFilters, applyScope, filterColumn, planOf } from '../read.js';
import type { ServerPart } from '../types.js';
import { CounterChanges, type CountedOffer } from '../../services/applications/user-counters.service.js';

const counted = (r: Record<string, unknown>): CountedOffer => ({ recruiter_id: (r.recruiter_id as string | null) ?? null, state: String(r.state) });
import { offers } from '../../../models/resources/offers/resource.js';

export const offersServer: ServerPart = {
  async listSql(ctx, q, scope) {
    const text = typeof q.filter.q === 'string' ? q.filter.q : '';
    if (!text) return null;
    const where = new Where();
    const columnMap: Record<string, string> = { id: 's.offer_id', job_code: '(SELECT o2.job_code FROM offers o2 WHERE o2.id = s.offer_id)' };
    applyDeclaredFilters(offers, q.filter, where, (source) => columnMap[source] ?? `s.${filterColumn(offers, source)}`, ctx.dialect);
    applyScope(scope, where, (c) => `s.${c}`);
    const terms = searchTerms(text);
    const walk = tokenWalk(OFFER_SEARCH, await searchWalk(ctx.sequelize, OFFER_SEARCH, terms), terms, where, 's');
    const plan = planOf(offers);
    return { from: plan.from, columns: plan.columns, sortColumn: `s.${offers.sort[0]}`, idColumn: 's.offer_id', where, walk: { from: walk, rowId: 'r.id' } };
  },
  // Candidate counts for the page's offers: their stored counter (recountOffers, decision 155).
  async decorate(ctx, rows) {
    if (!rows.length) return rows;
    const counts = await ctx.sequelize.query<{ id: number; n: number }>(`SELECT id, candidates_count AS n FROM offers WHERE id IN (${rows.map(() => '?').join(', ')})`, {
      replacements: rows.map((r) => r.id),
      type: QueryTypes.SELECT,
    });
    return rows.map((r) => ({ ...r, candidates: Number(counts.find((c) => Number(c.id) === Number(r.id))?.n ?? 0) }));
  },
  // Offers are created and edited here, never removed (their state becomes deleted): the counters
  // move by the change (decision 200).
  afterChange: (t, row, before) => new CounterChanges().offer(before && counted(before), counted(row)).apply(t),
};
