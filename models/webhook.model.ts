// Outbound webhooks: endpoints, deliveries and attempts (docs/decisions/480-outbound-webhooks.md; migration 044).
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

export class WebhookEndpoint extends Model<InferAttributes<WebhookEndpoint>, InferCreationAttributes<WebhookEndpoint>> {
  declare id: CreationOptional<number>;
  declare manager_id: string;
  declare url: string;
  declare description: string | null;
  declare events: string;
  declare secret: string;
  declare enabled: CreationOptional<boolean>;
  declare disabled_at: CreationOptional<Date | null>;
  declare created_at: Date;
  declare updated_at: Date;

  static initModel(sequelize: Sequelize) {
    WebhookEndpoint.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        manager_id: { type: DataTypes.STRING(36), allowNull: false },
        url: { type: DataTypes.STRING(2000), allowNull: false },
        description: { type: DataTypes.STRING(200), allowNull: true },
        events: { type: DataTypes.STRING(400), allowNull: false },
        secret: { type: DataTypes.STRING(80), allowNull: false },
        enabled: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        disabled_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
        updated_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'webhook_endpoints', timestamps: false },
    );
  }
}

export class WebhookDelivery extends Model<InferAttributes<WebhookDelivery>, InferCreationAttributes<WebhookDelivery>> {
  declare id: CreationOptional<number>;
  declare endpoint_id: number;
  declare manager_id: string;
  declare msg_id: string;
  declare event_type: string;
  declare payload: string;
  declare state: string;
  declare attempts: CreationOptional<number>;
  declare last_status: CreationOptional<number | null>;
  declare next_attempt_at: Date | null;
  declare delivered_at: CreationOptional<Date | null>;
  declare created_at: Date;

  static initModel(sequelize: Sequelize) {
    WebhookDelivery.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        endpoint_id: { type: DataTypes.INTEGER, allowNull: false },
        manager_id: { type: DataTypes.STRING(36), allowNull: false },
        msg_id: { type: DataTypes.STRING(40), allowNull: false },
        event_type: { type: DataTypes.STRING(40), allowNull: false },
        payload: { type: DataTypes.TEXT, allowNull: false },
        state: { type: DataTypes.STRING(12), allowNull: false },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        last_status: { type: DataTypes.INTEGER, allowNull: true },
        next_attempt_at: { type: DataTypes.DATE(3), allowNull: true },
        delivered_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'webhook_deliveries', timestamps: false },
    );
  }
}

export class WebhookAttempt extends Model<InferAttributes<WebhookAttempt>, InferCreationAttributes<WebhookAttempt>> {
  declare id: CreationOptional<number>;
  declare delivery_id: number;
  declare attempt: number;
  declare status_code: number | null;
  declare duration_ms: number;
  declare response_body: string | null;
  declare error: string | null;
  declare created_at: Date;

  static initModel(sequelize: Sequelize) {
    WebhookAttempt.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        delivery_id: { type: DataTypes.INTEGER, allowNull: false },
        attempt: { type: DataTypes.INTEGER, allowNull: false },
        status_code: { type: DataTypes.INTEGER, allowNull: true },
        duration_ms: { type: DataTypes.INTEGER, allowNull: false },
        response_body: { type: DataTypes.TEXT, allowNull: true },
        error: { type: DataTypes.STRING(60), allowNull: true },
        created_at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'webhook_attempts', timestamps: false },
    );
  }
}
