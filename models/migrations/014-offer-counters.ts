// Per-offer candidate counters (docs/decisions/155-offer-counters.md): the offers table of the
// manager area sorts and shows them, the home sums them, instead of counting every application of
// the reach at read time (decision 113). Filled here from the applications by the one definition
// (api/services/applications/user-counters.service.ts recountOffersSql); indexes serve the sorts per recruiter.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

const COUNTERS = ['new_count', 'view_count', 'todo_count', 'shortlist_count', 'to_recruit_count', 'active_count', 'candidates_count', 'reco_count'] as const;
const { INTEGER } = DataTypes;

// The SQL as it stood when this migration was written (a migration does not follow later code).
const APPS = `FROM applications a WHERE a.offer_id = offers.id AND a.state = 'complete'`;
const FILL = `UPDATE offers SET
  new_count = (SELECT COUNT(*) ${APPS} AND a.recruiter_state = 'new'),
  view_count = (SELECT COUNT(*) ${APPS} AND a.recruiter_state = 'view'),
  todo_count = (SELECT COUNT(*) ${APPS} AND a.recruiter_state IN ('new', 'view')),
  shortlist_count = (SELECT COUNT(*) ${APPS} AND a.recruiter_state = 'shortlist'),
  to_recruit_count = (SELECT COUNT(*) ${APPS} AND a.recruiter_state = 'to_recruit'),
  active_count = (SELECT COUNT(*) ${APPS} AND a.recruiter_state NOT IN ('wait_reject', 'rejected')),
  candidates_count = (SELECT COUNT(*) ${APPS}),
  reco_count = (SELECT COUNT(*) ${APPS} AND a.is_reco = 1)`;

export async function up({ context: qi }: MigrationContext): Promise<void> {
  for (const c of COUNTERS) await qi.addColumn('offers', c, { type: INTEGER, allowNull: false, defaultValue: 0 });
  await qi.sequelize.query(FILL);
  await qi.addIndex('offers', ['recruiter_id', 'todo_count'], { name: 'offers_recruiter_todo' });
  await qi.addIndex('offers', ['recruiter_id', 'shortlist_count'], { name: 'offers_recruiter_shortlist' });
  await qi.addIndex('offers', ['recruiter_id', 'to_recruit_count'], { name: 'offers_recruiter_to_recruit' });
  // The home's active candidates: a sum over the reach's available offers, from the index alone.
  await qi.addIndex('offers', ['recruiter_id', 'state', 'active_count'], { name: 'offers_recruiter_active' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  for (const i of ['offers_recruiter_active', 'offers_recruiter_to_recruit', 'offers_recruiter_shortlist', 'offers_recruiter_todo']) await qi.removeIndex('offers', i);
  // A plain DROP COLUMN on both dialects: on SQLite, removeColumn rebuilds the table and loses the
  // ON DELETE rules of the foreign keys that point at offers.
  for (const c of [...COUNTERS].reverse()) await qi.sequelize.query(`ALTER TABLE offers DROP COLUMN ${c}`);
}
