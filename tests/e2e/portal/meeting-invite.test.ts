// A meeting scheduled and joined by both sides, in Chromium against the real server with the demo
// data (issue 24 "Meeting"; docs/decisions/290-meeting-invitations.md), in French and in English:
// the recruiter opens a candidate's panel on /dashboard, "Video call", schedules the call; the
// candidate's mail (written by the server's mailer) holds the room's link and an .ics invitation;
// the candidate, signed out on a 360 px phone, follows the link, gets the sign-in form, signs in
// with the e-mail code, and the room waits for the recruiter with the call's time; the recruiter
// opens the room from the dialog and both are connected, each seeing the other's video.
import fs from 'node:fs';
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { baseUrl, CHROMIUM_ARGS, expectAccessible, expectNoHorizontalScroll } from '../helpers/browser.js';
import { FAKE_MEDIA_ARGS } from '../../helpers/chromium.js';
import { query } from '../helpers/db.js';
import { parseMail, type ParsedMail } from '../../helpers/mime.js';
import { DEMO_PASSWORD } from '../../../seeders/demo-data.js';

const SHOTS = process.env.SHOTS_DIR;
const TZ = 'Europe/Paris';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS] });
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

/** A fixture step on the server's database: the candidate's own language (an English speaker). */
function setLang(userId: string, lang: string): Promise<void> {
  const file = path.join(inject('dataDir'), 'server.sqlite');
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READWRITE, (err) => {
      if (err) return reject(err);
      db.configure('busyTimeout', 5000);
      db.run('UPDATE users SET lang = ? WHERE id = ?', [lang, userId], (e) => {
        db.close();
        if (e) reject(e);
        else resolve();
      });
    });
  });
}

/** The next mail the server wrote to this address whose subject matches, after `since` files. */
async function mailTo(email: string, subject: RegExp, seen: Set<string>): Promise<ParsedMail> {
  const dir = path.join(inject('dataDir'), 'mail');
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    for (const f of files) {
      if (seen.has(f)) continue;
      const raw = fs.readFileSync(path.join(dir, f), 'utf8');
      if (!new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}$`, 'im').test(raw)) continue;
      const mail = parseMail(raw);
      if (!subject.test(mail.subject)) continue;
      seen.add(f);
      return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${email} matching ${subject} within 20 s`);
}

const pad = (n: number) => String(n).padStart(2, '0');

const TEXTS = {
  fr: {
    locale: 'fr-FR',
    subject: (date: string) => new RegExp(`^Appel vidéo avec Julien Martin le ${date} à 10:00 \\(${TZ}\\)$`),
    copy: /^Appel vidéo planifié avec /,
    scheduled: (name: string, date: string) => `Invitation envoyée à ${name} pour le ${date} à 10:00.`,
    getCode: 'Recevoir un code',
    checkCode: 'Valider le code',
    signinTitle: 'Connectez-vous pour rejoindre l’appel',
    waiting: 'En attente de Julien Martin…',
    planned: (date: string) => `Appel prévu le ${date} à 10:00`,
    connected: 'Connecté',
  },
  en: {
    locale: 'en-GB',
    subject: (date: string) => new RegExp(`^Video call with Julien Martin on ${date} at 10:00 \\(${TZ}\\)$`),
    copy: /^Appel vidéo planifié avec /, // the recruiter's own language stays French
    scheduled: (name: string, date: string) => `Invitation sent to ${name} for ${date} at 10:00.`,
    getCode: 'Get a code',
    checkCode: 'Confirm the code',
    signinTitle: 'Sign in to join the call',
    waiting: 'Waiting for Julien Martin…',
    planned: (date: string) => `Call planned on ${date} at 10:00`,
    connected: 'Connected',
  },
} as const;

describe('a meeting scheduled from the dashboard and joined by both sides', () => {
  const used = new Set<string>();
  const seen = new Set<string>();

  for (const lang of ['fr', 'en'] as const) {
    it(`in ${lang}`, async () => {
      const text = TEXTS[lang];
      // The recruiter, on a desktop, in Paris time.
      const recruiterContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: text.locale, timezoneId: TZ, baseURL: baseUrl(), permissions: ['camera', 'microphone'] });
      contexts.push(recruiterContext);
      expect((await recruiterContext.request.post('/apis/auth/login', { data: { email: 'recruiter@demo.test', password: DEMO_PASSWORD } })).status()).toBe(200);
      const desk = await recruiterContext.newPage();
      const pageErrors: string[] = [];
      desk.on('pageerror', (e) => pageErrors.push(e.message));
      await desk.goto('/dashboard');
      await desk.getByTestId('tile-total').waitFor();
      await desk.getByTestId('tab-candidates').click();

      // A candidate card with a story, of a candidate not used by the other language's run.
      const cards = desk.locator('[data-testid="candidate-card"]:has([data-testid="watch-story"])');
      await cards.first().waitFor();
      let candidateId = '';
      let card = cards.first();
      for (let i = 0; i < (await cards.count()); i++) {
        const id = (await cards.nth(i).getAttribute('data-candidate')) ?? '';
        if (id && !used.has(id)) {
          candidateId = id;
          card = cards.nth(i);
          break;
        }
      }
      expect(candidateId).not.toBe('');
      used.add(candidateId);
      const [candidate] = await query<{ email: string; name: string }>('SELECT email, name FROM users WHERE id = ?', [candidateId]);
      if (lang === 'en') await setLang(candidateId, 'en');

      await card.getByTestId('watch-story').click();
      const panel = desk.getByTestId('candidate-panel');
      await panel.waitFor();
      await panel.getByTestId('video-call').click();
      const dialog = desk.getByTestId('video-call-dialog');
      await dialog.waitFor();

      // Schedule it two days from now at 10:00 (Paris), 30 minutes.
      const day = new Date(Date.now() + 2 * 24 * 3600_000);
      // Typed as the consoles' forms take a day (dd/mm/yyyy) and a time (HH:mm), said back in the
      // consoles' list format; the mails and the candidate's page write dd/mm/yyyy (decision 320).
      const date = `${pad(day.getDate())}/${pad(day.getMonth() + 1)}/${day.getFullYear()}`;
      const listed = `${day.getFullYear()}/${pad(day.getMonth() + 1)}/${pad(day.getDate())}`;
      await dialog.getByTestId('meeting-day').fill(date);
      await dialog.getByTestId('meeting-time').fill('10:00');
      await dialog.getByTestId('meeting-schedule').click();
      await dialog.getByTestId('video-call-done').waitFor();
      expect(await dialog.getByTestId('video-call-done').innerText()).toBe(text.scheduled(candidate.name, listed));
      await dialog.getByTestId('meeting-upcoming').waitFor();
      await expectAccessible(desk);
      if (SHOTS) await desk.screenshot({ path: `${SHOTS}/dialog-${lang}.png` });

      // The candidate's invitation: their language, the room's link, the .ics attached.
      const invitation = await mailTo(candidate.email, text.subject(date), seen);
      const link = new RegExp(`${baseUrl()}/meeting-web-app/[^/]+/${candidateId}/${candidateId}\\?lang=${lang}`).exec(invitation.text)?.[0];
      expect(link).toBeTruthy();
      expect(invitation.attachments.map((a) => a.filename)).toEqual(['invitation.ics']);
      expect(invitation.attachments[0].body).toContain('BEGIN:VEVENT');
      // The recruiter's copy, with the same invitation.
      const copy = await mailTo('recruiter@demo.test', text.copy, seen);
      expect(copy.attachments).toHaveLength(1);

      // The candidate, signed out on a phone, follows the link: a sign-in form, not a dead end.
      const phoneContext = await browser.newContext({
        viewport: { width: 360, height: 740 },
        isMobile: true,
        hasTouch: true,
        locale: text.locale,
        timezoneId: TZ,
        baseURL: baseUrl(),
        permissions: ['camera', 'microphone'],
      });
      contexts.push(phoneContext);
      const phone = await phoneContext.newPage();
      phone.on('pageerror', (e) => pageErrors.push(e.message));
      await phone.goto(link!.slice(baseUrl().length));
      await phone.getByTestId('meeting-signin').waitFor();
      expect(await phone.getByRole('heading', { level: 1 }).innerText()).toBe(text.signinTitle);
      await expectNoHorizontalScroll(phone);
      await expectAccessible(phone);
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/signin-${lang}.png` });
      await phone.locator('#ap-email').fill(candidate.email);
      await phone.getByRole('button', { name: text.getCode }).click();
      await phone.locator('#ap-code').waitFor();
      const codeMail = await mailTo(candidate.email, /\d{6}/, seen);
      // The code's mail leads back to this room.
      expect(codeMail.text).toContain(`/meeting-web-app/`);
      const code = /\b(\d{6})\b/.exec(codeMail.subject)![1];
      await phone.locator('#ap-code').fill(code);
      await phone.getByRole('button', { name: text.checkCode }).click();

      // In the room, alone: it waits for the recruiter, and says when the call is planned.
      await phone.getByTestId('meeting-room').waitFor({ timeout: 20_000 });
      await phone.getByTestId('meeting-state').getByText(text.waiting).waitFor();
      expect(await phone.getByTestId('meeting-scheduled').innerText()).toBe(text.planned(date));
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/waiting-${lang}.png` });

      // The recruiter opens the room from the dialog: both sides connected, each sees the other.
      const [room] = await Promise.all([recruiterContext.waitForEvent('page'), dialog.getByTestId('meeting-open').click()]);
      room.on('pageerror', (e) => pageErrors.push(e.message));
      await room.getByTestId('meeting-room').waitFor();
      const connected = (p: Page) => p.getByTestId('meeting-state').and(p.locator('[data-connected="1"]')).waitFor({ timeout: 30_000 });
      await Promise.all([connected(room), connected(phone)]);
      expect(await phone.getByTestId('meeting-state').innerText()).toContain(text.connected);
      expect(await room.locator('.meeting-name').innerText()).toBe(candidate.name);
      for (const p of [room, phone]) {
        await p.waitForFunction(() => ((document.querySelector('[data-testid="meeting-remote"]') as HTMLVideoElement | null)?.currentTime ?? 0) > 0.3, null, { timeout: 20_000 });
      }
      if (SHOTS) await phone.screenshot({ path: `${SHOTS}/joined-${lang}.png` });
      expect(pageErrors).toEqual([]);
      await room.close();
      await phoneContext.close();
      await recruiterContext.close();
    }, 150_000);
  }
});
