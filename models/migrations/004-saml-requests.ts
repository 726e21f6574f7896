// SAML AuthnRequest ids this server issued, so that an assertion is accepted only in response
// to one of them, once (node-saml's validateInResponseTo: 'always'), whichever process answers.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('saml_requests', {
    id: { type: DataTypes.STRING(190), primaryKey: true, allowNull: false },
    value: { type: DataTypes.TEXT, allowNull: false },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    expires_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('saml_requests', ['expires_at'], { name: 'saml_requests_expires' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.dropTable('saml_requests');
}
