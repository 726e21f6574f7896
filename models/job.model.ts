// The durable job queue's table (api/lib/job-queue.ts): one row per job, claimed by a worker with a
// lease. docs/decisions/125-durable-job-queue.md.
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

import type { JobState } from './rules/jobs.js';
export { JOB_STATES, type JobState } from './rules/jobs.js';

export class Job extends Model<InferAttributes<Job>, InferCreationAttributes<Job>> {
  declare id: CreationOptional<number>;
  declare queue: CreationOptional<string>;
  declare name: string;
  /** JSON text of the job's arguments. */
  declare payload: CreationOptional<string>;
  declare state: CreationOptional<JobState>;
  declare attempts: CreationOptional<number>;
  declare max_attempts: CreationOptional<number>;
  declare run_at: Date;
  /** The worker holding the lease (host:pid:n), while running. */
  declare locked_by: string | null;
  declare locked_until: Date | null;
  declare last_error: string | null;
  /** At most one job per key ever (e.g. "upload-cleanup@2026-11-23T17"): once per period across processes. */
  declare unique_key: string | null;
  declare finished_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Job.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        queue: { type: DataTypes.STRING(32), allowNull: false, defaultValue: 'default' },
        name: { type: DataTypes.STRING(64), allowNull: false },
        payload: { type: DataTypes.TEXT, allowNull: false, defaultValue: '{}' },
        state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'ready' },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        max_attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 5 },
        run_at: { type: DataTypes.DATE(3), allowNull: false },
        locked_by: { type: DataTypes.STRING(64), allowNull: true },
        locked_until: { type: DataTypes.DATE(3), allowNull: true },
        last_error: { type: DataTypes.TEXT, allowNull: true },
        unique_key: { type: DataTypes.STRING(190), allowNull: true, unique: true },
        finished_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'jobs' },
    );
  }
}

/** States of one uploaded answer file (see models/rules/video.ts for what the candidate is shown). */
export const ANSWER_UPLOAD_STATES = ['uploading', 'processing', 'ready', 'failed'] as const;

/**
 * One tus upload of one answer: the tus data store's metadata (upload_json) lives here, so that
 * every server process knows every upload (the tus store in api/routes/candidate.routes.ts).
 */
export class AnswerUpload extends Model<InferAttributes<AnswerUpload>, InferCreationAttributes<AnswerUpload>> {
  /** The tus upload id: 32 random hex characters, also the story's folder name. */
  declare id: string;
  declare application_id: number;
  declare answer_id: number;
  declare candidate_id: string;
  declare size: number;
  declare upload_json: string | null;
  declare state: CreationOptional<(typeof ANSWER_UPLOAD_STATES)[number]>;
  declare error_code: string | null;
  /** Storage key of the received file while it waits for the transcoder (private story/ prefix). */
  declare source_key: string | null;
  declare duration_ms: number | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    AnswerUpload.init(
      {
        id: { type: DataTypes.STRING(32), primaryKey: true },
        application_id: { type: DataTypes.INTEGER, allowNull: false },
        answer_id: { type: DataTypes.INTEGER, allowNull: false },
        candidate_id: { type: DataTypes.STRING(36), allowNull: false },
        size: { type: DataTypes.BIGINT, allowNull: false },
        upload_json: { type: DataTypes.TEXT, allowNull: true },
        state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'uploading' },
        error_code: { type: DataTypes.STRING(40), allowNull: true },
        source_key: { type: DataTypes.STRING(255), allowNull: true },
        duration_ms: { type: DataTypes.INTEGER, allowNull: true },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'answer_uploads' },
    );
  }
}
