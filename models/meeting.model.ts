// The meeting room's signalling messages (docs/decisions/160-meeting-room.md).
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
