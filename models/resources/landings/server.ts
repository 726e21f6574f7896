// Landing leads: a search also matches the job code exactly; a lead is always contactable (green
// card); a change of notification state records when it was notified.
import type { ServerPart } from '../../../api/console/types.js';
import { resendLead } from '../../../api/services/lead-notif.service.js';
import { notFound } from '../../../api/lib/errors.js';

export const landingsServer: ServerPart = {
  decorate: async (_ctx, rows) => rows.map((r) => ({ ...r, profile: 'landing', contactable: true, state_color: 'green' })),
  actions: {
    // The card's "resend": one message per click (docs/decisions/165-lead-resend.md).
    async resend(ctx, id) {
      const numeric = /^\d{1,12}$/.test(String(id)) ? Number(id) : NaN;
      if (!Number.isSafeInteger(numeric)) throw notFound('lead_not_found', 'lead_not_found');
      return resendLead(ctx.caller.user.id, numeric, ctx.clock());
    },
  },
  beforeUpdate: (data, _before, now) => (data.notif !== undefined && data.notif !== 0 ? { notified_at: now } : {}),
};
