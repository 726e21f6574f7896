// Subscriptions: the seats action (POST /apis/console/subscriptions/{id}/seats with { add } or
// { remove }, a recruiter id) gives or frees a seat through the same service and seat rule as
// POST /apis/subscription/{sub_id}/recruiters (decision 146): over the quantity or on an inactive
// subscription it is refused with the same message.
import type { ServerPart } from '../types.js';
import { seatsAction } from '../../services/billing/subscription-seats.service.js';
import type { SeatsAction } from '../../../models/resources/subscriptions/actions.js';

export const subscriptionsServer: ServerPart = {
  actions: {
    seats: (ctx, id, body: SeatsAction) => seatsAction(ctx.caller.user, id, body, ctx.clock()),
  },
};
