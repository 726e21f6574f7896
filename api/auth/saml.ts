// The SAML service provider: one MultiSamlStrategy whose options come from the SsoProvider row of
// the request. Settings node-saml leaves weak by default are set here (STACK.md gotcha 8;
// docs/decisions/043-saml-sso.md).
import type { Request } from 'express';
import { MultiSamlStrategy, ValidateInResponseTo, type Profile } from '@node-saml/passport-saml';
import type { SsoProvider } from '../../models/index.js';
import { DatabaseCacheProvider } from './saml-cache.js';

export const SAML_REQUEST_TTL_MS = 10 * 60_000;
export const SAML_CLOCK_SKEW_MS = 30_000;

const providers = new WeakMap<Request, SsoProvider>();

/** Ties the provider loaded by the route to the request, for getSamlOptions. */
export function useProvider(req: Request, provider: SsoProvider): void {
  providers.set(req, provider);
}

export const spEntityId = (publicUrl: string, identifier: string) => `${publicUrl}/apis/sso/${identifier}/metadata`;
export const acsUrl = (publicUrl: string, identifier: string) => `${publicUrl}/apis/sso/${identifier}/acs`;

/** The verify step only hands the validated profile on; the route decides what it signs in. */
export function createSamlStrategy(publicUrl: string): MultiSamlStrategy {
  const cacheProvider = new DatabaseCacheProvider(SAML_REQUEST_TTL_MS);
  return new MultiSamlStrategy(
    {
      passReqToCallback: true,
      getSamlOptions(req, done) {
        const provider = providers.get(req as unknown as Request);
        if (!provider) return done(new Error('no SSO provider for this request'));
        const entityId = spEntityId(publicUrl, provider.identifier);
        done(null, {
          entryPoint: provider.entry_point,
          issuer: entityId,
          audience: entityId,
          callbackUrl: acsUrl(publicUrl, provider.identifier),
          idpCert: provider.idp_cert,
          ...(provider.idp_issuer ? { idpIssuer: provider.idp_issuer } : {}),
          identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
          disableRequestedAuthnContext: true,
          wantAssertionsSigned: true,
          // Many IdPs sign only the assertion; replay of a signed assertion inside a new response
          // is stopped by the one-time assertion id check in the ACS route.
          wantAuthnResponseSigned: false,
          signatureAlgorithm: 'sha256',
          digestAlgorithm: 'sha256',
          acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
          validateInResponseTo: ValidateInResponseTo.always,
          requestIdExpirationPeriodMs: SAML_REQUEST_TTL_MS,
          cacheProvider,
        });
      },
    },
    (_req, profile, done) => done(null, { profile: profile as unknown as Record<string, unknown> }),
    (_req, _profile, done) => done(new Error('single logout is not supported')),
  );
}

export interface AssertionFacts {
  email: string | null;
  name: string | null;
  inResponseTo: string | null;
  assertionId: string | null;
  issuer: string | null;
  hasComment: boolean;
}

const first = (v: unknown): string | null => {
  const x = Array.isArray(v) ? v[0] : v;
  return typeof x === 'string' && x.trim() ? x.trim() : null;
};

/** What we use from a validated profile. The subject (NameID) is the email; an email attribute
 *  is used only when the NameID is not an email (persistent or transient identifiers). */
export function factsOf(profile: Profile): AssertionFacts {
  const p = profile as unknown as Record<string, unknown>;
  const nameId = first(profile.nameID);
  const email = nameId && nameId.includes('@') ? nameId : (first(p.email) ?? first(p['http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress']));
  const given = first(p.firstName);
  const family = first(p.lastName);
  const name = first(p.displayName) ?? ([given, family].filter(Boolean).join(' ') || null);
  const xml = typeof profile.getAssertionXml === 'function' ? profile.getAssertionXml() : '';
  let assertionId: string | null = null;
  const parsed = typeof profile.getAssertion === 'function' ? (profile.getAssertion() as Record<string, unknown>) : null;
  const assertion = parsed?.Assertion as { $?: { ID?: string } } | undefined;
  if (assertion?.$?.ID) assertionId = assertion.$.ID;
  else assertionId = /\bID="([^"]+)"/.exec(xml)?.[1] ?? null;
  return {
    email,
    name,
    inResponseTo: first(p.inResponseTo),
    assertionId,
    issuer: first(profile.issuer),
    // Comments never appear in a real IdP's assertion; one in the NameID is the classic way to make
    // a signed "alice@corp.com<!---->.evil.com" read as "alice@corp.com" by a careless parser.
    hasComment: xml.includes('<!--'),
  };
}
