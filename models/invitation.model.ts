// Interview invitations and what goes with them (docs/decisions/430-interview-invitations.md; migration 036).
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

export class Invitation extends Model<InferAttributes<Invitation>, InferCreationAttributes<Invitation>> {
  declare id: CreationOptional<number>;
  declare offer_id: number;
  declare recruiter_id: string;
  declare invited_by: string | null;
  declare company_key: string;
  declare first_name: string;
  declare last_name: string;
  declare email: string;
  declare phone: string | null;
  declare lang: string;
  declare message: string | null;
  declare deadline: Date;
  declare nonce: string;
  declare candidate_id: CreationOptional<string | null>;
  declare sent_at: CreationOptional<Date | null>;
  declare sends: CreationOptional<number>;
  declare opened_at: CreationOptional<Date | null>;
  declare bounced_at: CreationOptional<Date | null>;
  declare opted_out_at: CreationOptional<Date | null>;
  declare cancelled_at: CreationOptional<Date | null>;
  declare live_key: string | null;
  declare created_at: Date;

  static initModel(sequelize: Sequelize) {
    Invitation.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        offer_id: { type: DataTypes.INTEGER, allowNull: false },
        recruiter_id: { type: DataTypes.STRING(36), allowNull: false },
        invited_by: { type: DataTypes.STRING(36), allowNull: true },
        company_key: { type: DataTypes.STRING(191), allowNull: false },
        first_name: { type: DataTypes.STRING(100), allowNull: false },
        last_name: { type: DataTypes.STRING(100), allowNull: false },
        email: { type: DataTypes.STRING(191), allowNull: false },
        phone: { type: DataTypes.STRING(20), allowNull: true },
        lang: { type: DataTypes.STRING(2), allowNull: false },
        message: { type: DataTypes.TEXT, allowNull: true },
        deadline: { type: DataTypes.DATE(3), allowNull: false },
        nonce: { type: DataTypes.STRING(32), allowNull: false },
        candidate_id: { type: DataTypes.STRING(36), allowNull: true },
        sent_at: { type: DataTypes.DATE(3), allowNull: true },
        sends: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        opened_at: { type: DataTypes.DATE(3), allowNull: true },
        bounced_at: { type: DataTypes.DATE(3), allowNull: true },
        opted_out_at: { type: DataTypes.DATE(3), allowNull: true },
        cancelled_at: { type: DataTypes.DATE(3), allowNull: true },
        live_key: { type: DataTypes.STRING(200), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'invitations', timestamps: false },
    );
  }
}

/** A reminder sent: one row per invitation, reminder and deadline, unique (never twice). */
export class InvitationReminder extends Model<InferAttributes<InvitationReminder>, InferCreationAttributes<InvitationReminder>> {
  declare id: CreationOptional<number>;
  declare invitation_id: number;
  declare hours_before: number;
  declare deadline: Date;
  declare created_at: Date;

  static initModel(sequelize: Sequelize) {
    InvitationReminder.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        invitation_id: { type: DataTypes.INTEGER, allowNull: false },
        hours_before: { type: DataTypes.INTEGER, allowNull: false },
        deadline: { type: DataTypes.DATE(3), allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'invitation_reminders', timestamps: false },
    );
  }
}

/** An address that asked a company to write no more. */
export class InvitationOptOut extends Model<InferAttributes<InvitationOptOut>, InferCreationAttributes<InvitationOptOut>> {
  declare id: CreationOptional<number>;
  declare company_key: string;
  declare email: string;
  declare created_at: Date;

  static initModel(sequelize: Sequelize) {
    InvitationOptOut.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        company_key: { type: DataTypes.STRING(191), allowNull: false },
        email: { type: DataTypes.STRING(191), allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'invitation_opt_outs', timestamps: false },
    );
  }
}

/** A company's invitations of one UTC day (the daily limit). */
export class InvitationDay extends Model<InferAttributes<InvitationDay>, InferCreationAttributes<InvitationDay>> {
  declare company_key: string;
  declare day: string;
  declare sent: number;

  static initModel(sequelize: Sequelize) {
    InvitationDay.init(
      {
        company_key: { type: DataTypes.STRING(191), allowNull: false, primaryKey: true },
        day: { type: DataTypes.STRING(10), allowNull: false, primaryKey: true },
        sent: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      },
      { sequelize, tableName: 'invitation_days', timestamps: false },
    );
  }
}

/** A company's reminder times. */
export class InvitationSettings extends Model<InferAttributes<InvitationSettings>, InferCreationAttributes<InvitationSettings>> {
  declare company_key: string;
  declare reminder_hours: string;
  declare updated_at: Date;

  static initModel(sequelize: Sequelize) {
    InvitationSettings.init(
      {
        company_key: { type: DataTypes.STRING(191), allowNull: false, primaryKey: true },
        reminder_hours: { type: DataTypes.STRING(40), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'invitation_settings', timestamps: false },
    );
  }
}
