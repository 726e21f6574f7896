// A signed-in session: a browser cookie or a mobile bearer token. Only the token's sha256 is stored.
import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';
import type { User } from './user.model.js';

export class Session extends Model<InferAttributes<Session>, InferCreationAttributes<Session>> {
  declare id: string;
  declare user_id: ForeignKey<string>;
  declare kind: 'cookie' | 'bearer';
  declare expires_at: Date;
  declare created_at: CreationOptional<Date>;
  declare user?: NonAttribute<User>;

  static initModel(sequelize: Sequelize) {
    Session.init(
      {
        id: { type: DataTypes.STRING(64), primaryKey: true },
        kind: { type: DataTypes.STRING(8), allowNull: false },
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
        created_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'sessions', updatedAt: false },
    );
  }
}

/** One sign-in or password-reset attempt, counted per bucket over a window (api/auth/throttle.ts). */
export class AuthAttempt extends Model<InferAttributes<AuthAttempt>, InferCreationAttributes<AuthAttempt>> {
  declare id: CreationOptional<number>;
  declare bucket: string;
  declare at: Date;

  static initModel(sequelize: Sequelize) {
    AuthAttempt.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        bucket: { type: DataTypes.STRING(190), allowNull: false },
        at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'auth_attempts', timestamps: false },
    );
  }
}

/** A SAML AuthnRequest id this server issued and has not yet seen answered (api/auth/saml-cache.ts). */
export class SamlRequest extends Model<InferAttributes<SamlRequest>, InferCreationAttributes<SamlRequest>> {
  declare id: string;
  declare value: string;
  declare created_at: Date;
  declare expires_at: Date;

  static initModel(sequelize: Sequelize) {
    SamlRequest.init(
      {
        id: { type: DataTypes.STRING(190), primaryKey: true },
        value: { type: DataTypes.TEXT, allowNull: false },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'saml_requests', timestamps: false },
    );
  }
}
