// One offer's candidates in the manager area (back-office.md sections 2 to 4, /manager/offer/{job_code}):
// complete applications with the candidate's name, e-mail, phone and picture, the submission date
// and the recruiter state, filtered by offer and by tab (recruiter_state in ...). A manager sees
// their list's offers' candidates, a recruiter their own, staff all. The state is changed only by
// the section 4 moves (manager-applications-moves.service.ts moveApplication).
import { RECRUITER_STATES } from '../../rules/recruiter-states.js';
import { defineResource } from '../schema.js';

const candidate = (column: string) => ({ via: 'candidate_id', model: 'User', column }) as const;

export const offerApplications = defineResource({
  name: 'offer-applications',
  model: 'Application',
  recordRepresentation: 'name',
  fields: [
    { source: 'offer_id', type: 'reference', reference: 'manager-offers' },
    { source: 'job_code', type: 'string', list: true, from: { via: 'offer_id', model: 'Offer', column: 'job_code' } },
    { source: 'candidate_id', type: 'string' },
    { source: 'name', type: 'string', list: true, from: candidate('name') },
    { source: 'email', type: 'email', list: true, from: candidate('email') },
    { source: 'phone', type: 'string', list: true, from: candidate('phone') },
    { source: 'picture', type: 'image', list: true, avatar: true, from: candidate('picture') },
    { source: 'recruiter_id', type: 'reference', reference: 'users' },
    { source: 'recruiter_state', type: 'enum', choices: RECRUITER_STATES, list: true, required: true, writable: true },
    { source: 'submit_date', type: 'date', list: true, sortable: true },
    { source: 'cv_url', type: 'string', from: { server: true } },
  ],
  filters: [
    { source: 'offer_id', type: 'eq' },
    { source: 'job_code', type: 'eq' },
    { source: 'recruiter_state', type: 'in' },
    { source: 'id', type: 'in' },
  ],
  base: { state: 'complete' },
  sort: ['submit_date'],
  access: { list: ['admin', 'manager', 'recruiter'], read: ['admin', 'manager', 'recruiter'], edit: ['admin', 'manager', 'recruiter'] },
  rows: { recruiter: { column: 'recruiter_id', match: 'self' }, manager: { column: 'recruiter_id', match: 'managed' } },
  screens: ['list'],
  list: { layout: 'table', rowClick: false },
});
