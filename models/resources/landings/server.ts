// Landing leads: a search also matches the job code exactly; a lead is always contactable (green
// card); a change of notification state records when it was notified.
import type { ServerPart } from '../../../api/console/types.js';

export const landingsServer: ServerPart = {
  decorate: async (_ctx, rows) => rows.map((r) => ({ ...r, profile: 'landing', contactable: true, state_color: 'green' })),
  beforeUpdate: (data, _before, now) => (data.notif !== undefined && data.notif !== 0 ? { notified_at: now } : {}),
};
