// Question types (issue 27, docs/decisions/455-question-types.md): each offer question has a type
// (video, text, choice) and, for a choice, its options with their knockout flags (JSON); each answer
// keeps its question's type, the text given (or the option chosen, by its label) and the option's
// index, and whether that option was a knockout. Existing questions and answers are video ones.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.addColumn('offer_questions', 'type', { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'video' });
  await qi.addColumn('offer_questions', 'options', { type: DataTypes.TEXT, allowNull: true });
  await qi.addColumn('application_answers', 'type', { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'video' });
  await qi.addColumn('application_answers', 'text_answer', { type: DataTypes.TEXT, allowNull: true });
  await qi.addColumn('application_answers', 'choice', { type: DataTypes.INTEGER, allowNull: true });
  await qi.addColumn('application_answers', 'knockout', { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  for (const c of ['knockout', 'choice', 'text_answer', 'type']) await qi.sequelize.query(`ALTER TABLE application_answers DROP COLUMN ${c}`);
  for (const c of ['options', 'type']) await qi.sequelize.query(`ALTER TABLE offer_questions DROP COLUMN ${c}`);
}
