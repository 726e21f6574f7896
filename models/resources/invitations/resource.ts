// Interview invitations (issue 27, docs/decisions/430-interview-invitations.md): the people invited
// to answer an offer's interview by a deadline, with the state the inviter follows (sent, opened,
// started, completed, expired, bounced, opted out, cancelled: models/rules/invitation.ts). Made by
// POST /apis/invitations (one, a list or a CSV file); here listed, resent, cancelled or given a
// later deadline. A recruiter sees their offers' invitations, a manager their list's, staff all.
import { INVITATION_LANGS, INVITATION_STATES } from '../../rules/invitation.js';
import { defineResource } from '../schema.js';

const offer = (column: string) => ({ via: 'offer_id', model: 'Offer', column }) as const;
const OFFER_SIDE = ['admin', 'manager', 'recruiter'] as const;

export const invitations = defineResource({
  name: 'invitations',
  model: 'Invitation',
  recordRepresentation: 'email',
  fields: [
    { source: 'offer_id', type: 'reference', reference: 'manager-offers' },
    { source: 'job_code', type: 'string', list: true, from: offer('job_code') },
    { source: 'title', type: 'string', from: offer('title') },
    { source: 'first_name', type: 'string', list: true },
    { source: 'last_name', type: 'string', list: true },
    { source: 'email', type: 'email', list: true },
    { source: 'phone', type: 'string' },
    { source: 'lang', type: 'enum', choices: INVITATION_LANGS },
    { source: 'state', type: 'enum', choices: INVITATION_STATES, list: true, from: { server: true } },
    { source: 'deadline', type: 'date', list: true, sortable: true },
    { source: 'sent_at', type: 'date' },
    { source: 'opened_at', type: 'date' },
    { source: 'last_reminder_at', type: 'date', list: true, from: { server: true } },
    { source: 'recruiter_id', type: 'reference', reference: 'users' },
    { source: 'created_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'offer_id', type: 'eq' },
    { source: 'job_code', type: 'eq', alwaysOn: true },
    { source: 'email', type: 'eq' },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at', 'deadline'],
  access: { list: OFFER_SIDE, read: OFFER_SIDE },
  rows: { recruiter: { column: 'recruiter_id', match: 'self' }, manager: { column: 'recruiter_id', match: 'managed' } },
  screens: ['list', 'show'],
  list: { layout: 'table', rowClick: 'show' },
  actions: [
    { name: 'resend', roles: OFFER_SIDE, confirm: true },
    { name: 'cancel', roles: OFFER_SIDE, confirm: true },
    { name: 'extend', roles: OFFER_SIDE, confirm: true, handWritten: true, body: () => import('./actions.js').then((m) => m.extendAction) },
  ],
  countCap: 10_000,
});
