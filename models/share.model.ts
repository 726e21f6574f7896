// Share links to one application, their counted views and the reviewers' feedback.
import { DataTypes, Model, type CreationOptional, type ForeignKey, type InferAttributes, type InferCreationAttributes, type Sequelize } from 'sequelize';

/** 50 views of a shared link outside the app (terms; public-web.md section 9). */
export const SHARE_MAX_VIEWS = 50;

export class ShareLink extends Model<InferAttributes<ShareLink>, InferCreationAttributes<ShareLink>> {
  declare id: CreationOptional<number>;
  declare share_id: string;
  declare application_id: ForeignKey<number>;
  declare shared_by_id: string | null;
  declare views: CreationOptional<number>;
  declare max_views: CreationOptional<number>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ShareLink.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        share_id: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        shared_by_id: { type: DataTypes.STRING(36), allowNull: true },
        views: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        max_views: { type: DataTypes.INTEGER, allowNull: false, defaultValue: SHARE_MAX_VIEWS },
        created_at: DataTypes.DATE(3),
        updated_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'share_links' },
    );
  }
}

export class ShareView extends Model<InferAttributes<ShareView>, InferCreationAttributes<ShareView>> {
  declare id: CreationOptional<number>;
  /** The public view id handed to the feedback page (viewId). */
  declare view_id: string;
  declare share_link_id: ForeignKey<number>;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    ShareView.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        view_id: { type: DataTypes.STRING(64), allowNull: false, unique: true },
        created_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'share_views', updatedAt: false },
    );
  }
}

export class Feedback extends Model<InferAttributes<Feedback>, InferCreationAttributes<Feedback>> {
  declare id: CreationOptional<number>;
  declare share_link_id: ForeignKey<number>;
  declare share_view_id: ForeignKey<number>;
  declare name: string;
  declare comment: string | null;
  /** -1 thumb down, 1 thumb up (0 is refused at the edge). */
  declare feedback: number;
  declare created_at: CreationOptional<Date>;

  static initModel(sequelize: Sequelize) {
    Feedback.init(
      {
        id: { type: DataTypes.INTEGER, primaryKey: true, autoIncrement: true },
        name: { type: DataTypes.STRING(120), allowNull: false },
        comment: { type: DataTypes.TEXT, allowNull: true },
        feedback: { type: DataTypes.INTEGER, allowNull: false },
        created_at: DataTypes.DATE(3),
      },
      { sequelize, tableName: 'feedbacks', updatedAt: false },
    );
  }
}
