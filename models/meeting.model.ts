// The meeting room's signalling messages (docs/decisions/160-meeting-room.md) and invitations (290).
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

export class MeetingSignal extends Model<InferAttributes<MeetingSignal>, InferCreationAttributes<MeetingSignal>> {
  declare id: CreationOptional<number>;
  declare room: string;
  declare to_side: string;
  declare from_peer: string;
  declare type: string;
  declare body: string | null;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    MeetingSignal.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        room: { type: DataTypes.STRING(100), allowNull: false },
        to_side: { type: DataTypes.STRING(16), allowNull: false },
        from_peer: { type: DataTypes.STRING(40), allowNull: false },
        type: { type: DataTypes.STRING(16), allowNull: false },
        body: { type: DataTypes.TEXT, allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'meeting_signals', timestamps: false },
    );
  }
}

/** A meeting invitation (docs/decisions/290-meeting-invitations.md): sent now, or scheduled. */
export class Meeting extends Model<InferAttributes<Meeting>, InferCreationAttributes<Meeting>> {
  declare id: CreationOptional<number>;
  declare recruiter_id: string;
  declare candidate_id: string;
  declare invited_by: string | null;
  declare starts_at: Date | null;
  declare duration_min: number;
  declare time_zone: string;
  declare uid: string;
  declare sequence: CreationOptional<number>;
  declare cancelled_at: CreationOptional<Date | null>;
  declare reminded_at: CreationOptional<Date | null>;
  declare created_at: Date;

  static initModel(sequelize: Sequelize) {
    Meeting.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        recruiter_id: { type: DataTypes.STRING(36), allowNull: false },
        candidate_id: { type: DataTypes.STRING(36), allowNull: false },
        invited_by: { type: DataTypes.STRING(36), allowNull: true },
        starts_at: { type: DataTypes.DATE(3), allowNull: true },
        duration_min: { type: DataTypes.INTEGER, allowNull: false },
        time_zone: { type: DataTypes.STRING(64), allowNull: false },
        uid: { type: DataTypes.STRING(120), allowNull: false },
        sequence: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        cancelled_at: { type: DataTypes.DATE(3), allowNull: true },
        reminded_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'meetings', timestamps: false },
    );
  }
}
