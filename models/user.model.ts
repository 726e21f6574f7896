// Users of every profile, their contact and close history, plan limits and manager-recruiter links.
import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';
import { jsonText } from './columns.js';
import { CONTACT_ACTIONS, PROFILES, USER_PLANS, type ContactAction, type Profile, type UserPlan } from './rules/accounts.js';
export { PROFILES, type Profile };

export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: string;
  // Nullable columns a new account may leave out (the database stores NULL).
  declare username: CreationOptional<string | null>;
  declare email: string;
  declare password_hash: CreationOptional<string | null>;
  declare name: CreationOptional<string>;
  declare phone: CreationOptional<string | null>;
  declare picture: CreationOptional<string | null>;
  declare profile: Profile;
  declare is_admin: CreationOptional<boolean>;
  declare user_plan: CreationOptional<UserPlan>;
  declare sub_topics: CreationOptional<string[] | null>;
  declare internal_sub: CreationOptional<string | null>;
  declare country_iso: CreationOptional<string>;
  declare lang: CreationOptional<string>;
  declare cgu_from: CreationOptional<string | null>;
  declare customer_name: CreationOptional<string | null>;
  declare av_boost: CreationOptional<number>;
  declare total_boost: CreationOptional<number>;
  declare used_boost: CreationOptional<number>;
  /** How many days this account's boosts last; null: the default (models/rules/boost.ts). */
  declare boost_days: CreationOptional<number | null>;
  declare recos_count: CreationOptional<number>;
  declare recommanded_count: CreationOptional<number>;
  declare recruited: CreationOptional<number>;
  declare to_recruit: CreationOptional<number>;
  declare actives_offers_count: CreationOptional<number>;
  declare candidates_count: CreationOptional<number>;
  declare offers_count: CreationOptional<number>;
  declare applications_count: CreationOptional<number>;
  declare wishlist_count: CreationOptional<number>;
  /** Wishlist entries still pending (saved, not applied): the console's wishlist view lists these candidates. */
  declare wishlist_pending_count: CreationOptional<number>;
  declare contacts_count: CreationOptional<number>;
  declare is_migration: CreationOptional<boolean>;
  declare userpool: CreationOptional<string | null>;
  declare contactable: CreationOptional<boolean>;
  declare closed_at: CreationOptional<Date | null>;
  /** Landing candidates: when each notification went out ({ email?: iso, sms?: iso }). */
  declare notif: CreationOptional<Record<string, string> | null>;
  declare sso_provider_id: CreationOptional<number | null>;
  declare last_co: CreationOptional<Date | null>;
  /** When the inactivity warning was sent (docs/decisions/167-data-lifecycle.md). */
  declare inactivity_warned_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    User.init(
      {
        id: { type: DataTypes.STRING(36), primaryKey: true },
        username: { type: DataTypes.STRING(128), allowNull: true },
        email: { type: DataTypes.STRING(254), allowNull: false, unique: true },
        password_hash: { type: DataTypes.STRING(255), allowNull: true },
        name: { type: DataTypes.STRING(120), allowNull: false, defaultValue: '' },
        phone: { type: DataTypes.STRING(32), allowNull: true },
        picture: { type: DataTypes.STRING(255), allowNull: true },
        profile: { type: DataTypes.STRING(16), allowNull: false, validate: { isIn: [PROFILES as unknown as string[]] } },
        is_admin: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        user_plan: { type: DataTypes.STRING(16), allowNull: false, defaultValue: 'free', validate: { isIn: [USER_PLANS as unknown as string[]] } },
        sub_topics: jsonText<User>('sub_topics'),
        internal_sub: { type: DataTypes.STRING(128), allowNull: true },
        country_iso: { type: DataTypes.STRING(2), allowNull: false, defaultValue: 'FR' },
        lang: { type: DataTypes.STRING(5), allowNull: false, defaultValue: 'fr' },
        cgu_from: { type: DataTypes.STRING(120), allowNull: true },
        customer_name: { type: DataTypes.STRING(120), allowNull: true },
        av_boost: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        total_boost: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        used_boost: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        boost_days: { type: DataTypes.INTEGER, allowNull: true },
        recos_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        recommanded_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        recruited: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        to_recruit: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        actives_offers_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        candidates_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        offers_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        applications_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        wishlist_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        wishlist_pending_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        contacts_count: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        is_migration: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
        userpool: { type: DataTypes.STRING(32), allowNull: true },
        contactable: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: true },
        closed_at: { type: DataTypes.DATE(3), allowNull: true },
        notif: jsonText<User>('notif'),
        sso_provider_id: { type: DataTypes.INTEGER, allowNull: true },
        last_co: { type: DataTypes.DATE(3), allowNull: true },
        inactivity_warned_at: { type: DataTypes.DATE(3), allowNull: true },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'users' },
    );
  }
}

/**
 * A user's columns as plain values (dates as Date, booleans as boolean, JSON parsed), without the
 * model's methods: the signed-in caller of a request (api/auth/sessions.ts) is one, read with one
 * written SQL statement. Services that only read a user take this; a User instance is one too.
 */
export type UserRow = InferAttributes<User>;

export class ContactEvent extends Model<InferAttributes<ContactEvent>, InferCreationAttributes<ContactEvent>> {
  declare id: CreationOptional<number>;
  declare user_id: ForeignKey<string>;
  declare action: ContactAction;
  declare actor_id: string | null;
  /** Stored as a date; the API gives it in epoch seconds as the spec says. */
  declare at: Date;

  static initModel(sequelize: Sequelize) {
    ContactEvent.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        action: { type: DataTypes.STRING(20), allowNull: false, validate: { isIn: [CONTACT_ACTIONS as unknown as string[]] } },
        actor_id: { type: DataTypes.STRING(36), allowNull: true },
        at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'user_contact_events', timestamps: false },
    );
  }
}

export class CloseEvent extends Model<InferAttributes<CloseEvent>, InferCreationAttributes<CloseEvent>> {
  declare id: CreationOptional<number>;
  declare user_id: ForeignKey<string>;
  declare actor_id: string | null;
  declare at: Date;

  static initModel(sequelize: Sequelize) {
    CloseEvent.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        actor_id: { type: DataTypes.STRING(36), allowNull: true },
        at: { type: DataTypes.DATE(3), allowNull: false },
      },
      { sequelize, tableName: 'user_close_events', timestamps: false },
    );
  }
}

/** The custom plan's numeric active-offers limit ("plan limit record" of the spec). */
export class PlanLimit extends Model<InferAttributes<PlanLimit>, InferCreationAttributes<PlanLimit>> {
  declare id: CreationOptional<number>;
  declare user_id: ForeignKey<string>;
  declare actives_offers: number;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    PlanLimit.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        actives_offers: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'plan_limits' },
    );
  }
}

/** A recruiter in a manager's list (the spec's "manager record"). */
export class ManagerRecruiter extends Model<InferAttributes<ManagerRecruiter>, InferCreationAttributes<ManagerRecruiter>> {
  declare id: CreationOptional<number>;
  declare manager_id: ForeignKey<string>;
  declare recruiter_id: ForeignKey<string>;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ManagerRecruiter.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        created_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'manager_recruiters', updatedAt: false },
    );
  }
}
