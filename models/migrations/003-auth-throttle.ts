// Sign-in and password-reset throttling: one row per attempt, counted over a sliding window.
// Rows live in the database so that every server process sees the same counters.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('auth_attempts', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    // e.g. 'login:acct:someone@example.com', 'login:ip:203.0.113.7', 'forgot:acct:...'
    bucket: { type: DataTypes.STRING(190), allowNull: false },
    at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('auth_attempts', ['bucket', 'at'], { name: 'auth_attempts_bucket_at' });
  await qi.addIndex('auth_attempts', ['at'], { name: 'auth_attempts_at' });
  await qi.addIndex('password_reset_codes', ['user_id', 'created_at'], { name: 'password_reset_codes_user_created' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.removeIndex('password_reset_codes', 'password_reset_codes_user_created');
  await qi.dropTable('auth_attempts');
}
