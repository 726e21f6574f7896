// Applications with their questions; the admin resets or force-sends them from the user detail.
import { defineResource } from '../schema.js';

/** How many of an application's questions have a recorded answer (state done), of how many. */
export function answerCounts(questions: unknown): { answered: number; total: number; missing: number } {
  const list = Array.isArray(questions) ? (questions as { state?: unknown }[]) : [];
  const answered = list.filter((q) => q?.state === 'done').length;
  return { answered, total: list.length, missing: list.length - answered };
}

export const applications = defineResource({
  name: 'applications',
  model: 'Application',
  recordRepresentation: 'job_code',
  fields: [
    { source: 'candidate_id', type: 'reference', reference: 'users', list: true },
    { source: 'recruiter_id', type: 'reference', reference: 'users', list: true },
    { source: 'offer_id', type: 'reference', reference: 'offers' },
    { source: 'job_code', type: 'string', list: true, from: { via: 'offer_id', model: 'Offer', column: 'job_code' } },
    { source: 'title', type: 'string', from: { via: 'offer_id', model: 'Offer', column: 'title' } },
    { source: 'state', type: 'enum', choices: ['applying', 'complete'], list: true },
    // The recruiter's working state (shortlist, wait_reject...) is internal: candidates do not
    // read it (docs/decisions/098-candidates-do-not-read-recruiter-state.md).
    { source: 'recruiter_state', type: 'enum', choices: ['new', 'view', 'shortlist', 'wait_reject', 'rejected', 'to_recruit', 'recruited'], list: true, readBy: ['admin', 'recruiter', 'manager'] },
    { source: 'start_date', type: 'date' },
    { source: 'submit_date', type: 'date' },
    { source: 'questions', type: 'json', from: { server: true } },
    // A short-lived signed address of the CV for the caller (docs/decisions/085-private-media-signed-urls.md).
    { source: 'cv_url', type: 'string', from: { server: true } },
    { source: 'is_bad', type: 'boolean', from: { server: true } },
    { source: 'created_at', type: 'date', list: true, sortable: true },
  ],
  filters: [
    { source: 'candidate_id', type: 'eq' },
    { source: 'recruiter_id', type: 'eq' },
    { source: 'offer_id', type: 'eq' },
    { source: 'state', type: 'eq', choices: ['applying', 'complete'] },
    // The staff dashboard's "applications started today".
    { source: 'created_gte', column: 'created_at', type: 'dateFrom' },
    { source: 'id', type: 'in' },
  ],
  sort: ['created_at'],
  access: { list: ['admin', 'recruiter', 'candidate'], read: ['admin', 'recruiter', 'candidate'] },
  rows: { recruiter: { column: 'recruiter_id', match: 'self' }, candidate: { column: 'candidate_id', match: 'self' } },
  // The confirmations say what will happen to this application's answers, the results what was done.
  actions: [
    { name: 'reset', roles: ['admin'], confirm: true, confirmArgs: (r) => answerCounts(r.questions), doneArgs: (a) => answerCounts(a.questions) },
    { name: 'force-send', roles: ['admin'], confirm: true, confirmArgs: (r) => answerCounts(r.questions), doneArgs: (a) => answerCounts(a.questions) },
  ],
});
