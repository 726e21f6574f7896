// A manager's company: shops, offer templates and subscriptions.
import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { address, jsonText } from './columns.js';

export class Shop extends Model<InferAttributes<Shop>, InferCreationAttributes<Shop>> {
  declare id: CreationOptional<number>;
  declare manager_id: ForeignKey<string>;
  declare shopname: string;
  declare street: string | null;
  declare city: string | null;
  declare zip_code: string | null;
  declare area: string | null;
  declare sub_area: string | null;
  declare country: string | null;
  declare country_iso: string | null;
  declare lat: number | null;
  declare lng: number | null;
  declare recruiter_id: string | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Shop.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        shopname: { type: DataTypes.STRING(160), allowNull: false },
        ...address,
        recruiter_id: { type: DataTypes.STRING(36), allowNull: true },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'shops' },
    );
  }
}

/** An offer template (type offer): its content is the offer fields of back-office.md section 3. */
export class Template extends Model<InferAttributes<Template>, InferCreationAttributes<Template>> {
  declare id: CreationOptional<number>;
  declare owner_id: ForeignKey<string>;
  declare type: CreationOptional<string>;
  declare content: Record<string, unknown>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Template.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        type: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'offer' },
        content: jsonText<Template>('content', false),
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'templates' },
    );
  }
}

export { SUBSCRIPTION_STATES } from './rules/subscription.js';

export class Subscription extends Model<InferAttributes<Subscription>, InferCreationAttributes<Subscription>> {
  declare id: CreationOptional<number>;
  declare sub_id: string;
  declare user_id: string | null;
  declare plan_id: string;
  declare quantity: CreationOptional<number>;
  /** 'payed' means active; anything else is inactive. */
  declare state: CreationOptional<string>;
  declare billing_company_name: string | null;
  declare billing_email: string | null;
  declare billing_firstname: string | null;
  declare billing_lastname: string | null;
  /** The payment provider's hosted-page (checkout session) id. */
  declare hpid: string | null;
  /** Stripe's customer (cus_...) and subscription (sub_...) ids once Checkout completed. */
  declare stripe_customer_id: CreationOptional<string | null>;
  declare stripe_subscription_id: CreationOptional<string | null>;
  declare expires_at: Date | null;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Subscription.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        sub_id: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        user_id: { type: DataTypes.STRING(36), allowNull: true },
        plan_id: { type: DataTypes.STRING(64), allowNull: false },
        quantity: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
        state: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'pending' },
        billing_company_name: { type: DataTypes.STRING(160), allowNull: true },
        billing_email: { type: DataTypes.STRING(254), allowNull: true },
        billing_firstname: { type: DataTypes.STRING(120), allowNull: true },
        billing_lastname: { type: DataTypes.STRING(120), allowNull: true },
        hpid: { type: DataTypes.STRING(255), allowNull: true },
        stripe_customer_id: { type: DataTypes.STRING(255), allowNull: true },
        stripe_subscription_id: { type: DataTypes.STRING(255), allowNull: true },
        expires_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'subscriptions' },
    );
  }
}

export class SubscriptionRecruiter extends Model<InferAttributes<SubscriptionRecruiter>, InferCreationAttributes<SubscriptionRecruiter>> {
  declare id: CreationOptional<number>;
  declare subscription_id: ForeignKey<number>;
  declare recruiter_id: ForeignKey<string>;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    SubscriptionRecruiter.init(
      { id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true }, created_at: DataTypes.DATE(3) },
      { sequelize, tableName: 'subscription_recruiters', updatedAt: false },
    );
  }
}
