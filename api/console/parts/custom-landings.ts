// Custom landings: the landing service owns the writes (unique identifier, logo uploaded here,
// company_hash, audit); each row shows its public address.
import type { ServerPart } from '../types.js';
import * as landings from '../../services/offers/custom-landings.service.js';

export const customLandingsServer: ServerPart = {
  decorate: async (ctx, rows) => rows.map((r) => ({ ...r, url: `${ctx.publicUrl}/landing/${String(r.identifier)}` })),
  create: async (ctx, data) => (await landings.createLanding({ id: ctx.caller.user.id }, data, ctx.clock(), ctx.storage)).id,
  update: async (ctx, id, data) => {
    await landings.updateLanding({ id: ctx.caller.user.id }, id, data, ctx.clock(), ctx.storage);
  },
  remove: async (ctx, id) => {
    await landings.deleteLanding({ id: ctx.caller.user.id }, id, ctx.clock());
  },
};
