// Interview settings (issue 27, docs/decisions/405-interview-settings.md): each offer keeps its
// thinking time, answer length and retakes (models/rules/interview.ts: null thinking time = until
// the candidate presses record, null retakes = unlimited), and each answer counts its recordings.
// Offers made before this migration keep today's interview: until press, 60 s, unlimited.
// Templates and drafts keep the settings in their JSON (content, offer_json), as their other fields.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.addColumn('offers', 'think_seconds', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addColumn('offers', 'answer_seconds', { type: DataTypes.INTEGER, allowNull: false, defaultValue: 60 });
  await qi.addColumn('offers', 'retakes', { type: DataTypes.INTEGER, allowNull: true });
  // Recordings counted for the answer (the first and its retakes), and whether the last one counted
  // by the recorder has not yet been sent (its upload then uses it instead of counting another).
  await qi.addColumn('application_answers', 'takes', { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 });
  await qi.addColumn('application_answers', 'take_open', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  for (const c of ['take_open', 'takes']) await qi.sequelize.query(`ALTER TABLE application_answers DROP COLUMN ${c}`);
  for (const c of ['retakes', 'answer_seconds', 'think_seconds']) await qi.sequelize.query(`ALTER TABLE offers DROP COLUMN ${c}`);
}
