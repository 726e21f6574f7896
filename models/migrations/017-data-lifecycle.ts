// Issue 14, data lifecycle (docs/decisions/167-data-lifecycle.md): a story deleted 12 months after
// publication keeps its answer row, marked expired (expired_at); an account warned for inactivity
// keeps the time of the warning (inactivity_warned_at) so that it is deleted 30 days later only if
// it stayed inactive since.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.addColumn('application_answers', 'expired_at', { type: DataTypes.DATE(3), allowNull: true });
  await qi.addColumn('users', 'inactivity_warned_at', { type: DataTypes.DATE(3), allowNull: true });
  await qi.addIndex('users', ['last_co'], { name: 'users_last_co' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.removeIndex('users', 'users_last_co');
  // A plain DROP COLUMN on both dialects: on SQLite, removeColumn rebuilds the table, and dropping
  // the old users table cascades to every row that points at a user (see 014).
  await qi.sequelize.query('ALTER TABLE users DROP COLUMN inactivity_warned_at');
  await qi.sequelize.query('ALTER TABLE application_answers DROP COLUMN expired_at');
}
