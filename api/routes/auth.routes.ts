// Sign-in, sign-out, the current user, profile edits and password reset (HTTP only; rules in
// api/services/identity/auth.service.ts).
import { Router } from 'express';
import type { AppDeps } from '../deps.js';
import { validate } from '../lib/validate.js';
import { t } from '../../config/i18n/index.js';
import { requireUser } from '../auth/guards.js';
import { jsonOnly } from '../auth/csrf.js';
import { clearSessionCookie, destroySession, setSessionCookie, tokenOf } from '../auth/sessions.js';
import { deviceCookieTokens, setDeviceCookie } from '../auth/device.js';
import { authorizerAnswer, forgotPassword, login, publicUser, resetPassword, updateProfile } from '../services/identity/auth.service.js';
import {
  forgotPasswordSchema,
  loginSchema,
  profileSchema,
  resetPasswordSchema,
  type ForgotPasswordInput,
  type LoginInput,
  type ProfileChanges,
  type ResetPasswordInput,
} from '../services/identity/auth.schema.js';
import { requestEmailCode, verifyEmailCode } from '../services/identity/email-code.service.js';
import { emailCodeRequestSchema, emailCodeVerifySchema, type EmailCodeRequest, type EmailCodeVerify } from '../services/identity/email-code.schema.js';

export function authRoutes(deps: AppDeps): Router {
  const router = Router();
  const { publicUrl } = deps.settings;

  router.post('/auth/login', jsonOnly, validate({ body: loginSchema }), async (req, res) => {
    const body = req.body as LoginInput;
    const previous = tokenOf(req);
    const now = deps.clock();
    const devices = deps.devices!;
    // Known devices (decision 220): the app sends its token in the body, a browser its cookie.
    const cookieTokens = deviceCookieTokens(req.get('cookie'));
    const deviceTokens = body.device_token ? [body.device_token, ...cookieTokens] : cookieTokens;
    const { user, token, deviceToken } = await login(body, { ip: req.ip ?? 'unknown', now, devices, deviceTokens });
    if (body.client === 'app') {
      res.json({ user: await publicUser(user), token, device_token: deviceToken });
      return;
    }
    // Whatever session the browser held before is ended: the id changes at sign-in.
    if (previous?.via === 'cookie') await destroySession(previous.token);
    setSessionCookie(req, res, token, publicUrl);
    setDeviceCookie(req, res, devices.nextCookie(cookieTokens, deviceToken, user.id, now), publicUrl);
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

  // The spec's custom authorizer (decision 252): is this token or session good, and for whom.
  router.get('/custom-authorizer', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    if (!req.caller) {
      res.status(401).json({ isAuthorized: false, error: 'unauthorized', message: t(req.lang, 'not_signed_in') });
      return;
    }
    res.json(await authorizerAnswer(req.caller.user));
  });

  router.patch('/auth/me', requireUser, validate({ body: profileSchema }), async (req, res) => {
    const user = await updateProfile(req.caller!.user, req.body as ProfileChanges);
    res.json(await publicUser(user));
  });

  router.post('/auth/forgot-password', validate({ body: forgotPasswordSchema }), async (req, res) => {
    await forgotPassword(req.body as ForgotPasswordInput, {
      ip: req.ip ?? 'unknown',
      now: deps.clock(),
      mailer: deps.mailer,
      publicUrl,
      onMailError: (err) => req.log.error({ err }, 'password reset mail not sent'),
    });
    res.json({ success: true, message: t(req.lang, 'forgot_password_sent') });
  });

  router.post('/auth/reset-password', validate({ body: resetPasswordSchema }), async (req, res) => {
    const { sign_in } = await resetPassword(req.body as ResetPasswordInput, { ip: req.ip ?? 'unknown', now: deps.clock() });
    res.json({ success: true, message: t(req.lang, 'password_changed'), sign_in });
  });

  // One-time e-mail codes (docs/api/candidate-identity.md): ask for a code, then give it back to
  // be signed in as a candidate (the account is created when the address has none).
  router.post('/auth/email-code', jsonOnly, validate({ body: emailCodeRequestSchema }), async (req, res) => {
    await requestEmailCode(req.body as EmailCodeRequest, {
      ip: req.ip ?? 'unknown',
      now: deps.clock(),
      lang: req.lang,
      mailer: deps.mailer,
      publicUrl,
      onMailError: (err) => req.log.error({ err }, 'sign-in code mail not sent'),
    });
    res.json({ success: true, message: t(req.lang, 'email_code_sent') });
  });

  router.post('/auth/email-code/verify', jsonOnly, validate({ body: emailCodeVerifySchema }), async (req, res) => {
    const body = req.body as EmailCodeVerify;
    const previous = tokenOf(req);
    const { user, token, created } = await verifyEmailCode(body, { ip: req.ip ?? 'unknown', now: deps.clock(), lang: req.lang });
    if (body.client === 'app') {
      res.json({ user: await publicUser(user), token, created });
      return;
    }
    if (previous?.via === 'cookie') await destroySession(previous.token);
    setSessionCookie(req, res, token, publicUrl);
    res.json({ user: await publicUser(user), created });
  });

  return router;
}
