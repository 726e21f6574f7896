// Paid subscriptions' reference data and bookkeeping (docs/decisions/144-plans-and-stripe.md):
// the plans a company can buy (data, not code) and the Stripe events already applied (one row
// per event id: a redelivered event finds its row and changes nothing).
import { DataTypes, Model, type CreationOptional, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

import type { PlanInterval } from './rules/subscription.js';

export class Plan extends Model<InferAttributes<Plan>, InferCreationAttributes<Plan>> {
  /** The plan id of /portal/{plan_id} (e.g. franchise_demo). */
  declare id: string;
  declare name: string;
  /** Price of one point of sale per interval, in cents. */
  declare unit_amount: number;
  declare currency: string;
  declare interval: PlanInterval;
  /** A Stripe Price id (price_...) when the plan has one; otherwise Checkout gets the amount inline. */
  declare stripe_price_id: string | null;
  declare active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Plan.init(
      {
        id: { type: DataTypes.STRING(64), primaryKey: true },
        name: { type: DataTypes.STRING(120), allowNull: false },
        unit_amount: { type: DataTypes.INTEGER, allowNull: false },
        currency: { type: DataTypes.STRING(3), allowNull: false },
        interval: { type: DataTypes.STRING(8), allowNull: false },
        stripe_price_id: { type: DataTypes.STRING(255), allowNull: true },
        active: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'plans' },
    );
  }
}

export class StripeEvent extends Model<InferAttributes<StripeEvent>, InferCreationAttributes<StripeEvent>> {
  declare id: string;
  declare type: string;
  /** The subscription the event changed (null when it named none we know). */
  declare subscription_id: number | null;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    StripeEvent.init(
      {
        id: { type: DataTypes.STRING(255), primaryKey: true },
        type: { type: DataTypes.STRING(100), allowNull: false },
        subscription_id: { type: DataTypes.INTEGER, allowNull: true },
        created_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'stripe_events', updatedAt: false },
    );
  }
}
