// Interview invitations in the console (decision 430): each row's state (models/rules/invitation.ts,
// from the row and the candidate's application), and the actions resend, cancel and extend, done
// by the invitations service. The engine reads the row within the caller's scope first (404 otherwise).
import type { ServerPart } from '../types.js';
import { Invitation, InvitationReminder } from '../../../models/index.js';
import { isRecordId } from '../../../models/rules/ids.js';
import { notFound } from '../../lib/errors.js';
import { cancelInvitation, extendInvitation, resendInvitation, statesOf } from '../../services/invitations/invitations.service.js';
import type { ExtendAction } from '../../../models/resources/invitations/actions.js';

const idOf = (id: string): number => {
  if (!isRecordId(id)) throw notFound();
  return Number(id);
};

export const invitationsServer: ServerPart = {
  async decorate(ctx, rows) {
    const facts = await Invitation.findAll({
      where: { id: rows.map((r) => Number(r.id)) },
      attributes: ['id', 'offer_id', 'candidate_id', 'cancelled_at', 'opted_out_at', 'bounced_at', 'opened_at', 'deadline'],
    });
    const states = await statesOf(facts, ctx.clock());
    // The last reminder sent (decision 460): the inviter sees whether the candidate was reminded.
    const reminders = await InvitationReminder.findAll({ where: { invitation_id: rows.map((r) => Number(r.id)) }, attributes: ['invitation_id', 'created_at'] });
    const last = new Map<number, Date>();
    for (const r of reminders) if (!last.has(r.invitation_id) || last.get(r.invitation_id)! < r.created_at) last.set(r.invitation_id, r.created_at);
    return rows.map((r) => ({ ...r, state: states.get(Number(r.id)) ?? null, last_reminder_at: last.get(Number(r.id))?.toISOString() ?? null }));
  },
  actions: {
    resend: (ctx, id: string) => resendInvitation(idOf(id), { clock: ctx.clock, perDay: ctx.invitationsPerDay }),
    cancel: (ctx, id: string) => cancelInvitation(idOf(id), ctx.clock()),
    extend: (ctx, id: string, body: ExtendAction) => extendInvitation(idOf(id), body.deadline, ctx.clock()),
  },
};
