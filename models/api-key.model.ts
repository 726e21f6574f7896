// API keys of a company and their requests per minute (docs/decisions/485-api-keys.md; migration 045).
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

export class ApiKey extends Model<InferAttributes<ApiKey>, InferCreationAttributes<ApiKey>> {
  declare id: CreationOptional<number>;
  declare manager_id: string;
  declare name: string;
  declare prefix: string;
  declare secret_hash: string;
  /** JSON list of scopes (models/rules/api-keys.ts). */
  declare scopes: string;
  declare created_by: string | null;
  declare created_at: Date;
  declare revoked_at: CreationOptional<Date | null>;
  declare last_used_at: CreationOptional<Date | null>;

  static initModel(sequelize: Sequelize) {
    ApiKey.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        manager_id: { type: DataTypes.STRING(36), allowNull: false },
        name: { type: DataTypes.STRING(80), allowNull: false },
        prefix: { type: DataTypes.STRING(16), allowNull: false },
        secret_hash: { type: DataTypes.STRING(64), allowNull: false },
        scopes: { type: DataTypes.TEXT, allowNull: false },
        created_by: { type: DataTypes.STRING(36), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        revoked_at: { type: DataTypes.DATE(3), allowNull: true },
        last_used_at: { type: DataTypes.DATE(3), allowNull: true },
      },
      { sequelize, tableName: 'api_keys', timestamps: false },
    );
  }
}

/** One key's requests in one minute (the rate limit shared by every process). */
export class ApiKeyMinute extends Model<InferAttributes<ApiKeyMinute>, InferCreationAttributes<ApiKeyMinute>> {
  declare api_key_id: number;
  declare minute: number;
  declare requests: number;

  static initModel(sequelize: Sequelize) {
    ApiKeyMinute.init(
      {
        api_key_id: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
        minute: { type: DataTypes.INTEGER, allowNull: false, primaryKey: true },
        requests: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      },
      { sequelize, tableName: 'api_key_minutes', timestamps: false },
    );
  }
}
