// One-time e-mail codes: a candidate proves they own an address, and is signed in as a candidate
// (the account is created when the address has none). docs/decisions/135-email-code-sign-in.md.
// - A code is 6 digits, valid 15 minutes, used once; only a hash is stored.
// - Asking for a code always answers the same (whether the account exists, is a company account,
//   or not); the mail goes out after the answer, so timing does not tell either.
// - Limits: mails per (email, address) pair, per email and per address; typed codes per pair and
//   per address; EMAIL_CODE_MAX_WRONG wrong codes void the address's live code.
import crypto from 'node:crypto';
import { Op, UniqueConstraintError } from 'sequelize';
import { EmailCode, User, transaction } from '../../../models/index.js';
import { createSession } from '../../auth/sessions.js';
import { EMAIL_CODE_MAX_WRONG, LIMITS, forget, spend } from '../../auth/throttle.js';
import { invalid } from '../../lib/errors.js';
import type { Mailer } from '../../integrations/mail.js';
import { t, normalizeLang, withLang, type Lang } from '../../../config/i18n/index.js';
import { normalizeEmail } from '../../../models/rules/email.js';
import { EMAIL_CODE_DIGITS, type EmailCodeRequest, type EmailCodeVerify } from './email-code.schema.js';
import { isCandidate } from '../../auth/access.js';

export const EMAIL_CODE_TTL_MS = 15 * 60_000;

const hashCode = (email: string, code: string) => crypto.createHash('sha256').update(`email-code\n${email}\n${code}`).digest('hex');

/** A uniformly drawn code of EMAIL_CODE_DIGITS digits (leading zeros kept). */
export function newEmailCode(): string {
  return String(crypto.randomInt(0, 10 ** EMAIL_CODE_DIGITS)).padStart(EMAIL_CODE_DIGITS, '0');
}

/** Accounts that may sign in with a mailed code: candidates without a company SSO provider. */
const codeSignInAllowed = (user: User) => isCandidate(user) && user.sso_provider_id == null;

/** Where the mailed link leads: the offer's recording page, the meeting room being joined, else
 *  the candidate's own page (decision 283), the code in the fragment (never sent to a server, so
 *  never in a log), which the page reads and sends to the verify call. */
export function emailCodeLink(publicUrl: string, email: string, code: string, lang: Lang, jobCode?: string, returnTo?: string): string {
  const page = returnTo ?? (jobCode ? `/candidate/apply/${encodeURIComponent(jobCode)}` : '/candidate');
  return withLang(`${publicUrl}${page}#email=${encodeURIComponent(email)}&code=${code}`, lang);
}

export interface RequestCodeContext {
  ip: string;
  now: Date;
  lang: Lang;
  mailer: Mailer;
  publicUrl: string;
  onMailError: (e: unknown) => void;
}

/** Mails a fresh code to the address (older live codes of the address stop working). */
export async function requestEmailCode(input: EmailCodeRequest, ctx: RequestCodeContext): Promise<void> {
  const email = normalizeEmail(input.email);
  await spend([LIMITS.emailCodePair(email, ctx.ip), LIMITS.emailCodeAccount(email), LIMITS.emailCodeAddress(ctx.ip)], ctx.now);
  const lang = normalizeLang(input.lang ?? ctx.lang);
  const user = await User.findOne({ where: { email } });
  if (user && !codeSignInAllowed(user)) {
    // A company account signs in with its password or its company's sign-in only: the owner is
    // told so by mail, the caller learns nothing.
    void ctx.mailer.send({ to: email, subject: t(lang, 'email_code_mail_company_subject'), text: t(lang, 'email_code_mail_company_text') }).catch(ctx.onMailError);
    return;
  }
  const code = newEmailCode();
  await transaction(async (tx) => {
    await EmailCode.update({ used_at: ctx.now }, { where: { email, used_at: null }, transaction: tx });
    await EmailCode.create({ email, code_hash: hashCode(email, code), expires_at: new Date(ctx.now.getTime() + EMAIL_CODE_TTL_MS), used_at: null }, { transaction: tx });
  });
  const link = emailCodeLink(ctx.publicUrl, email, code, lang, input.job_code, input.return_to);
  void ctx.mailer.send({ to: email, subject: t(lang, 'email_code_mail_subject', { code }), text: t(lang, 'email_code_mail_text', { code, link }) }).catch(ctx.onMailError);
}

const wrongCode = () => invalid('email_code_invalid', 'email_code_invalid');

/**
 * Checks a mailed code; on success it is spent (a conditional update: two concurrent uses cannot
 * both pass) and the candidate gets a new session. The account is created when the address has
 * none, as a candidate.
 */
export async function verifyEmailCode(input: EmailCodeVerify, ctx: { ip: string; now: Date; lang: Lang }): Promise<{ user: User; token: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  const pairLimit = LIMITS.emailVerifyPair(email, ctx.ip);
  await spend([pairLimit, LIMITS.emailVerifyAddress(ctx.ip)], ctx.now);
  const live = { email, used_at: null, expires_at: { [Op.gt]: ctx.now } };
  const row = await EmailCode.findOne({ where: live, order: [['id', 'DESC']] });
  if (!row || row.code_hash !== hashCode(email, input.code)) {
    if (row) {
      // Two conditional updates, no read-modify-write: the count holds under concurrent tries.
      await EmailCode.increment('attempts', { by: 1, where: { id: row.id } });
      await EmailCode.update({ used_at: ctx.now }, { where: { id: row.id, attempts: { [Op.gte]: EMAIL_CODE_MAX_WRONG } } });
    }
    throw wrongCode();
  }
  const [spentRows] = await EmailCode.update({ used_at: ctx.now }, { where: { id: row.id, used_at: null, expires_at: { [Op.gt]: ctx.now }, attempts: { [Op.lt]: EMAIL_CODE_MAX_WRONG } } });
  if (spentRows !== 1) throw wrongCode();

  const { user, created } = await candidateFor(email, input, ctx);
  if (!codeSignInAllowed(user)) throw wrongCode();
  user.last_co = ctx.now;
  await user.save({ fields: ['last_co'] });
  const token = await createSession(user.id, input.client === 'app' ? 'bearer' : 'cookie', ctx.now);
  await forget([], [pairLimit.bucket]);
  return { user, token, created };
}

async function candidateFor(email: string, input: EmailCodeVerify, ctx: { now: Date; lang: Lang }): Promise<{ user: User; created: boolean }> {
  const existing = await User.findOne({ where: { email } });
  if (existing) return { user: existing, created: false };
  const id = crypto.randomUUID();
  try {
    const user = await User.create({
      id,
      email,
      name: input.name ?? '',
      profile: 'candidate',
      user_plan: 'free',
      sub_topics: ['global', `priv_${id}`],
      country_iso: 'FR',
      lang: normalizeLang(input.lang ?? ctx.lang),
      is_admin: false,
      last_co: ctx.now,
    });
    return { user, created: true };
  } catch (e) {
    // The same person confirming twice at once: the other request created the account.
    if (!(e instanceof UniqueConstraintError)) throw e;
    const user = await User.findOne({ where: { email } });
    if (!user) throw e;
    return { user, created: false };
  }
}

/** Housekeeping (the lifecycle purge): codes expired for a day are useless rows. */
export async function purgeEmailCodes(now: Date, dryRun = false): Promise<number> {
  const where = { expires_at: { [Op.lt]: new Date(now.getTime() - 24 * 3600_000) } };
  return dryRun ? EmailCode.count({ where }) : EmailCode.destroy({ where });
}
