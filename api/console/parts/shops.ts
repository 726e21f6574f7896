// Shops: writes go through the shops service, which adds the manager-area rule to the declaration's
// (the shop's recruiter is its manager or one of their recruiters), the same for the console and
// the REST calls /apis/shops.
import type { ServerPart } from '../types.js';
import { createShop, updateShop } from '../../services/offers/shops.service.js';

export const shopsServer: ServerPart = {
  create: (ctx, data) => createShop(ctx.caller.user, data, ctx.clock()),
  update: (ctx, id, data) => updateShop(ctx.caller.user, id, data, ctx.clock()),
};
