// The model registry: binds every model to one Sequelize connection and declares associations.
import type { Sequelize } from 'sequelize';
import { User, ContactEvent, CloseEvent, PlanLimit, ManagerRecruiter } from './user.model.js';
import { Offer, OfferQuestion, DraftOffer } from './offer.model.js';
import { Application, ApplicationAnswer, WishlistEntry } from './application.model.js';
import { LandingInterest, CustomLanding } from './landing.model.js';
import { Shop, Template, Subscription, SubscriptionRecruiter } from './company.model.js';
import { ShareLink, ShareView, Feedback } from './share.model.js';
import { EmailCode, PasswordResetCode, SsoProvider, SsoProviderDomain } from './auth.model.js';
import { Upload, AuditEntry } from './misc.model.js';
import { Session, AuthAttempt, SamlRequest } from './session.model.js';
import { Plan, StripeEvent } from './billing.model.js';
import { Job, AnswerUpload } from './job.model.js';
import { MeetingSignal, Meeting } from './meeting.model.js';
import { Invitation, InvitationReminder, InvitationOptOut, InvitationDay, InvitationSettings } from './invitation.model.js';
import { ApiKey, ApiKeyMinute } from './api-key.model.js';
import { WebhookEndpoint, WebhookDelivery, WebhookAttempt } from './webhook.model.js';
import { installSearchHooks } from './search/hooks.js';
import { installPlanLimitHooks } from './plan-limits.js';
import { bindConnection } from './transaction.js';

export * from './user.model.js';
export * from './offer.model.js';
export * from './application.model.js';
export * from './landing.model.js';
export * from './company.model.js';
export * from './share.model.js';
export * from './auth.model.js';
export * from './misc.model.js';
export * from './billing.model.js';
export * from './session.model.js';
export * from './job.model.js';
export * from './meeting.model.js';
export * from './invitation.model.js';
export * from './api-key.model.js';
export * from './webhook.model.js';
export { boundSequelize, transaction, isLockConflict, DEADLOCK_ATTEMPTS } from './transaction.js';
export { readRows, plainRowsOf, type SqlValue } from './plain-rows.js';

export const models = {
  User,
  ContactEvent,
  CloseEvent,
  PlanLimit,
  ManagerRecruiter,
  Offer,
  OfferQuestion,
  DraftOffer,
  Application,
  ApplicationAnswer,
  WishlistEntry,
  LandingInterest,
  CustomLanding,
  Shop,
  Template,
  Subscription,
  SubscriptionRecruiter,
  Plan,
  StripeEvent,
  ShareLink,
  ShareView,
  Feedback,
  PasswordResetCode,
  EmailCode,
  SsoProvider,
  SsoProviderDomain,
  Upload,
  AuditEntry,
  Session,
  AuthAttempt,
  SamlRequest,
  Job,
  AnswerUpload,
  MeetingSignal,
  Meeting,
  Invitation,
  InvitationReminder,
  InvitationOptOut,
  InvitationDay,
  InvitationSettings,
  ApiKey,
  ApiKeyMinute,
  WebhookEndpoint,
  WebhookDelivery,
  WebhookAttempt,
};

/** Binds the models to this connection (once per process: a process talks to one database). */
export function initModels(sequelize: Sequelize): void {
  if (!bindConnection(sequelize)) return;
  for (const m of Object.values(models)) m.initModel(sequelize);
  installSearchHooks();
  installPlanLimitHooks();

  User.hasMany(ContactEvent, { foreignKey: 'user_id', as: 'contact_history' });
  ContactEvent.belongsTo(User, { foreignKey: 'user_id' });
  User.hasMany(CloseEvent, { foreignKey: 'user_id', as: 'close_history' });
  CloseEvent.belongsTo(User, { foreignKey: 'user_id' });
  User.hasOne(PlanLimit, { foreignKey: 'user_id', as: 'plan_limit' });
  PlanLimit.belongsTo(User, { foreignKey: 'user_id' });
  ManagerRecruiter.belongsTo(User, { foreignKey: 'manager_id', as: 'manager' });
  ManagerRecruiter.belongsTo(User, { foreignKey: 'recruiter_id', as: 'recruiter' });

  Offer.belongsTo(User, { foreignKey: 'recruiter_id', as: 'recruiter' });
  User.hasMany(Offer, { foreignKey: 'recruiter_id', as: 'offers' });
  Offer.belongsTo(Shop, { foreignKey: 'shop_id', as: 'shop' });
  Offer.hasMany(OfferQuestion, { foreignKey: 'offer_id', as: 'questions' });
  OfferQuestion.belongsTo(Offer, { foreignKey: 'offer_id' });
  DraftOffer.belongsTo(Offer, { foreignKey: 'published_offer_id', as: 'published_offer' });

  Application.belongsTo(User, { foreignKey: 'candidate_id', as: 'candidate' });
  Application.belongsTo(User, { foreignKey: 'recruiter_id', as: 'recruiter' });
  Application.belongsTo(Offer, { foreignKey: 'offer_id', as: 'offer' });
  Offer.hasMany(Application, { foreignKey: 'offer_id', as: 'applications' });
  User.hasMany(Application, { foreignKey: 'candidate_id', as: 'applications' });
  Application.hasMany(ApplicationAnswer, { foreignKey: 'application_id', as: 'answers' });
  ApplicationAnswer.belongsTo(Application, { foreignKey: 'application_id' });

  WishlistEntry.belongsTo(User, { foreignKey: 'candidate_id', as: 'candidate' });
  WishlistEntry.belongsTo(Offer, { foreignKey: 'offer_id', as: 'offer' });
  User.hasMany(WishlistEntry, { foreignKey: 'candidate_id', as: 'wishlist' });

  Shop.belongsTo(User, { foreignKey: 'manager_id', as: 'manager' });
  Shop.belongsTo(User, { foreignKey: 'recruiter_id', as: 'recruiter' });
  Template.belongsTo(User, { foreignKey: 'owner_id', as: 'owner' });
  Subscription.belongsTo(User, { foreignKey: 'user_id', as: 'user' });
  Subscription.hasMany(SubscriptionRecruiter, { foreignKey: 'subscription_id', as: 'sub_recruiters' });
  SubscriptionRecruiter.belongsTo(User, { foreignKey: 'recruiter_id', as: 'recruiter' });
  Subscription.belongsTo(Plan, { foreignKey: 'plan_id', as: 'plan', constraints: false });

  ShareLink.belongsTo(Application, { foreignKey: 'application_id', as: 'application' });
  ShareLink.belongsTo(User, { foreignKey: 'shared_by_id', as: 'shared_by' });
  ShareLink.hasMany(ShareView, { foreignKey: 'share_link_id', as: 'share_views' });
  ShareView.belongsTo(ShareLink, { foreignKey: 'share_link_id', as: 'share_link' });
  Feedback.belongsTo(ShareLink, { foreignKey: 'share_link_id', as: 'share_link' });
  Feedback.belongsTo(ShareView, { foreignKey: 'share_view_id', as: 'share_view' });

  PasswordResetCode.belongsTo(User, { foreignKey: 'user_id', as: 'user' });
  SsoProvider.hasMany(SsoProviderDomain, { foreignKey: 'sso_provider_id', as: 'domains' });
  SsoProviderDomain.belongsTo(SsoProvider, { foreignKey: 'sso_provider_id', as: 'provider' });
  Session.belongsTo(User, { foreignKey: 'user_id', as: 'user' });
  AnswerUpload.belongsTo(ApplicationAnswer, { foreignKey: 'answer_id', as: 'answer' });
  AnswerUpload.belongsTo(Application, { foreignKey: 'application_id', as: 'application' });
}
