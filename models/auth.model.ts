// Password reset codes, one-time e-mail sign-in codes and SAML single sign-on providers.
import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type NonAttribute, type Sequelize } from 'sequelize';

export class PasswordResetCode extends Model<InferAttributes<PasswordResetCode>, InferCreationAttributes<PasswordResetCode>> {
  declare id: CreationOptional<number>;
  declare user_id: ForeignKey<string>;
  /** sha256 of the code: the code itself only travels in the mail. */
  declare code_hash: string;
  declare expires_at: Date;
  declare used_at: Date | null;
  declare attempts: CreationOptional<number>;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    PasswordResetCode.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        code_hash: { type: DataTypes.STRING(128), allowNull: false },
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
        used_at: { type: DataTypes.DATE(3), allowNull: true },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        created_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'password_reset_codes', updatedAt: false },
    );
  }
}

/** A one-time sign-in code mailed to an address (docs/decisions/135-email-code-sign-in.md). */
export class EmailCode extends Model<InferAttributes<EmailCode>, InferCreationAttributes<EmailCode>> {
  declare id: CreationOptional<number>;
  declare email: string;
  /** sha256 of the address and the code: the code itself only travels in the mail. */
  declare code_hash: string;
  declare expires_at: Date;
  declare used_at: Date | null;
  declare attempts: CreationOptional<number>;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    EmailCode.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        email: { type: DataTypes.STRING(254), allowNull: false },
        code_hash: { type: DataTypes.STRING(128), allowNull: false },
        expires_at: { type: DataTypes.DATE(3), allowNull: false },
        used_at: { type: DataTypes.DATE(3), allowNull: true },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        created_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'email_codes', updatedAt: false },
    );
  }
}

export class SsoProvider extends Model<InferAttributes<SsoProvider>, InferCreationAttributes<SsoProvider>> {
  declare id: CreationOptional<number>;
  declare identifier: string;
  declare name: string;
  declare entry_point: string;
  declare idp_issuer: string | null;
  declare idp_cert: string;
  declare default_profile: CreationOptional<string>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;
  declare domains?: NonAttribute<SsoProviderDomain[]>;

  static initModel(sequelize: Sequelize) {
    SsoProvider.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        identifier: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        name: { type: DataTypes.STRING(160), allowNull: false },
        entry_point: { type: DataTypes.STRING(500), allowNull: false },
        idp_issuer: { type: DataTypes.STRING(500), allowNull: true },
        idp_cert: { type: DataTypes.TEXT, allowNull: false },
        default_profile: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'recruiter' },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'sso_providers' },
    );
  }
}

export class SsoProviderDomain extends Model<InferAttributes<SsoProviderDomain>, InferCreationAttributes<SsoProviderDomain>> {
  declare id: CreationOptional<number>;
  declare sso_provider_id: ForeignKey<number>;
  declare domain: string;

  static initModel(sequelize: Sequelize) {
    SsoProviderDomain.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        domain: { type: DataTypes.STRING(190), allowNull: false, unique: true },
      },
      { sequelize, tableName: 'sso_provider_domains', timestamps: false },
    );
  }
}
