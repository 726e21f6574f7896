// POST /apis/sso-get-identifier: which company provider serves an email (any text that could
// be an email; the domain decides).
import * as z from 'zod/mini';
import { EMAIL_MAX } from '../../../models/rules/email.js';
import { absentIfBlank, coded, text } from '../../../models/rules/text.js';
import { PROFILES } from '../../../models/rules/accounts.js';
import { SSO_IDENTIFIER_MAX, SSO_IDENTIFIER_SHAPE } from '../../../models/rules/sso.js';

/** The profiles a provider may give new accounts (not the landing pages' technical profile). */
const SSO_PROFILES = PROFILES.filter((p) => p !== 'landing');

export const ssoIdentifierSchema = z.object({
  email: text(EMAIL_MAX, { invalid: 'invalid_email', min: 3 }),
});
export type SsoIdentifierInput = z.output<typeof ssoIdentifierSchema>;

/** Only a path on this site: starts with one slash, no scheme, no backslash, no control characters. */
export function isSafeRelayState(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 500 && /^\/(?![/\\])[^\\\s]*$/.test(value);
}

/**
 * GET /apis/sso/{identifier}/login: a sign-in starts here, so it carries no SAML message; RelayState,
 * when given, is the path on this site to land on. Other keys pass on to the SAML strategy.
 */
export const ssoLoginQuerySchema = z.looseObject({
  SAMLResponse: z.optional(z.unknown().check(z.refine((v) => !v, 'validation_error'))),
  SAMLRequest: z.optional(z.unknown().check(z.refine((v) => !v, 'validation_error'))),
  RelayState: z.optional(z.unknown().check(z.refine(isSafeRelayState, 'invalid_relay_state'))),
});

/** POST /apis/sso/{identifier}/acs: the identity provider's SAMLResponse (the strategy checks it). */
export const ssoAcsBodySchema = z.looseObject(
  {
    SAMLResponse: z.string('missing_parameters').check(z.minLength(1, 'missing_parameters')),
  },
  'missing_parameters',
);

const bad = (code: string) => coded(code, 'validation_error');
const url = (v: string) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : null;
  } catch {
    return null;
  }
};

/**
 * A company's SAML provider (sso_providers, sso_provider_domains columns): saved by
 * `npm run sso:provider` and the staff console through saveSsoProvider, which applies it.
 * The certificate is checked there (it needs node:crypto).
 */
export const ssoProviderSchema = z.object({
  identifier: text(SSO_IDENTIFIER_MAX, { invalid: bad('invalid_identifier') }).check(z.regex(SSO_IDENTIFIER_SHAPE, bad('invalid_identifier'))),
  name: z._default(text(160, { invalid: bad('invalid_name') }), ''),
  entry_point: z.pipe(
    text(500, { invalid: bad('invalid_entry_point') }),
    z.transform((v: string, ctx) => {
      const out = url(v);
      if (out === null || out.length > 500) ctx.issues.push({ code: 'custom', message: bad('invalid_entry_point'), input: v });
      return out ?? v;
    }),
  ),
  idp_cert: text(64 * 1024, { invalid: bad('invalid_idp_cert'), min: 1 }),
  idp_issuer: z.pipe(
    z.transform((v: unknown) => absentIfBlank(v) ?? null),
    z.nullable(text(500, { invalid: bad('invalid_idp_issuer') })),
  ),
  default_profile: z._default(z.enum(SSO_PROFILES, bad('invalid_profile')), 'recruiter'),
  domains: z.pipe(
    z.array(text(190, { invalid: bad('invalid_domain'), transform: 'lower' }), bad('invalid_domain')),
    z.pipe(
      z.transform((list: string[]) => [...new Set(list.filter(Boolean))]),
      z.array(z.string().check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, bad('invalid_domain')))).check(z.minLength(1, bad('invalid_domain'))),
    ),
  ),
});
/** What the CLI and the console hand to saveSsoProvider, before the checks. */
export interface SsoProviderInput {
  identifier: string;
  name: string;
  entry_point: string;
  idp_cert: string;
  idp_issuer?: string | null;
  default_profile?: string;
  domains: string[];
}
