// A signed-in session: a browser cookie or a mobile bearer token. Only the token's sha256 is stored.
import {
  DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes,
  type NonAttribute, type Sequelize,
} from 'sequelize';
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
