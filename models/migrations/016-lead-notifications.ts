// Lead notifications (docs/decisions/164-lead-notifications.md): the language a lead applied in
// (the message is written in it) and when the current resend was asked for (a resend stuck
// "in progress" because its worker died may be asked again after a while, decision 165).
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.addColumn('landing_interests', 'lang', { type: DataTypes.STRING(5), allowNull: true });
  await qi.addColumn('landing_interests', 'notif_resend_at', { type: DataTypes.DATE(3), allowNull: true });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  // A plain DROP COLUMN on both dialects (removeColumn rebuilds SQLite tables, see 014).
  for (const c of ['notif_resend_at', 'lang']) await qi.sequelize.query(`ALTER TABLE landing_interests DROP COLUMN ${c}`);
}
