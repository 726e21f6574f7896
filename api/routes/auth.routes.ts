// Sign-in, sign-out, the current user, profile edits and password reset (HTTP only; rules in
// api/services/auth.service.ts).
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../app.js';
import { parse } from '../lib/http.js';
import { t } from '../../config/i18n/index.js';
import { requireUser } from '../auth/guards.js';
import { clearSessionCookie, destroySession, setSessionCookie, tokenOf } from '../auth/sessions.js';
import { forgotPassword, login, publicUser, resetPassword, updateProfile } from '../services/auth.service.js';

const loginBody = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(200),
  client: z.enum(['browser', 'app']).default('browser'),
});

const profileBody = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  phone: z.string().trim().max(32).nullable().optional(),
  picture: z.string().trim().max(255).nullable().optional(),
  lang: z.enum(['fr', 'nl', 'en', 'es']).optional(),
});

const forgotBody = z.object({ email: z.string().trim().min(3).max(254), lang: z.string().max(5).optional() });
const resetBody = z.object({
  user_id: z.string().min(1).max(64),
  code: z.string().min(1).max(200),
  password: z.string().max(200),
});

const missing = { code: 'missing_parameters', message: 'missing_parameters' };

export function authRoutes(deps: AppDeps): Router {
  const router = Router();
  const { publicUrl } = deps.settings;

  router.post('/auth/login', async (req, res) => {
    const body = parse(loginBody, req.body ?? {}, { email: missing, password: missing });
    const previous = tokenOf(req);
    const { user, token } = await login(body, { ip: req.ip ?? 'unknown', now: deps.clock() });
    if (body.client === 'app') {
      res.json({ user: await publicUser(user), token });
      return;
    }
    // Whatever session the browser held before is ended: the id changes at sign-in.
    if (previous?.via === 'cookie') await destroySession(previous.token);
    setSessionCookie(req, res, token, publicUrl);
    res.json({ user: await publicUser(user) });
  });

  router.post('/auth/logout', async (req, res) => {
    const found = tokenOf(req);
    if (found) await destroySession(found.token);
    clearSessionCookie(req, res, publicUrl);
    res.status(204).end();
  });

  router.get('/auth/me', requireUser, async (req, res) => {
    res.json(await publicUser(req.caller!.user));
  });

  router.patch('/auth/me', requireUser, async (req, res) => {
    const body = parse(profileBody, req.body ?? {});
    const user = await updateProfile(req.caller!.user, body);
    res.json(await publicUser(user));
  });

  router.post('/auth/forgot-password', async (req, res) => {
    const body = parse(forgotBody, req.body ?? {}, { email: { code: 'invalid_email', message: 'invalid_email' } });
    await forgotPassword(body, {
      ip: req.ip ?? 'unknown',
      now: deps.clock(),
      mailer: deps.mailer,
      publicUrl,
      onMailError: (err) => deps.logger.error({ err }, 'password reset mail not sent'),
    });
    res.json({ success: true, message: t(req.lang, 'forgot_password_sent') });
  });

  router.post('/auth/reset-password', async (req, res) => {
    const body = parse(resetBody, req.body ?? {}, { user_id: { code: 'code_mismatch', message: 'code_mismatch' }, code: { code: 'code_mismatch', message: 'code_mismatch' }, password: { code: 'invalid_password', message: 'invalid_password' } });
    await resetPassword(body, { ip: req.ip ?? 'unknown', now: deps.clock() });
    res.json({ success: true, message: t(req.lang, 'password_changed') });
  });

  return router;
}
