// Candidates' applications with their video answers, and wishlist entries.
import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';

import { APPLICATION_STATES, WISHLIST_STATES } from './rules/application-states.js';
// The recruiter states live in the browser-safe rule module (the console's declarations read them).
export { RECRUITER_STATES, type RecruiterState };
import { RECRUITER_STATES, type RecruiterState } from './rules/recruiter-states.js';
import { QUESTION_MAX_LENGTH, type QuestionType } from './rules/questions.js';

export class Application extends Model<InferAttributes<Application>, InferCreationAttributes<Application>> {
  declare id: CreationOptional<number>;
  declare candidate_id: ForeignKey<string>;
  declare offer_id: ForeignKey<number>;
  /** The spec's Data: the offer's recruiter when the candidate applied. */
  declare recruiter_id: ForeignKey<string>;
  declare state: CreationOptional<(typeof APPLICATION_STATES)[number]>;
  declare recruiter_state: CreationOptional<RecruiterState>;
  declare start_date: Date | null;
  declare submit_date: Date | null;
  declare cv_key: string | null;
  /** Recommended by a recruiter rather than applied directly (counts as total_reco). */
  declare is_reco: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
  declare answers?: NonAttribute<ApplicationAnswer[]>;

  static initModel(sequelize: Sequelize) {
    Application.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'applying', validate: { isIn: [APPLICATION_STATES as unknown as string[]] } },
        recruiter_state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'new', validate: { isIn: [RECRUITER_STATES as unknown as string[]] } },
        start_date: { type: DataTypes.DATE(3), allowNull: true },
        submit_date: { type: DataTypes.DATE(3), allowNull: true },
        cv_key: { type: DataTypes.STRING(255), allowNull: true },
        is_reco: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'applications' },
    );
  }
}

/** One question of an application and its video story (the spec's questions[] on the application). */
export class ApplicationAnswer extends Model<InferAttributes<ApplicationAnswer>, InferCreationAttributes<ApplicationAnswer>> {
  declare id: CreationOptional<number>;
  declare application_id: ForeignKey<number>;
  declare qid: string;
  declare position: number;
  declare question: string;
  /** Storage key of the HLS playlist (…/index.m3u8) once the story is uploaded. */
  declare upload_path: string | null;
  declare method: string | null;
  /** 'done' once answered; null otherwise (the spec's undefined). */
  declare state: string | null;
  /** When the story was deleted 12 months after publication (the answer stays, shown as expired). */
  declare expired_at: CreationOptional<Date | null>;
  /** Recordings counted for this answer, the first and its retakes (decision 405). */
  declare takes: CreationOptional<number>;
  /** The last take counted by the recorder has not been sent yet: its upload uses it. */
  declare take_open: CreationOptional<boolean>;
  /** The question's type when the application started (decision 455): video, text or choice. */
  declare type: CreationOptional<QuestionType>;
  /** A text answer, or the label of the option chosen. */
  declare text_answer: CreationOptional<string | null>;
  /** The index of the option chosen (choice questions). */
  declare choice: CreationOptional<number | null>;
  /** The option chosen does not meet a requirement (a knockout): shown to the recruiter, never hiding the candidate. */
  declare knockout: CreationOptional<boolean>;

  static initModel(sequelize: Sequelize) {
    ApplicationAnswer.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        qid: { type: DataTypes.STRING(8), allowNull: false },
        position: { type: DataTypes.INTEGER, allowNull: false },
        question: { type: DataTypes.STRING(QUESTION_MAX_LENGTH), allowNull: false },
        upload_path: { type: DataTypes.STRING(255), allowNull: true },
        method: { type: DataTypes.STRING(16), allowNull: true },
        state: { type: DataTypes.STRING(16), allowNull: true },
        expired_at: { type: DataTypes.DATE(3), allowNull: true },
        takes: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        take_open: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        type: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'video' },
        text_answer: { type: DataTypes.TEXT, allowNull: true },
        choice: { type: DataTypes.INTEGER, allowNull: true },
        knockout: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      },
      { sequelize, tableName: 'application_answers', timestamps: false },
    );
  }
}

export class WishlistEntry extends Model<InferAttributes<WishlistEntry>, InferCreationAttributes<WishlistEntry>> {
  declare id: CreationOptional<number>;
  declare candidate_id: ForeignKey<string>;
  declare offer_id: ForeignKey<number>;
  declare state: CreationOptional<(typeof WISHLIST_STATES)[number]>;
  declare added_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    WishlistEntry.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending', validate: { isIn: [WISHLIST_STATES as unknown as string[]] } },
        added_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'wishlist_entries', createdAt: 'added_at' },
    );
  }
}
