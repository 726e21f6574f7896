// The durable job queue for staff (issue 12, docs/decisions/125-durable-job-queue.md): every job
// with its state, attempts, last error and when it runs; a failed job can be run again (retry).
import { defineResource } from '../schema.js';
import { JOB_STATES } from '../../rules/jobs.js';

export const jobs = defineResource({
  name: 'jobs',
  model: 'Job',
  recordRepresentation: 'name',
  fields: [
    { source: 'name', type: 'string', list: true },
    { source: 'queue', type: 'string', list: true },
    { source: 'state', type: 'enum', choices: JOB_STATES, list: true },
    { source: 'attempts', type: 'number', list: true },
    { source: 'max_attempts', type: 'number' },
    { source: 'run_at', type: 'date', list: true, sortable: true },
    { source: 'last_error', type: 'text', list: true, cut: 120 },
    { source: 'payload', type: 'text' },
    { source: 'locked_by', type: 'string' },
    { source: 'locked_until', type: 'date' },
    { source: 'finished_at', type: 'date' },
    { source: 'unique_key', type: 'string' },
    { source: 'created_at', type: 'date', sortable: true },
  ],
  filters: [
    { source: 'state', type: 'eq', choices: JOB_STATES, alwaysOn: true },
    { source: 'queue', type: 'eq', alwaysOn: true },
    { source: 'name', type: 'eq' },
    { source: 'id', type: 'in' },
  ],
  sort: ['run_at', 'created_at'],
  access: { list: ['admin'], read: ['admin'] },
  list: { layout: 'table', rowClick: 'show' },
  actions: [{ name: 'retry', roles: ['admin'], confirm: true }],
});
