// API keys (issue 28, docs/decisions/485-api-keys.md): a company's keys, kept as the SHA-256 of the
// secret with a visible prefix, their scopes, who made them, their revocation and last use; and the
// requests of each key per minute (the rate limit every server process shares: one conditional
// update per request on the key's row of the minute).
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('api_keys', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    // The company: its manager's account, whose rows the key reads and writes.
    manager_id: { type: DataTypes.STRING(36), allowNull: false, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE' },
    name: { type: DataTypes.STRING(80), allowNull: false },
    // "vrk_" and 8 characters: shown in lists to tell keys apart; part of the key the caller sends.
    prefix: { type: DataTypes.STRING(16), allowNull: false },
    secret_hash: { type: DataTypes.STRING(64), allowNull: false },
    // JSON list of scopes (models/rules/api-keys.ts).
    scopes: { type: DataTypes.TEXT, allowNull: false },
    created_by: { type: DataTypes.STRING(36), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    revoked_at: { type: DataTypes.DATE(3), allowNull: true },
    last_used_at: { type: DataTypes.DATE(3), allowNull: true },
  });
  await qi.addIndex('api_keys', ['secret_hash'], { unique: true, name: 'api_keys_secret_hash' });
  await qi.addIndex('api_keys', ['manager_id', 'created_at'], { name: 'api_keys_manager_created' });

  await qi.createTable('api_key_minutes', {
    api_key_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true, references: { model: 'api_keys', key: 'id' }, onDelete: 'CASCADE' },
    // Minutes since the epoch (UTC).
    minute: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
    requests: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
  });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.dropTable('api_key_minutes');
  await qi.dropTable('api_keys');
}
