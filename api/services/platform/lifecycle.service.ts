// The data lifecycle the privacy policy promises (portal/app/i18n/legal.fr.ts, "Durées de
// conservation"; docs/decisions/167-data-lifecycle.md), run as daily queue jobs (api/jobs/index.ts)
// and by `npm run lifecycle` (api/cli/lifecycle.ts):
//   - stories: deleted 12 months after publication (the application's submit date, else its start),
//     the answer kept and marked expired;
//   - accounts: warned by e-mail once inactive for 3 years minus 30 days, deleted 30 days after the
//     warning when still inactive (staff's permanent delete, api/services/accounts/staff-users.service.ts);
//   - expired subscriptions; reset codes, sessions, sign-in attempts, SAML request ids, e-mail codes
//     and share-link views past their time.
// Each run writes what it did to the audit log (resource 'lifecycle', no actor). Every sweep takes
// `dryRun` and then only answers what it would do.
import { Op, literal, type WhereOptions } from 'sequelize';
import type { Logger } from 'pino';
import { Application, ApplicationAnswer, PasswordResetCode, Session, ShareView, Subscription, User, transaction } from '../../../models/index.js';
import type { Storage } from '../../integrations/storage.js';
import type { Mailer } from '../../integrations/mail.js';
import type { UploadStore } from '../../integrations/upload-store.js';
import { t as translate, DEFAULT_LANG, isLang } from '../../../config/i18n/index.js';
import { audit } from './audit.service.js';
import { deleteUser, type DeletionReason } from '../accounts/staff-users.service.js';
import { storyKeys } from '../applications/video-answers.service.js';
import { expireSubscriptions } from '../billing/subscription-states.service.js';
import { purgeExpiredSessions } from '../../auth/sessions.js';
import { purgeOldAttempts } from '../../auth/throttle.js';
import { purgeSamlRequests } from '../../auth/saml-cache.js';
import { purgeEmailCodes } from '../identity/email-code.service.js';

/** Stories live this many months after publication. */
export const STORY_KEPT_MONTHS = 12;
/** An account unused this many months is deleted (after a warning). */
export const INACTIVE_MONTHS = 36;
/** The warning goes out this long before the deletion, which waits as long after the warning. */
export const WARNING_NOTICE_MS = 30 * 24 * 3600_000;
/** A share-link view with no feedback is kept this long (the reviewer's time to vote). */
export const SHARE_VIEW_KEPT_MS = 30 * 24 * 3600_000;
/** Used or expired reset codes are kept a day (for the throttle's history), then purged. */
export const RESET_CODE_KEPT_MS = 24 * 3600_000;
/** At most this many rows per sweep and run (the next day's run takes the rest). */
export const SWEEP_BATCH = 500;

export const monthsBefore = (now: Date, months: number) => {
  const d = new Date(now.getTime());
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
};

export interface LifecycleDeps {
  storage: Storage;
  /** Where answer uploads in progress are: a deleted account's are removed from it. */
  uploads: UploadStore;
  mailer: Mailer;
  publicUrl: string;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export interface SweepResult {
  sweep: string;
  dryRun: boolean;
  /** What was (or would be) removed: ids and counts, as the audit log keeps them. */
  count: number;
  ids: Array<string | number>;
}

async function record(result: SweepResult, now: Date): Promise<SweepResult> {
  if (!result.dryRun) {
    await transaction((t) =>
      audit(t, { actorId: null, action: result.sweep, resource: 'lifecycle', recordId: null, before: null, after: { count: result.count, ids: result.ids.slice(0, SWEEP_BATCH) }, at: now }),
    );
  }
  return result;
}

/** Answers whose story was published before the cutoff and not yet deleted. */
async function storiesDue(now: Date) {
  const cutoff = monthsBefore(now, STORY_KEPT_MONTHS);
  const apps = await Application.findAll({
    where: { [Op.or]: [{ submit_date: { [Op.lt]: cutoff } }, { submit_date: null, start_date: { [Op.lt]: cutoff } }] },
    attributes: ['id'],
    raw: true,
  });
  if (!apps.length) return [];
  return ApplicationAnswer.findAll({ where: { application_id: apps.map((a) => a.id), upload_path: { [Op.ne]: null }, expired_at: null }, limit: SWEEP_BATCH, order: [['id', 'ASC']] });
}

/** Deletes the story files (playlist, segments, poster) of answers published 12 months ago; the answer stays, expired. */
export async function expireStories(deps: LifecycleDeps, now: Date, dryRun = false): Promise<SweepResult> {
  const due = await storiesDue(now);
  if (!dryRun) {
    for (const answer of due) {
      const keys = await storyKeys(deps.storage, answer.upload_path!);
      // The row first: a story no longer pointed at is never served half-deleted.
      await answer.update({ upload_path: null, expired_at: now });
      for (const key of keys) await deps.storage.delete(key);
    }
  }
  return record({ sweep: 'stories_expired', dryRun, count: due.length, ids: due.map((a) => a.id) }, now);
}

/** An account counts as active when it signed in after `since` or holds a live session or a paid subscription. */
function inactiveSince(since: Date, now: Date): WhereOptions<User> {
  return {
    is_admin: false,
    [Op.or]: [{ last_co: { [Op.lt]: since } }, { last_co: null, created_at: { [Op.lt]: since } }],
    // One NOT IN per sub-select (a list of two sub-selects would compare with their first rows);
    // NULLs excluded: NOT IN (NULL) matches nothing.
    [Op.and]: [
      { id: { [Op.notIn]: literal(`(SELECT user_id FROM sessions WHERE user_id IS NOT NULL AND expires_at > ${Session.sequelize!.escape(now)})`) } },
      { id: { [Op.notIn]: literal(`(SELECT user_id FROM subscriptions WHERE user_id IS NOT NULL AND state = 'payed' AND expires_at > ${Session.sequelize!.escape(now)})`) } },
    ],
  } as WhereOptions<User>;
}

/** E-mails the accounts inactive for 3 years minus 30 days that were not warned since their last sign-in. */
export async function warnInactiveAccounts(deps: LifecycleDeps, now: Date, dryRun = false): Promise<SweepResult> {
  const since = new Date(monthsBefore(now, INACTIVE_MONTHS).getTime() + WARNING_NOTICE_MS);
  const users = await User.findAll({
    where: { [Op.and]: [inactiveSince(since, now), { [Op.or]: [{ inactivity_warned_at: null }, { inactivity_warned_at: { [Op.lt]: Session.sequelize!.col('last_co') } }] }] },
    limit: SWEEP_BATCH,
    order: [['id', 'ASC']],
  });
  const warned: string[] = [];
  if (!dryRun) {
    const deletionDate = new Date(now.getTime() + WARNING_NOTICE_MS);
    for (const user of users) {
      const lang = isLang(user.lang) ? user.lang : DEFAULT_LANG;
      const vars = { name: user.name || user.email, date: deletionDate.toISOString().slice(0, 10), link: `${deps.publicUrl}/login` };
      try {
        await deps.mailer.send({ to: user.email, subject: translate(lang, 'inactivity_warning_subject', vars), text: translate(lang, 'inactivity_warning_text', vars) });
      } catch (err) {
        // Not warned, not deleted: the next run tries again.
        deps.logger?.warn({ err, user: user.id }, 'inactivity warning not sent');
        continue;
      }
      await User.update({ inactivity_warned_at: now }, { where: { id: user.id } });
      warned.push(user.id);
    }
  }
  const ids = dryRun ? users.map((u) => u.id) : warned;
  return record({ sweep: 'inactive_warned', dryRun, count: ids.length, ids }, now);
}

/** Deletes the accounts warned 30 days ago or more and still inactive since the warning. */
export async function deleteInactiveAccounts(deps: LifecycleDeps, now: Date, dryRun = false): Promise<SweepResult> {
  const warnedBefore = new Date(now.getTime() - WARNING_NOTICE_MS);
  const since = new Date(monthsBefore(now, INACTIVE_MONTHS).getTime() + WARNING_NOTICE_MS);
  const users = await User.findAll({
    where: {
      [Op.and]: [
        inactiveSince(since, now),
        { inactivity_warned_at: { [Op.lte]: warnedBefore } },
        { [Op.or]: [{ last_co: null }, { last_co: { [Op.lte]: Session.sequelize!.col('inactivity_warned_at') } }] },
      ],
    },
    attributes: ['id'],
    limit: SWEEP_BATCH,
    order: [['id', 'ASC']],
  });
  const deleted: string[] = [];
  if (!dryRun) {
    const reason: DeletionReason = 'inactivity';
    for (const u of users) {
      await deleteUser(null, u.id, now, { storage: deps.storage, uploads: deps.uploads }, reason);
      deleted.push(u.id);
    }
  }
  const ids = dryRun ? users.map((u) => u.id) : deleted;
  return record({ sweep: 'inactive_deleted', dryRun, count: ids.length, ids }, now);
}

/** Subscriptions past their end date turn expired (decision 146). */
export async function expireSubscriptionsSweep(now: Date, dryRun = false): Promise<SweepResult> {
  const due = await Subscription.findAll({ where: { state: 'payed', expires_at: { [Op.lte]: now } }, attributes: ['id'], raw: true });
  if (!dryRun) await expireSubscriptions(now);
  return record({ sweep: 'subscriptions_expired', dryRun, count: due.length, ids: due.map((s) => s.id) }, now);
}

/**
 * Rows that no longer matter: reset codes expired or used a day ago, expired sessions, sign-in
 * attempts older than the longest throttle window, answered or expired SAML request ids, e-mail
 * codes expired a day ago, share-link views past their time without feedback. The one scheduler of
 * these purges (decision 341): a daily job on the queue, once across every process.
 */
export async function purgeExpiredRows(now: Date, dryRun = false): Promise<SweepResult> {
  const codes = { [Op.or]: [{ expires_at: { [Op.lt]: new Date(now.getTime() - RESET_CODE_KEPT_MS) } }, { used_at: { [Op.lt]: new Date(now.getTime() - RESET_CODE_KEPT_MS) } }] };
  const views = { created_at: { [Op.lt]: new Date(now.getTime() - SHARE_VIEW_KEPT_MS) }, id: { [Op.notIn]: literal('(SELECT share_view_id FROM feedbacks)') } };
  const counts = {
    reset_codes: dryRun ? await PasswordResetCode.count({ where: codes }) : await PasswordResetCode.destroy({ where: codes }),
    sessions: await purgeExpiredSessions(now, dryRun),
    sign_in_attempts: await purgeOldAttempts(now, dryRun),
    saml_requests: await purgeSamlRequests(now, dryRun),
    email_codes: await purgeEmailCodes(now, dryRun),
    share_views: dryRun ? await ShareView.count({ where: views }) : await ShareView.destroy({ where: views }),
  };
  const count = Object.values(counts).reduce((a, b) => a + b, 0);
  const result: SweepResult = { sweep: 'expired_rows_purged', dryRun, count, ids: Object.entries(counts).map(([k, n]) => `${k}:${n}`) };
  return record(result, now);
}

/** The names of the daily lifecycle jobs, in the order a full run takes them. */
export const LIFECYCLE_SWEEPS = ['lifecycle-stories', 'lifecycle-inactive-warn', 'lifecycle-inactive-delete', 'subscription-expiry', 'lifecycle-purge'] as const;
export type LifecycleSweep = (typeof LIFECYCLE_SWEEPS)[number];

export function runSweep(name: LifecycleSweep, deps: LifecycleDeps, now: Date, dryRun = false): Promise<SweepResult> {
  switch (name) {
    case 'lifecycle-stories':
      return expireStories(deps, now, dryRun);
    case 'lifecycle-inactive-warn':
      return warnInactiveAccounts(deps, now, dryRun);
    case 'lifecycle-inactive-delete':
      return deleteInactiveAccounts(deps, now, dryRun);
    case 'subscription-expiry':
      return expireSubscriptionsSweep(now, dryRun);
    case 'lifecycle-purge':
      return purgeExpiredRows(now, dryRun);
  }
}
