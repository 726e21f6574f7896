// Interview invitations (docs/decisions/430-interview-invitations.md):
// POST /apis/invitations/check: a CSV file or pasted list checked row by row (nothing stored);
// POST /apis/invitations: invite people to an offer by a deadline (the offer's side only);
// GET and PUT /apis/invitations/settings: the company's reminder times (PUT: managers, staff);
// GET /apis/invitation-link/{token}: the candidate's personal link: signs them in and opens the
//   interview, or a short page saying kindly that it closed or was withdrawn;
// GET and POST /apis/invitation-unsubscribe/{token}: the unsubscribe page and its button (and the
//   one-click POST of mail readers, RFC 8058), without signing in.
// The list, resend, cancel and extend are the console resource `invitations` (/apis/console/invitations).
import { Router, type Response } from 'express';
import type { AppDeps } from '../deps.js';
import { validate } from '../lib/validate.js';
import { t, type Lang } from '../../config/i18n/index.js';
import { setSessionCookie } from '../auth/sessions.js';
import { createInvitationLinks } from '../services/invitations/invitation-links.js';
import { createInvitations, invitationSettingsFor, openInvitation, setInvitationSettings, unsubscribe, unsubscribeView } from '../services/invitations/invitations.service.js';
import { checkInvitationCsv, invitationCheckSchema, invitationCreateSchema, invitationSettingsSchema, type InvitationCreate } from '../services/invitations/invitations.schema.js';
import { companyReach } from '../auth/access.js';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A short page in the candidate's language (the texts of config/i18n), no script. */
function sendPage(res: Response, status: number, lang: Lang, title: string, text: string, form?: { action: string; button: string }): void {
  const body = form
    ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.button)}</button></form>`
    : `<a href="/?lang=${lang}">${escapeHtml(t(lang, 'invitation_page_home'))}</a>`;
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1d1b20;background:#fff}
main{max-width:32rem;margin:0 auto;padding:4rem 1.25rem;text-align:center}
h1{font-size:1.6rem;margin:0 0 1rem}
p{line-height:1.5;margin:0 0 1.5rem}
a,button{display:inline-block;padding:.75rem 1.25rem;border:0;border-radius:.5rem;background:#5b2a86;color:#fff;text-decoration:none;font:inherit;font-weight:600;cursor:pointer}
a:focus,button:focus{outline:3px solid #3f1c5e;outline-offset:2px}
</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(text)}</p>${body}</main></body>
</html>`;
  res
    .status(status)
    .set({
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    })
    .send(html);
}

const invalidPage = (res: Response, lang: Lang) => sendPage(res, 404, lang, t(lang, 'invitation_page_invalid_title'), t(lang, 'invitation_page_invalid_text'));

export function invitationRoutes(deps: AppDeps): Router {
  const router = Router();
  const links = createInvitationLinks(deps.settings);
  const perDay = deps.settings.invitations.perDay;

  router.post('/invitations/check', validate({ body: invitationCheckSchema }), async (req, res) => {
    await companyReach(req.caller?.user);
    const checked = checkInvitationCsv((req.body as { csv: string }).csv);
    res.json({ rows: checked.rows, lines: checked.lines, bad: checked.bad });
  });

  router.post('/invitations', validate({ body: invitationCreateSchema }), async (req, res) => {
    res.status(201).json(await createInvitations(req.caller?.user, req.body as InvitationCreate, { clock: deps.clock, perDay }));
  });

  router.get('/invitations/settings', async (req, res) => {
    res.set('Cache-Control', 'no-store').json(await invitationSettingsFor(req.caller?.user, perDay, deps.clock()));
  });

  router.put('/invitations/settings', validate({ body: invitationSettingsSchema }), async (req, res) => {
    res.json(await setInvitationSettings(req.caller?.user, (req.body as { reminder_hours: number[] }).reminder_hours, deps.clock()));
  });

  router.get('/invitation-link/:token', async (req, res) => {
    const outcome = await openInvitation(links, req.params.token, deps.clock());
    const lang = req.lang ?? 'fr';
    if (outcome.kind === 'invalid') return invalidPage(res, lang);
    if (outcome.kind === 'open') {
      if (outcome.token) setSessionCookie(req, res, outcome.token, deps.settings.publicUrl);
      return res.set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }).redirect(303, outcome.path);
    }
    const vars = { company: outcome.company, title: outcome.title };
    // Gone, kindly: the interview closed (the inviter may extend it) or was withdrawn.
    sendPage(res, 410, outcome.lang, t(outcome.lang, `invitation_page_${outcome.kind}_title`, vars), t(outcome.lang, `invitation_page_${outcome.kind}_text`, vars));
  });

  router.get('/invitation-unsubscribe/:token', async (req, res) => {
    const view = await unsubscribeView(links, req.params.token);
    if (!view) return invalidPage(res, req.lang ?? 'fr');
    const vars = { company: view.company };
    if (view.done) return sendPage(res, 200, view.lang, t(view.lang, 'invitation_unsubscribe_title'), t(view.lang, 'invitation_unsubscribe_done', vars));
    sendPage(res, 200, view.lang, t(view.lang, 'invitation_unsubscribe_title'), t(view.lang, 'invitation_unsubscribe_text', vars), {
      action: `/apis/invitation-unsubscribe/${req.params.token}`,
      button: t(view.lang, 'invitation_unsubscribe_button', vars),
    });
  });

  router.post('/invitation-unsubscribe/:token', async (req, res) => {
    const done = await unsubscribe(links, req.params.token, deps.clock());
    if (!done) return invalidPage(res, req.lang ?? 'fr');
    sendPage(res, 200, done.lang, t(done.lang, 'invitation_unsubscribe_title'), t(done.lang, 'invitation_unsubscribe_done', { company: done.company }));
  });

  return router;
}
