// Issue 12: the durable job queue (jobs) and the tus uploads of video answers (answer_uploads).
// docs/decisions/125-durable-job-queue.md and 126-tus-answer-uploads.md.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.createTable('jobs', {
    id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true, allowNull: false },
    queue: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'default' },
    name: { type: DataTypes.STRING(64), allowNull: false },
    payload: { type: DataTypes.TEXT, allowNull: false },
    state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ready' },
    attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
    max_attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 5 },
    run_at: { type: DataTypes.DATE(3), allowNull: false },
    locked_by: { type: DataTypes.STRING(64), allowNull: true },
    locked_until: { type: DataTypes.DATE(3), allowNull: true },
    last_error: { type: DataTypes.TEXT, allowNull: true },
    unique_key: { type: DataTypes.STRING(190), allowNull: true, unique: true },
    finished_at: { type: DataTypes.DATE(3), allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  // The claim query: ready jobs of a queue whose time has come, and expired leases.
  await qi.addIndex('jobs', ['state', 'queue', 'run_at'], { name: 'jobs_claim' });
  await qi.addIndex('jobs', ['state', 'locked_until'], { name: 'jobs_lease' });

  await qi.createTable('answer_uploads', {
    id: { type: DataTypes.STRING(32), primaryKey: true, allowNull: false },
    application_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'applications', key: 'id' }, onDelete: 'CASCADE' },
    answer_id: { type: DataTypes.INTEGER, allowNull: false, references: { model: 'application_answers', key: 'id' }, onDelete: 'CASCADE' },
    candidate_id: { type: DataTypes.STRING(36), allowNull: false },
    size: { type: DataTypes.BIGINT, allowNull: false },
    upload_json: { type: DataTypes.TEXT, allowNull: true },
    state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'uploading' },
    error_code: { type: DataTypes.STRING(40), allowNull: true },
    source_key: { type: DataTypes.STRING(255), allowNull: true },
    duration_ms: { type: DataTypes.INTEGER, allowNull: true },
    created_at: { type: DataTypes.DATE(3), allowNull: false },
    updated_at: { type: DataTypes.DATE(3), allowNull: false },
  });
  await qi.addIndex('answer_uploads', ['answer_id', 'created_at'], { name: 'answer_uploads_answer' });
  await qi.addIndex('answer_uploads', ['application_id'], { name: 'answer_uploads_application' });
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.dropTable('answer_uploads');
  await qi.dropTable('jobs');
}
