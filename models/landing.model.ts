// Interest leads (web applications and landing leads) and companies' custom landing pages.
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { LANDING_DEFAULTS } from './resources/custom-landings/resource.js';

export class LandingInterest extends Model<InferAttributes<LandingInterest>, InferCreationAttributes<LandingInterest>> {
  declare id: CreationOptional<number>;
  /** The spec's Pk. */
  declare email: string;
  /** The spec's Sk: the offer applied to. */
  declare job_code: string;
  declare offer_id: number | null;
  declare firstname: string;
  declare lastname: string;
  declare phone_number: string | null;
  declare accept_cgu: boolean;
  declare cv_key: string | null;
  declare cgu_from: string;
  declare custom: string | null;
  declare notif: CreationOptional<number>;
  /** Notification resend: 0 idle, 1 in progress, 2 sent. */
  declare notif_resend: CreationOptional<number>;
  declare notified_at: Date | null;
  /** When the current (or last) resend was asked for. */
  declare notif_resend_at: CreationOptional<Date | null>;
  /** The language the lead applied in (fr, nl, en, es): their messages are written in it. */
  declare lang: CreationOptional<string | null>;
  /** Absent for an anonymous lead. */
  declare user_id: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    LandingInterest.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        email: { type: DataTypes.STRING(254), allowNull: false },
        job_code: { type: DataTypes.STRING(16), allowNull: false },
        offer_id: { type: DataTypes.INTEGER, allowNull: true },
        firstname: { type: DataTypes.STRING(120), allowNull: false },
        lastname: { type: DataTypes.STRING(120), allowNull: false },
        phone_number: { type: DataTypes.STRING(32), allowNull: true },
        accept_cgu: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        cv_key: { type: DataTypes.STRING(255), allowNull: true },
        cgu_from: { type: DataTypes.STRING(160), allowNull: false },
        custom: { type: DataTypes.STRING(120), allowNull: true },
        notif: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        notif_resend: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        notified_at: { type: DataTypes.DATE(3), allowNull: true },
        notif_resend_at: { type: DataTypes.DATE(3), allowNull: true },
        lang: { type: DataTypes.STRING(5), allowNull: true },
        user_id: { type: DataTypes.STRING(36), allowNull: true },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'landing_interests' },
    );
  }
}

// One copy, shared with the console's create form (it cannot import this Sequelize module).
export { LANDING_DEFAULTS };

export class CustomLanding extends Model<InferAttributes<CustomLanding>, InferCreationAttributes<CustomLanding>> {
  declare id: CreationOptional<number>;
  /** The spec's Pk: the public identifier in /landing/{identifier}. */
  declare identifier: string;
  declare name: string;
  /** Equal to name on save; offers with the same company_hash are offered on the landing. */
  declare company_hash: string;
  declare bg_color: CreationOptional<string>;
  declare select_label: CreationOptional<string>;
  declare select_description: string | null;
  declare selectlist_label: CreationOptional<string>;
  declare informations_description: string | null;
  declare logo_src: string | null;
  declare logo_width: CreationOptional<number>;
  declare logo_height: CreationOptional<number>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    CustomLanding.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        identifier: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        name: { type: DataTypes.STRING(160), allowNull: false },
        company_hash: { type: DataTypes.STRING(160), allowNull: false },
        bg_color: { type: DataTypes.STRING(16), allowNull: false, defaultValue: LANDING_DEFAULTS.bg_color },
        select_label: { type: DataTypes.STRING(120), allowNull: false, defaultValue: LANDING_DEFAULTS.select_label },
        select_description: { type: DataTypes.TEXT, allowNull: true },
        selectlist_label: { type: DataTypes.STRING(120), allowNull: false, defaultValue: LANDING_DEFAULTS.selectlist_label },
        informations_description: { type: DataTypes.TEXT, allowNull: true },
        logo_src: { type: DataTypes.STRING(255), allowNull: true },
        logo_width: { type: DataTypes.INTEGER, allowNull: false, defaultValue: LANDING_DEFAULTS.logo_width },
        logo_height: { type: DataTypes.INTEGER, allowNull: false, defaultValue: LANDING_DEFAULTS.logo_height },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'custom_landings' },
    );
  }
}
