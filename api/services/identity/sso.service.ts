// Company single sign-on: which provider serves an email, and the account an accepted SAML
// assertion signs in (created just in time on first sign-in). Settings and redirect rules:
// docs/decisions/043-saml-sso.md.
import crypto from 'node:crypto';
import { UniqueConstraintError } from 'sequelize';
import { SsoProvider, SsoProviderDomain, User, transaction } from '../../../models/index.js';
import { AppError } from '../../lib/errors.js';
import { isManager, isCandidate } from '../../auth/access.js';
import { PROFILES, type Profile } from '../../../models/rules/accounts.js';
import { normalizeEmail } from '../../../models/rules/email.js';
import { parseInput } from '../../lib/validate.js';
import { isSafeRelayState, ssoProviderSchema, type SsoProviderInput } from './sso.schema.js';
import { isSsoIdentifier } from '../../../models/rules/sso.js';

export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1) return null;
  return email
    .slice(at + 1)
    .trim()
    .toLowerCase();
}

/** POST /apis/sso-get-identifier: the provider configured for the email's domain, if any. */
export async function identifierForEmail(email: string): Promise<{ success: boolean; email_domain: string | null; identifier: string | null }> {
  const domain = emailDomain(email.trim());
  if (!domain) return { success: false, email_domain: null, identifier: null };
  const row = await SsoProviderDomain.findOne({ where: { domain }, include: [{ model: SsoProvider, as: 'provider' }] });
  const provider = (row as (SsoProviderDomain & { provider?: SsoProvider }) | null)?.provider;
  return provider ? { success: true, email_domain: domain, identifier: provider.identifier } : { success: false, email_domain: domain, identifier: null };
}

export async function findProvider(identifier: string): Promise<SsoProvider> {
  const provider = isSsoIdentifier(identifier) ? await SsoProvider.findOne({ where: { identifier }, include: [{ model: SsoProviderDomain, as: 'domains' }] }) : null;
  if (!provider) throw new AppError(404, 'sso_unknown_provider', 'sso_unknown_provider');
  return provider;
}

export interface AssertedIdentity {
  email: string;
  name: string | null;
}

/**
 * The account for a verified assertion: its email must be in one of the provider's domains; an
 * unknown email becomes a new user with the provider's default profile.
 */
export async function signInFromAssertion(provider: SsoProvider, identity: AssertedIdentity, now: Date): Promise<User> {
  const email = normalizeEmail(identity.email);
  const domain = emailDomain(email);
  const domains = (provider.domains ?? []).map((d) => d.domain.toLowerCase());
  if (!domain || !domains.includes(domain) || !/^[^\s@<>"']+@[^\s@<>"']+$/.test(email)) {
    throw new AppError(403, 'sso_domain_refused', 'sso_domain_refused');
  }
  let user = await User.findOne({ where: { email } });
  if (!user) {
    const id = crypto.randomUUID();
    const profile: Profile = (PROFILES as readonly string[]).includes(provider.default_profile) ? (provider.default_profile as Profile) : 'recruiter';
    try {
      user = await User.create({
        id,
        email,
        name: (identity.name ?? email.slice(0, email.indexOf('@'))).slice(0, 120),
        profile,
        user_plan: 'free',
        sub_topics: ['global', `priv_${id}`],
        country_iso: 'FR',
        lang: 'fr',
        is_admin: false,
        sso_provider_id: provider.id,
        last_co: now,
      });
    } catch (e) {
      // The same person signing in twice at once: the other request created the account.
      if (!(e instanceof UniqueConstraintError)) throw e;
      user = await User.findOne({ where: { email } });
      if (!user) throw e;
    }
  }
  user.last_co = now;
  if (user.sso_provider_id === null) user.sso_provider_id = provider.id;
  await user.save({ fields: ['last_co', 'sso_provider_id'] });
  return user;
}

/** Where the browser goes after an SSO sign-in: a same-site RelayState path, else the user's home. */
export async function landingPathFor(user: User, relayState: unknown): Promise<string> {
  if (isSafeRelayState(relayState)) return relayState;
  if (user.is_admin) return '/admin';
  if (await isManager(user)) return '/manager';
  return isCandidate(user) ? '/' : '/dashboard';
}

export type { SsoProviderInput };

/** The certificate body node-saml wants: a PEM or bare base64; checked to be a real X.509 certificate. */
function normalizeCert(input: string): string {
  const body = input.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.replace(/(.{64})/g, '$1\n').replace(/\n$/, '')}\n-----END CERTIFICATE-----\n`;
  try {
    new crypto.X509Certificate(pem);
  } catch {
    throw new AppError(400, 'invalid_idp_cert', 'validation_error', { field: 'idp_cert' });
  }
  return pem;
}

/**
 * Creates or replaces a provider and its domains (by identifier), in one transaction. Used by
 * `npm run sso:provider` and by the staff console, which call it with what they read: the
 * fields are checked here by ssoProviderSchema (api/services/identity/sso.schema.ts).
 */
export async function saveSsoProvider(raw: SsoProviderInput): Promise<SsoProvider> {
  const input = parseInput(ssoProviderSchema, raw);
  const { identifier, domains, default_profile: profile } = input;
  const cert = normalizeCert(input.idp_cert);
  try {
    return await transaction(async (tx) => {
      const fields = { name: input.name || identifier, entry_point: input.entry_point, idp_cert: cert, idp_issuer: input.idp_issuer, default_profile: profile };
      let provider = await SsoProvider.findOne({ where: { identifier }, transaction: tx });
      if (provider) await provider.update(fields, { transaction: tx });
      else provider = await SsoProvider.create({ identifier, ...fields }, { transaction: tx });
      await SsoProviderDomain.destroy({ where: { sso_provider_id: provider.id }, transaction: tx });
      await SsoProviderDomain.bulkCreate(
        domains.map((domain) => ({ sso_provider_id: provider!.id, domain })),
        { transaction: tx },
      );
      return provider;
    });
  } catch (e) {
    if (e instanceof UniqueConstraintError) throw new AppError(409, 'domain_taken', 'validation_error', { field: 'domains' });
    throw e;
  }
}
