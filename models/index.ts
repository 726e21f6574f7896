// The model registry: binds every model to one Sequelize connection and declares associations.
import type { Sequelize, Transaction } from 'sequelize';
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
import { installSearchHooks } from './search-index.js';
import { installPlanLimitHooks } from './plan-limits.js';

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
};

let boundTo: Sequelize | null = null;

/** Binds the models to this connection (once per process: a process talks to one database). */
export function initModels(sequelize: Sequelize): void {
  if (boundTo === sequelize) return;
  if (boundTo) throw new Error('models are already bound to another connection');
  boundTo = sequelize;
  retryLoneStatements(sequelize);
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

export function boundSequelize(): Sequelize {
  if (!boundTo) throw new Error('initModels() has not been called');
  return boundTo;
}

// SQLite has one writer at a time and Sequelize opens a separate SQLite connection per
// transaction, so concurrent transactions would fail with SQLITE_BUSY. The embedded database
// belongs to one process, so we queue its transactions here; MySQL/MariaDB run them in parallel.
let sqliteQueue: Promise<unknown> = Promise.resolve();

const RETRYABLE = new Set([1213, 1205]); // ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT
/** Tries before a deadlock reaches the caller; the waits between them grow (about 1.5 s in all at most). */
export const DEADLOCK_ATTEMPTS = 8;

function errno(e: unknown): number | undefined {
  const err = e as { parent?: { errno?: number }; original?: { errno?: number } };
  return err?.parent?.errno ?? err?.original?.errno;
}

/** InnoDB gave up on a lock (deadlock victim, lock wait timeout): nothing of the attempt was kept. */
export const isLockConflict = (e: unknown): boolean => RETRYABLE.has(errno(e) ?? 0);

/**
 * The one retry policy for lock conflicts (docs/decisions/200-counters-by-increments.md): `run` is
 * run again while it fails with a deadlock or a lock wait timeout, up to DEADLOCK_ATTEMPTS times,
 * after a random wait that doubles each time (full jitter: writers that collided do not collide again
 * in step). `run` must be a whole transaction or a lone statement, so that a failed attempt left nothing.
 */
async function retryingLockConflicts<T>(run: () => Promise<T>): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (e) {
      if (i >= DEADLOCK_ATTEMPTS || !isLockConflict(e)) throw e;
      await new Promise((r) => setTimeout(r, 5 + Math.random() * Math.min(500, 10 * 2 ** i)));
    }
  }
}

/**
 * Runs fn in one transaction: all of it is stored, or none of it. On MariaDB two concurrent
 * writers may deadlock and InnoDB then rolls one back whole: that one is run again (see
 * retryingLockConflicts), so a deadlock never reaches the caller as a 500
 * (docs/decisions/091-sqlite-one-writer.md, 200-counters-by-increments.md).
 * fn must therefore only touch the database (or do things that are safe to repeat).
 */
export async function transaction<T>(fn: (t: Transaction) => Promise<T>): Promise<T> {
  const sequelize = boundSequelize();
  if (sequelize.getDialect() === 'sqlite') {
    const run = sqliteQueue.then(() => sequelize.transaction(fn));
    sqliteQueue = run.catch(() => undefined);
    return run;
  }
  return retryingLockConflicts(() => sequelize.transaction(fn));
}

/**
 * A statement run outside any transaction (a model's lone create, update or destroy) is its own
 * transaction: when InnoDB picks it as a deadlock victim it is run again by the same policy.
 * Statements inside a transaction are not: InnoDB rolled back the whole transaction, which
 * transaction() runs again.
 */
function retryLoneStatements(sequelize: Sequelize): void {
  if (sequelize.getDialect() === 'sqlite') return;
  type Query = (sql: unknown, options?: { transaction?: unknown }) => Promise<unknown>;
  const target = sequelize as unknown as { query: Query };
  const query = target.query.bind(sequelize);
  target.query = (sql, options) => (options?.transaction ? query(sql, options) : retryingLockConflicts(() => query(sql, options)));
}
