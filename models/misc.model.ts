// Uploaded files (CVs, logos) and the staff audit log.
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonText } from './columns.js';

export const UPLOAD_KINDS = ['cv', 'image'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export class Upload extends Model<InferAttributes<Upload>, InferCreationAttributes<Upload>> {
  declare id: CreationOptional<number>;
  declare key: string;
  declare kind: UploadKind;
  declare content_type: string;
  declare size: number;
  declare owner_id: string | null;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Upload.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        key: { type: DataTypes.STRING(255), allowNull: false, unique: true },
        kind: { type: DataTypes.STRING(16), allowNull: false },
        content_type: { type: DataTypes.STRING(100), allowNull: false },
        size: { type: DataTypes.INTEGER, allowNull: false },
        owner_id: { type: DataTypes.STRING(36), allowNull: true },
        created_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'uploads', updatedAt: false },
    );
  }
}

export class AuditEntry extends Model<InferAttributes<AuditEntry>, InferCreationAttributes<AuditEntry>> {
  declare id: CreationOptional<number>;
  declare actor_id: string | null;
  declare action: string;
  declare resource: string;
  declare record_id: string | null;
  declare before_json: unknown;
  declare after_json: unknown;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    AuditEntry.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        actor_id: { type: DataTypes.STRING(36), allowNull: true },
        action: { type: DataTypes.STRING(64), allowNull: false },
        resource: { type: DataTypes.STRING(64), allowNull: false },
        record_id: { type: DataTypes.STRING(64), allowNull: true },
        before_json: jsonText<AuditEntry>('before_json'),
        after_json: jsonText<AuditEntry>('after_json'),
        created_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'audit_log', updatedAt: false },
    );
  }
}
