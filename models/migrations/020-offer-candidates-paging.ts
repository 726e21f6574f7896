// One offer's candidates page by page, one tab at a time (docs/decisions/156-candidates-and-home-paging.md):
// GET /apis/application/{job_code}?tab=&limit=&after= reads one state of one offer newest first.
// This index gives that order without sorting the offer's whole state, and is what the page query
// reads alone (the application id rides along in InnoDB's secondary indexes).
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.addIndex('applications', ['offer_id', 'state', 'recruiter_state', 'submit_date'], { name: 'applications_offer_tab_page' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.removeIndex('applications', 'applications_offer_tab_page');
}
