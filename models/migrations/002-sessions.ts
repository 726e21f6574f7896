// Sessions live in the database so several server processes share them.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('sessions', {
    id: { type: DataTypes.STRING(64), primaryKey: true, allowNull: false },
    user_id: { type: DataTypes.STRING(36), allowNull: false, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE', onUpdate: 'CASCADE' },
    kind: { type: DataTypes.STRING(8), allowNull: false },
    expires_at: { type: DataTypes.DATE(3), allowNull: false },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('sessions', ['user_id'], { name: 'sessions_user' });
  await qi.addIndex('sessions', ['expires_at'], { name: 'sessions_expires' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.dropTable('sessions');
}
