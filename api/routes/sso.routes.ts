// Company single sign-on (SAML 2.0): provider lookup by email, SP metadata, the sign-in redirect
// and the assertion consumer. Rules in api/services/identity/sso.service.ts; settings in api/auth/saml.ts.
import { Router, type Request, type RequestHandler, type Response, type NextFunction } from 'express';
import passport from 'passport';
import type { AppDeps } from '../deps.js';
import { parseInput, validate } from '../lib/validate.js';
import { ssoAcsBodySchema, ssoIdentifierSchema, ssoLoginQuerySchema, type SsoIdentifierInput } from '../services/identity/sso.schema.js';
import { AppError } from '../lib/errors.js';
import { isMessageKey, t } from '../../config/i18n/index.js';
import { createSamlStrategy, factsOf, useProvider, SAML_REQUEST_TTL_MS } from '../auth/saml.js';
import { claimOnce } from '../auth/saml-cache.js';
import { createSession, destroySession, setSessionCookie, tokenOf } from '../auth/sessions.js';
import { findProvider, identifierForEmail, landingPathFor, signInFromAssertion } from '../services/identity/sso.service.js';
import type { Profile } from '@node-saml/passport-saml';

const ASSERTION_MEMORY_MS = 24 * 3600_000;

function runStrategy(strategy: ReturnType<typeof createSamlStrategy>, req: Request, res: Response, next: NextFunction) {
  return new Promise<{ err: unknown; user: unknown }>((resolve) => {
    passport.authenticate(strategy, { session: false }, (err: unknown, user: unknown) => resolve({ err, user }))(req, res, next);
  });
}

export function ssoRoutes(deps: AppDeps): Router {
  const router = Router();
  const { publicUrl } = deps.settings;
  const strategy = createSamlStrategy(publicUrl);

  router.post('/sso-get-identifier', validate({ body: ssoIdentifierSchema }), async (req, res) => {
    res.json(await identifierForEmail((req.body as SsoIdentifierInput).email));
  });

  router.get('/sso/:identifier/metadata', async (req, res) => {
    const provider = await findProvider(String(req.params.identifier));
    useProvider(req, provider);
    const xml = await new Promise<string>((resolve, reject) =>
      strategy.generateServiceProviderMetadata(req as never, null, null, (err, metadata) => (err || !metadata ? reject(err) : resolve(metadata))),
    );
    res.type('application/samlmetadata+xml').send(xml);
  });

  // The provider first (an unknown one is 404 whatever the query), then the query's schema.
  const withProvider: RequestHandler = async (req, res, next) => {
    res.locals.provider = await findProvider(String(req.params.identifier));
    next();
  };
  router.get('/sso/:identifier/login', withProvider, validate({ query: ssoLoginQuerySchema }), async (req, res, next) => {
    useProvider(req, res.locals.provider as Awaited<ReturnType<typeof findProvider>>);
    const { err } = await runStrategy(strategy, req, res, next);
    if (err) throw err;
  });

  router.post('/sso/:identifier/acs', async (req, res, next) => {
    const provider = await findProvider(String(req.params.identifier));
    const body = (req.body ?? {}) as Record<string, unknown>;
    try {
      // Parsed here rather than by validate(): a refusal of the consumer is answered by this page (below).
      parseInput(ssoAcsBodySchema, body, { withField: false });
      useProvider(req, provider);
      const { err, user } = await runStrategy(strategy, req, res, next);
      if (err || !user) throw refusal(err instanceof Error ? err.message : 'no profile');
      const facts = factsOf((user as { profile: Profile }).profile);
      if (facts.hasComment) throw refusal('XML comment in the assertion');
      if (!facts.email) throw refusal('no email in the assertion');
      if (!facts.inResponseTo) throw refusal('InResponseTo is missing');
      const now = deps.clock();
      // One session per AuthnRequest and per assertion, even when copies arrive at the same moment.
      if (!(await claimOnce('answered', facts.inResponseTo, now, new Date(now.getTime() + SAML_REQUEST_TTL_MS)))) {
        throw refusal('this request was already answered');
      }
      if (facts.assertionId && !(await claimOnce('assertion', `${facts.issuer ?? ''}:${facts.assertionId}`, now, new Date(now.getTime() + ASSERTION_MEMORY_MS)))) {
        throw refusal('this assertion was already used');
      }
      const account = await signInFromAssertion(provider, { email: facts.email, name: facts.name }, now);
      const token = await createSession(account.id, 'cookie', now);
      // As at password sign-in: whatever session this browser held before ends here.
      const previous = tokenOf(req);
      if (previous?.via === 'cookie') await destroySession(previous.token);
      setSessionCookie(req, res, token, publicUrl);
      res.redirect(303, await landingPathFor(account, body.RelayState));
    } catch (e) {
      const err = e instanceof AppError ? e : refusal(e instanceof Error ? e.message : String(e));
      req.log.warn({ provider: provider.identifier, code: err.code, reason: err.details?.reason }, 'SSO sign-in refused');
      const message = isMessageKey(err.messageKey) ? t(req.lang, err.messageKey) : err.messageKey;
      res.status(err.status);
      if (req.accepts(['json', 'html']) === 'html') {
        res.type('html').send(`<!doctype html><meta charset="utf-8"><title>SSO</title><p>${escapeHtml(message)}</p><p><a href="/login">${escapeHtml(t(req.lang, 'not_signed_in'))}</a></p>`);
      } else {
        // A stable code and message only: the reason (XML parser, signature, audience...) is logged above.
        res.json({ error: err.code, message });
      }
    }
  });

  return router;
}

function refusal(reason: string): AppError {
  return new AppError(401, 'sso_failed', 'sso_failed', { reason });
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
