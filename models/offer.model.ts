// Published offers with their questions, and draft offers edited through the wizard.
import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import { address, jsonText } from './columns.js';

import { OFFER_STATES, type OfferState } from './rules/offer-states.js';
import { QUESTION_MAX_LENGTH, type ChoiceOption, type QuestionJson, type QuestionType } from './rules/questions.js';
import { ANSWER_DEFAULT_SECONDS, type InterviewSettingsJson } from './rules/interview.js';

export class Offer extends Model<InferAttributes<Offer>, InferCreationAttributes<Offer>> {
  declare id: CreationOptional<number>;
  declare job_code: string;
  declare recruiter_id: ForeignKey<string>;
  declare created_by_id: string | null;
  declare shop_id: number | null;
  declare shopname: string | null;
  declare title: string;
  declare company_name: string;
  declare company_hash: string | null;
  declare company_picture: string | null;
  declare company_description: string | null;
  declare description: string;
  declare candidate_qualification: string | null;
  declare candidate_experience: string | null;
  declare candidate_graduation: string | null;
  declare contract_type: string | null;
  declare tags: string[] | null;
  declare start_date: string | null;
  declare pay_min: number | null;
  declare pay_max: number | null;
  declare pay_currency: CreationOptional<string>;
  declare pay_period: CreationOptional<string>;
  declare street: string | null;
  declare city: string | null;
  declare zip_code: string | null;
  declare area: string | null;
  declare sub_area: string | null;
  declare country: string | null;
  declare country_iso: string | null;
  declare lat: number | null;
  declare lng: number | null;
  declare lang: CreationOptional<string>;
  declare state: CreationOptional<OfferState>;
  declare is_boosted: CreationOptional<boolean>;
  declare boosted_at: Date | null;
  /** When the boost ends (decision 251); kept after it ended. */
  declare boost_ends_at: CreationOptional<Date | null>;
  /** Interview settings (models/rules/interview.ts): thinking time (null: until the candidate presses record), answer length, retakes (null: unlimited). */
  declare think_seconds: CreationOptional<number | null>;
  declare answer_seconds: CreationOptional<number>;
  declare retakes: CreationOptional<number | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
  declare questions?: NonAttribute<OfferQuestion[]>;

  static initModel(sequelize: Sequelize) {
    Offer.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        job_code: { type: DataTypes.STRING(16), allowNull: false, unique: true },
        created_by_id: { type: DataTypes.STRING(36), allowNull: true },
        shop_id: { type: DataTypes.INTEGER, allowNull: true },
        shopname: { type: DataTypes.STRING(160), allowNull: true },
        title: { type: DataTypes.STRING(200), allowNull: false },
        company_name: { type: DataTypes.STRING(160), allowNull: false },
        company_hash: { type: DataTypes.STRING(160), allowNull: true },
        company_picture: { type: DataTypes.STRING(255), allowNull: true },
        company_description: { type: DataTypes.TEXT, allowNull: true },
        description: { type: DataTypes.TEXT, allowNull: false },
        candidate_qualification: { type: DataTypes.TEXT, allowNull: true },
        candidate_experience: { type: DataTypes.STRING(20), allowNull: true },
        candidate_graduation: { type: DataTypes.STRING(20), allowNull: true },
        contract_type: { type: DataTypes.STRING(20), allowNull: true },
        tags: jsonText<Offer>('tags'),
        start_date: { type: DataTypes.DATEONLY, allowNull: true },
        pay_min: { type: DataTypes.INTEGER, allowNull: true },
        pay_max: { type: DataTypes.INTEGER, allowNull: true },
        pay_currency: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'EUR' },
        pay_period: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'month' },
        ...address,
        lang: { type: DataTypes.STRING(5), allowNull: false, defaultValue: 'fr' },
        state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'available', validate: { isIn: [OFFER_STATES as unknown as string[]] } },
        is_boosted: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        boosted_at: { type: DataTypes.DATE(3), allowNull: true },
        boost_ends_at: { type: DataTypes.DATE(3), allowNull: true },
        think_seconds: { type: DataTypes.INTEGER, allowNull: true },
        answer_seconds: { type: DataTypes.INTEGER, allowNull: false, defaultValue: ANSWER_DEFAULT_SECONDS },
        retakes: { type: DataTypes.INTEGER, allowNull: true },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'offers' },
    );
  }
}

export class OfferQuestion extends Model<InferAttributes<OfferQuestion>, InferCreationAttributes<OfferQuestion>> {
  declare id: CreationOptional<number>;
  declare offer_id: ForeignKey<number>;
  /** The spec's question id: q1, q2, ... */
  declare qid: string;
  declare position: number;
  declare question: string;
  /** video (the default), text or choice (decision 455). */
  declare type: CreationOptional<QuestionType>;
  /** A choice question's options with their knockout flags; null for the other types. */
  declare options: CreationOptional<ChoiceOption[] | null>;

  static initModel(sequelize: Sequelize) {
    OfferQuestion.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        qid: { type: DataTypes.STRING(8), allowNull: false },
        position: { type: DataTypes.INTEGER, allowNull: false },
        question: { type: DataTypes.STRING(QUESTION_MAX_LENGTH), allowNull: false },
        type: { type: DataTypes.STRING(8), allowNull: false, defaultValue: 'video' },
        options: jsonText<OfferQuestion>('options'),
      },
      { sequelize, tableName: 'offer_questions', timestamps: false },
    );
  }
}

/** The wizard's offer_json, kept whole until publication (public-web.md section 3), with the interview settings (issue 27). */
export interface DraftOfferJson extends InterviewSettingsJson {
  title?: string;
  company_picture?: string;
  company_name?: string;
  company_description?: string;
  description?: string;
  location?: Partial<{
    lat: number;
    lng: number;
    street: string;
    city: string;
    zip_code: string;
    area: string;
    sub_area: string;
    country: string;
    country_iso: string;
  }>;
  contract_type?: string;
  tags?: string[];
  start_date?: string;
  candidate_experience?: string;
  candidate_graduation?: string;
  candidate_qualification?: string;
  pay_min?: number;
  pay_max?: number;
  pay_currency?: string;
  pay_period?: string;
  questions?: QuestionJson[];
  lang?: string;
}

export class DraftOffer extends Model<InferAttributes<DraftOffer>, InferCreationAttributes<DraftOffer>> {
  declare id: CreationOptional<number>;
  declare edition_token: string;
  declare owner_id: string | null;
  declare offer_json: DraftOfferJson;
  declare published_offer_id: number | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    DraftOffer.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        edition_token: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        owner_id: { type: DataTypes.STRING(36), allowNull: true },
        offer_json: jsonText<DraftOffer>('offer_json', false),
        published_offer_id: { type: DataTypes.INTEGER, allowNull: true },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'draft_offers' },
    );
  }
}
