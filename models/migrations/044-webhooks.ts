// Outbound webhooks (issue 28, docs/decisions/480-outbound-webhooks.md): a company's endpoints, one
// delivery per event and endpoint (its id is the webhook-id receivers dedupe by), and every attempt
// with its answer.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('webhook_endpoints', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    // The company: its manager's account (the console's row scope).
    manager_id: { type: DataTypes.STRING(36), allowNull: false, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE' },
    url: { type: DataTypes.STRING(2000), allowNull: false },
    description: { type: DataTypes.STRING(200), allowNull: true },
    // Comma-separated event types (models/rules/webhooks.ts).
    events: { type: DataTypes.STRING(400), allowNull: false },
    // whsec_ + base64 of 24 random bytes: kept readable, it signs every delivery.
    secret: { type: DataTypes.STRING(80), allowNull: false },
    enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
    disabled_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('webhook_endpoints', ['manager_id', 'created_at'], { name: 'webhook_endpoints_manager' });

  await qi.createTable('webhook_deliveries', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    endpoint_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'webhook_endpoints', key: 'id' }, onDelete: 'CASCADE' },
    // The endpoint's company, copied: the console's row scope without a join.
    manager_id: { type: DataTypes.STRING(36), allowNull: false },
    msg_id: { type: DataTypes.STRING(40), allowNull: false },
    event_type: { type: DataTypes.STRING(40), allowNull: false },
    payload: { type: DataTypes.TEXT, allowNull: false },
    state: { type: DataTypes.STRING(12), allowNull: false },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    last_status: { type: DataTypes.INTEGER, allowNull: true },
    next_attempt_at: { type: DataTypes.DATE(3), allowNull: true },
    delivered_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('webhook_deliveries', ['msg_id'], { unique: true, name: 'webhook_deliveries_msg' });
  await qi.addIndex('webhook_deliveries', ['endpoint_id', 'created_at'], { name: 'webhook_deliveries_endpoint' });
  await qi.addIndex('webhook_deliveries', ['manager_id', 'created_at'], { name: 'webhook_deliveries_manager' });

  await qi.createTable('webhook_attempts', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
    delivery_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'webhook_deliveries', key: 'id' }, onDelete: 'CASCADE' },
    // 1, 2, … within the delivery's schedule; a replay continues the count.
    attempt: { type: DataTypes.INTEGER, allowNull: false },
    status_code: { type: DataTypes.INTEGER, allowNull: true },
    duration_ms: { type: DataTypes.INTEGER, allowNull: false },
    // The first 1,000 characters of the answer.
    response_body: { type: DataTypes.TEXT, allowNull: true },
    // Why it failed without an answer (timeout, refused address, redirect…): a stable code.
    error: { type: DataTypes.STRING(60), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  // One row per attempt number: two workers cannot log one attempt twice.
  await qi.addIndex('webhook_attempts', ['delivery_id', 'attempt'], { unique: true, name: 'webhook_attempts_once' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  for (const table of ['webhook_attempts', 'webhook_deliveries', 'webhook_endpoints']) await qi.dropTable(table);
}
