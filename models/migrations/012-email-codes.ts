// One-time e-mail codes: a candidate proves they own an address before recording answers
// (docs/decisions/135-email-code-sign-in.md). Only a hash of the code is kept.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('email_codes', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    // The normalised address the code was sent to (there may be no account yet).
    email: { type: DataTypes.STRING(254), allowNull: false },
    code_hash: { type: DataTypes.STRING(128), allowNull: false },
    expires_at: { type: DataTypes.DATE(3), allowNull: false },
    used_at: { type: DataTypes.DATE(3), allowNull: true },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('email_codes', ['email', 'created_at'], { name: 'email_codes_email_created' });
  await qi.addIndex('email_codes', ['expires_at'], { name: 'email_codes_expires' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.dropTable('email_codes');
}
