// Indexes of the manager area (docs/decisions/113-manager-bench.md): the offers table counts an
// offer's complete applications per recruiter_state (and recommended ones) from the index alone,
// and the home's to-recruit table and the dashboard find a recruiter's applications by state.
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.addIndex('applications', ['offer_id', 'state', 'recruiter_state', 'is_reco'], { name: 'applications_offer_counts' });
  await qi.addIndex('applications', ['recruiter_id', 'recruiter_state', 'state', 'submit_date'], { name: 'applications_recruiter_rstate' });
  await qi.addIndex('offers', ['recruiter_id', 'state'], { name: 'offers_recruiter_state' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.removeIndex('offers', 'offers_recruiter_state');
  await qi.removeIndex('applications', 'applications_recruiter_rstate');
  await qi.removeIndex('applications', 'applications_offer_counts');
}
