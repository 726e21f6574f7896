// Landing leads: a search also matches the job code exactly; a lead is always contactable (green
// card) and its CV, when it sent one, comes signed for the caller (staff: the only role that reads
// leads); a change of notification state records when it was notified.
import type { ServerPart } from '../types.js';
import { signedCvUrls } from '../signed-cvs.js';
import { LandingInterest } from '../../../models/index.js';
import { resendLead } from '../../services/applications/lead-notif.service.js';
import { notFound } from '../../lib/errors.js';
import { isRecordId } from '../../../models/rules/ids.js';

export const landingsServer: ServerPart = {
  async decorate(ctx, rows) {
    const cvs = await signedCvUrls(ctx, LandingInterest, rows);
    return rows.map((r) => ({ ...r, profile: 'landing', contactable: true, state_color: 'green', cv_url: cvs.get(Number(r.id)) ?? null }));
  },
  actions: {
    // The card's "resend": one message per click (docs/decisions/165-lead-resend.md).
    async resend(ctx, id) {
      const numeric = isRecordId(String(id)) ? Number(id) : NaN;
      if (!Number.isSafeInteger(numeric)) throw notFound('lead_not_found', 'lead_not_found');
      return resendLead(ctx.caller.user.id, numeric, ctx.clock());
    },
  },
  beforeUpdate: (data, _before, now) => (data.notif !== undefined && data.notif !== 0 ? { notified_at: now } : {}),
};
