// Accounts: password sign-in, the current user, profile updates, password reset by mail.
// Sessions: docs/decisions/040-sessions.md; limits: docs/decisions/042-rate-limits.md.
import crypto from 'node:crypto';
import { Op } from 'sequelize';
import { PasswordResetCode, User, transaction, type UserRow } from '../../../models/index.js';
import { hashPassword, verifyPassword } from '../../auth/passwords.js';
import { createSession, destroyUserSessions } from '../../auth/sessions.js';
import { isManager, reachOf, isCandidate } from '../../auth/access.js';
import { LIMITS, RESET_CODE_MAX_WRONG, forget, spend, spendOrWait, take } from '../../auth/throttle.js';
import type { DeviceTokens } from '../../auth/device.js';
import { retryingTransaction } from '../platform/retry-transaction.js';
import { AppError, invalid } from '../../lib/errors.js';
import type { Mailer } from '../../integrations/mail.js';
import { t, normalizeLang, withLang, type Lang } from '../../../config/i18n/index.js';
import { normalizeEmail } from '../../../models/rules/email.js';
import type { ForgotPasswordInput, LoginInput, ProfileChanges, ResetPasswordInput } from './auth.schema.js';

export const RESET_CODE_TTL_MS = 3600_000;

export interface PublicUser {
  id: string;
  email: string;
  name: string;
  profile: string;
  is_admin: boolean;
  is_manager: boolean;
  picture: string | null;
  phone: string | null;
  lang: string;
  user_plan: string;
}

export async function publicUser(user: UserRow): Promise<PublicUser> {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    profile: user.profile,
    is_admin: !!user.is_admin,
    is_manager: await isManager(user),
    picture: user.picture,
    phone: user.phone,
    lang: user.lang,
    user_plan: user.user_plan,
  };
}

/**
 * GET /apis/custom-authorizer (back-office.md section 7, "not shown"; decision 252): the original
 * gateway's authorizer, answered for the caller's own session or bearer token. An allowed caller
 * gets its principal and the context a gateway passes on: who it is and its groups, the roles
 * api/auth/access.ts gives it (admin, manager, recruiter, candidate).
 */
export async function authorizerAnswer(user: UserRow) {
  const reach = await reachOf(user);
  return {
    isAuthorized: true,
    principalId: user.id,
    context: {
      sub: user.id,
      email: user.email,
      profile: user.profile,
      groups: reach.roles,
      is_admin: !!user.is_admin,
      is_manager: reach.roles.includes('manager'),
      user_plan: user.user_plan,
      lang: user.lang,
    },
  };
}

// Verifying against this hash when the email is unknown makes a miss cost as much as a wrong
// password, so timing does not tell whether an account exists.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(crypto.randomBytes(16).toString('hex')));

export interface LoginContext {
  ip: string;
  now: Date;
  /** Signs and reads device tokens (api/auth/device.ts). */
  devices: DeviceTokens;
  /** The device tokens the caller presents: the app's device_token, the browser's device cookie. */
  deviceTokens: string[];
}

/**
 * Checks the password and opens a new session (a new token every time: no session fixation).
 * Limits (docs/decisions/220-sign-in-device-cookies.md): an attempt from a known device of this
 * account (a valid device token) is counted on that device only; any other attempt on its
 * (account, address) pair, its address and the account's untrusted budget. A success answers a
 * fresh device token for the caller to keep.
 */
export async function login(input: LoginInput, ctx: LoginContext): Promise<{ user: User; token: string; deviceToken: string }> {
  const email = normalizeEmail(input.email);
  const user = await User.findOne({ where: { email } });
  const device = user ? ctx.devices.find(ctx.deviceTokens, user.id, ctx.now) : null;
  let spent: number[];
  let judgedOn: string;
  if (device) {
    const own = LIMITS.loginDevice(device.nonce);
    spent = await spend([own], ctx.now, 'login_too_many');
    judgedOn = own.bucket;
  } else {
    const pairLimit = LIMITS.loginPair(email, ctx.ip);
    spent = await spend([pairLimit, LIMITS.loginAddress(ctx.ip)], ctx.now, 'login_too_many');
    try {
      spent.push(...(await spendOrWait(LIMITS.loginAccount(email), ctx.now)));
    } catch (e) {
      await forget(spent);
      throw e;
    }
    judgedOn = pairLimit.bucket;
  }
  // An account of a company SSO provider signs in through its IdP only, so that the company's
  // offboarding holds (docs/decisions/043-saml-sso.md).
  const hash = user && user.sso_provider_id === null ? user.password_hash : null;
  const ok = hash ? await verifyPassword(hash, input.password) : (await verifyPassword(await getDummyHash(), input.password), false);
  if (!user || !ok) throw new AppError(401, 'invalid_credentials', 'invalid_credentials');
  // A success is no failure: its own rows go, and the failures of the device or (account, address)
  // pair it was judged on. The account's untrusted failures stay: strangers' tries keep counting.
  await forget(spent, [judgedOn]);
  user.last_co = ctx.now;
  await user.save({ fields: ['last_co'] });
  const token = await createSession(user.id, input.client === 'app' ? 'bearer' : 'cookie', ctx.now);
  return { user, token, deviceToken: ctx.devices.issue(user.id, ctx.now) };
}

export const PROFILE_FIELDS = ['name', 'phone', 'picture', 'lang'] as const;

/**
 * The caller edits their own profile: only name, phone, picture and language; anything else is
 * ignored. The row is locked and saved with its search rows in one retrying transaction, so
 * concurrent saves apply one after the other and a refused save changes nothing.
 */
export async function updateProfile(user: UserRow, changes: ProfileChanges): Promise<UserRow> {
  const values: Partial<Pick<User, (typeof PROFILE_FIELDS)[number]>> = {};
  if (changes.name !== undefined) values.name = changes.name;
  if (changes.phone !== undefined) values.phone = changes.phone;
  if (changes.picture !== undefined) values.picture = changes.picture;
  if (changes.lang !== undefined) values.lang = normalizeLang(changes.lang);
  const fields = Object.keys(values) as (typeof PROFILE_FIELDS)[number][];
  if (!fields.length) return user;
  return retryingTransaction(async (t) => {
    const row = await User.findByPk(user.id, { transaction: t, lock: t.LOCK.UPDATE });
    if (!row) throw new AppError(401, 'unauthorized', 'unauthorized');
    row.set(values);
    await row.save({ fields, transaction: t });
    return row;
  });
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/**
 * Mails a single-use reset link when the email belongs to an account and its hourly mail cap is
 * not reached. The answer is the same in every case, and the mail goes out after the answer so
 * that timing does not tell either.
 */
export async function forgotPassword(input: ForgotPasswordInput, ctx: { ip: string; now: Date; mailer: Mailer; publicUrl: string; onMailError: (e: unknown) => void }): Promise<void> {
  const email = normalizeEmail(input.email);
  await spend([LIMITS.forgotPair(email, ctx.ip), LIMITS.forgotAddress(ctx.ip)], ctx.now);
  const user = await User.findOne({ where: { email } });
  if (!user || user.sso_provider_id !== null) return;
  // At most a few mails an hour reach one account, whoever asks (decision 220). Past that the
  // answer is the same and nothing changes: the newest link already mailed keeps working.
  if (!(await take([LIMITS.resetMails(user.id)], ctx.now))) return;
  const lang: Lang = normalizeLang(input.lang ?? user.lang);
  const code = crypto.randomBytes(24).toString('base64url');
  await transaction(async (tx) => {
    // Only the newest link works: older unused codes of this user are spent.
    await PasswordResetCode.update({ used_at: ctx.now }, { where: { user_id: user.id, used_at: null }, transaction: tx });
    await PasswordResetCode.create({ user_id: user.id, code_hash: sha256(code), expires_at: new Date(ctx.now.getTime() + RESET_CODE_TTL_MS), used_at: null }, { transaction: tx });
  });
  const link = withLang(`${ctx.publicUrl}/reset-password/${encodeURIComponent(user.id)}/${code}`, lang);
  void ctx.mailer
    .send({
      to: user.email,
      subject: t(lang, 'reset_mail_subject'),
      text: t(lang, 'reset_mail_text', { name: user.name || user.email, link }),
    })
    .catch(ctx.onMailError);
}

/**
 * Sets a new password (checked by resetPasswordSchema: the one password rule) from a mailed code. The code is spent by a conditional update in the same
 * transaction as the password change, so two concurrent uses cannot both succeed. Success ends
 * every session of the user.
 */
export async function resetPassword(input: ResetPasswordInput, ctx: { ip: string; now: Date }): Promise<{ sign_in: SignInPage }> {
  // Limits per (user, address) pair and per address: a stranger's wrong codes never block the
  // owner's link; they only count towards voiding it (decision 042).
  const pairLimit = LIMITS.resetPair(input.user_id, ctx.ip);
  await spend([pairLimit, LIMITS.resetAddress(ctx.ip)], ctx.now);
  const row = await PasswordResetCode.findOne({ where: { user_id: input.user_id, code_hash: sha256(input.code) } });
  if (!row || row.used_at) {
    await countWrongCode(input.user_id, ctx.now);
    throw invalid('code_mismatch', 'code_mismatch');
  }
  if (row.expires_at.getTime() <= ctx.now.getTime()) throw invalid('expired_code', 'expired_code');
  const hash = await hashPassword(input.password);
  await transaction(async (tx) => {
    const [spentRows] = await PasswordResetCode.update({ used_at: ctx.now }, { where: { id: row.id, used_at: null, expires_at: { [Op.gt]: ctx.now } }, transaction: tx });
    if (spentRows !== 1) throw invalid('code_mismatch', 'code_mismatch');
    await User.update({ password_hash: hash }, { where: { id: input.user_id }, transaction: tx });
    await destroyUserSessions(input.user_id, undefined, tx);
  });
  await forget([], [pairLimit.bucket]);
  const user = await User.findByPk(input.user_id, { attributes: ['profile', 'is_admin'] });
  return { sign_in: user ? signInPageOf(user) : '/login' };
}

/** Where each kind of account signs in: the reset page ends with a link there. */
export type SignInPage = '/admin' | '/manager' | '/dashboard' | '/candidate' | '/login';
export function signInPageOf(user: Pick<User, 'profile' | 'is_admin'>): SignInPage {
  if (user.is_admin) return '/admin';
  if (user.profile === 'manager') return '/manager';
  if (user.profile === 'recruiter') return '/dashboard';
  if (isCandidate(user)) return '/candidate';
  return '/login';
}

/** One more wrong code against the user's live code; at RESET_CODE_MAX_WRONG it is voided (a new
 *  forgot-password request mails a fresh one). Two conditional updates: no read-modify-write. */
async function countWrongCode(userId: string, now: Date): Promise<void> {
  const live = { user_id: userId, used_at: null, expires_at: { [Op.gt]: now } };
  await PasswordResetCode.increment('attempts', { by: 1, where: live });
  await PasswordResetCode.update({ used_at: now }, { where: { ...live, attempts: { [Op.gte]: RESET_CODE_MAX_WRONG } } });
}
