// The manager's offers table: its own read (candidate counts per state, sorts on them) and writes
// through manager-offers.service.ts (the row menu and the boost), as the REST calls do.
import type { ServerPart } from '../types.js';
import { boostOffer, listManagerOffers, updateManagerOffer } from '../../services/offers/manager-offers.service.js';
import { notFound } from '../../lib/errors.js';
import { isRecordId } from '../../../models/rules/ids.js';

const idsOf = (scope: Parameters<NonNullable<ServerPart['list']>>[2]) => (scope ? scope.ids : null);

async function one(scope: Parameters<NonNullable<ServerPart['list']>>[2], id: string) {
  if (!isRecordId(id)) throw notFound();
  const { data } = await listManagerOffers(idsOf(scope), { ids: [id], sort: 'todo', order: 'DESC', offset: 0, limit: 1 });
  if (!data.length) throw notFound();
  return data[0] as Record<string, unknown> & { id: number; job_code: string };
}

export const managerOffersServer: ServerPart = {
  list: (_ctx, q, scope) =>
    listManagerOffers(idsOf(scope), {
      q: typeof q.filter.q === 'string' ? q.filter.q : undefined,
      state: typeof q.filter.state === 'string' ? q.filter.state : undefined,
      job_code: typeof q.filter.job_code === 'string' ? q.filter.job_code : undefined,
      ids: Array.isArray(q.filter.id) ? (q.filter.id as string[]) : undefined,
      sort: q.sort.field === 'id' ? 'todo' : q.sort.field,
      order: q.sort.order,
      offset: q.range[0],
      limit: q.range[1] - q.range[0] + 1,
    }),
  get: (_ctx, id, scope) => one(scope, id),
  async update(ctx, id, data, scope) {
    const offer = await one(scope, id);
    // The form sends the record back whole: an offer without a shop keeps none; nothing changed is no call.
    if (data.shopname === offer.shopname && data.state === offer.state) return;
    await updateManagerOffer(
      ctx.caller.user,
      offer.job_code,
      { shopname: typeof data.shopname === 'string' && data.shopname.trim() ? data.shopname : undefined, active: data.state === undefined ? undefined : data.state === 'available' },
      ctx.clock(),
    );
  },
  actions: {
    async boost(ctx, id) {
      const offer = await one(null, id);
      return boostOffer(ctx.caller.user, offer.job_code, ctx.clock());
    },
  },
};
