// The meeting room in Chromium (docs/decisions/160-meeting-room.md) against the real server with the
// demo data and no Twilio settings: two pages with a fake camera and microphone join the embedded
// WebRTC call and each sees the other's video playing; muting one side shows on the other; the
// controls hide after 5 s idle and come back on mouse move; leaving shows "disconnected"; a
// stranger and a candidate who never applied get the error; axe. (A signed-out visitor gets a
// sign-in form: tests/e2e/portal/meeting-invite.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { baseUrl, CHROMIUM_ARGS, expectAccessible } from '../helpers/browser.js';
import { FAKE_MEDIA_ARGS } from '../../helpers/chromium.js';
import { query } from '../helpers/db.js';
import { DEMO_PASSWORD } from '../../../seeders/demo-data.js';

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    // Chromium's synthetic camera (a moving picture) and microphone (a beep), granted without a prompt.
    args: [...CHROMIUM_ARGS, ...FAKE_MEDIA_ARGS],
  });
}, 60_000);
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
});

async function pageAs(email: string | null): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 }, locale: 'fr-FR', baseURL: baseUrl(), permissions: ['camera', 'microphone'] });
  contexts.push(context);
  if (email) {
    const res = await context.request.post('/apis/auth/login', { data: { email, password: DEMO_PASSWORD } });
    expect(res.status(), `sign-in of ${email}`).toBe(200);
  }
  return context.newPage();
}

async function idOf(email: string): Promise<string> {
  const [row] = await query<{ id: string }>('SELECT id FROM users WHERE email = ?', [email]);
  return row.id;
}

/** Frames of a video element decoded so far, and its playing time. */
function progress(page: Page, testId: string): Promise<{ frames: number; time: number; width: number }> {
  return page.getByTestId(testId).evaluate((v: HTMLVideoElement) => ({ frames: v.getVideoPlaybackQuality().totalVideoFrames, time: v.currentTime, width: v.videoWidth }));
}

async function expectPlaying(page: Page, testId: string): Promise<void> {
  await page.waitForFunction((id) => ((document.querySelector(`[data-testid="${id}"]`) as HTMLVideoElement | null)?.currentTime ?? 0) > 0.3, testId, { timeout: 20_000 });
  const before = await progress(page, testId);
  // Frames keep coming: half a second more of picture and more than 5 new frames.
  await page.waitForFunction(
    ({ id, time, frames }) => {
      const v = document.querySelector(`[data-testid="${id}"]`) as HTMLVideoElement;
      return v.videoWidth > 0 && v.currentTime > time + 0.5 && v.getVideoPlaybackQuality().totalVideoFrames > frames + 5;
    },
    { id: testId, time: before.time, frames: before.frames },
    { timeout: 10_000 },
  );
}

const connected = (page: Page) => page.getByTestId('meeting-state').and(page.locator('[data-connected="1"]')).waitFor({ timeout: 30_000 });
const disconnected = (page: Page) => page.getByTestId('meeting-state').and(page.locator('[data-connected="0"]')).waitFor({ timeout: 30_000 });

describe('meeting room (embedded call)', () => {
  let recruiterId: string;
  let candidateId: string;
  let candidateEmail: string;

  beforeAll(async () => {
    recruiterId = await idOf('recruiter@demo.test');
    const [row] = await query<{ id: string; email: string }>(
      "SELECT u.id, u.email FROM users u JOIN applications a ON a.candidate_id = u.id WHERE a.recruiter_id = ? AND u.profile = 'candidate' AND u.password_hash IS NOT NULL ORDER BY u.email LIMIT 1",
      [recruiterId],
    );
    candidateId = row.id;
    candidateEmail = row.email;
  });

  it('joins two pages: each sees the other, mute shows on the other side, controls hide when idle, leaving shows disconnected', async () => {
    const recruiter = await pageAs('recruiter@demo.test');
    const candidate = await pageAs(candidateEmail);
    const twilioRequests: string[] = [];
    for (const p of [recruiter, candidate]) p.on('request', (r) => /twilio/i.test(r.url()) && twilioRequests.push(r.url()));
    const pageErrors: string[] = [];
    for (const p of [recruiter, candidate]) p.on('pageerror', (e) => pageErrors.push(e.message));

    // The room comes drawn with the page (the join answer in the loader, decision 399), never cached.
    const roomPath = `/meeting-web-app/${recruiterId}/${candidateId}/${recruiterId}`;
    const sent = await recruiter.context().request.get(roomPath);
    expect(sent.headers()['cache-control']).toBe('no-store');
    expect(await sent.text()).toContain('data-testid="meeting-room"');
    await recruiter.goto(roomPath);
    await recruiter.getByTestId('meeting-room').waitFor();
    expect(await recruiter.getByTestId('meeting-room').getAttribute('data-provider')).toBe('embedded');
    // Alone in the room: it waits for the candidate (not "disconnected": they never came).
    const [waitedFor] = await query<{ name: string }>('SELECT name FROM users WHERE id = ?', [candidateId]);
    expect(await recruiter.getByTestId('meeting-state').innerText()).toContain(`En attente de ${waitedFor.name}…`);
    await candidate.goto(`/meeting-web-app/${recruiterId}/${candidateId}/${candidateId}`);
    await Promise.all([connected(recruiter), connected(candidate)]);

    // The other person at the top: the candidate's name on the recruiter's page and back.
    const [candidateName] = await query<{ name: string }>('SELECT name FROM users WHERE id = ?', [candidateId]);
    expect(await recruiter.locator('.meeting-name').innerText()).toBe(candidateName.name);
    expect(await candidate.locator('.meeting-name').innerText()).toBe('Julien Martin');
    expect(await recruiter.getByTestId('meeting-state').innerText()).toContain('Connecté');

    // Each sees the other's video playing (frames advance), and its own preview.
    await expectPlaying(recruiter, 'meeting-remote');
    await expectPlaying(candidate, 'meeting-remote');
    await expectPlaying(candidate, 'meeting-local');

    // Mute on the candidate's side shows on the recruiter's; unmute clears it.
    await candidate.mouse.move(10, 10);
    await candidate.getByRole('button', { name: 'Couper le micro' }).click();
    await recruiter.getByTestId('meeting-remote-muted').waitFor({ timeout: 10_000 });
    expect(await candidate.getByRole('button', { name: 'Activer le micro' }).count()).toBe(1);
    expect(await candidate.getByTestId('meeting-local').evaluate((v: HTMLVideoElement) => (v.srcObject as MediaStream).getAudioTracks()[0].enabled)).toBe(false);
    await candidate.getByRole('button', { name: 'Activer le micro' }).click();
    await recruiter.getByTestId('meeting-remote-muted').waitFor({ state: 'detached', timeout: 10_000 });
    // Camera off shows too.
    await candidate.getByRole('button', { name: 'Couper la caméra' }).click();
    await recruiter.getByTestId('meeting-remote-camera-off').waitFor({ timeout: 10_000 });
    await candidate.getByRole('button', { name: 'Activer la caméra' }).click();
    await recruiter.getByTestId('meeting-remote-camera-off').waitFor({ state: 'detached', timeout: 10_000 });

    // Switch camera only with more than one camera (Chromium's fake device gives one).
    const cameras = await candidate.evaluate(async () => (await navigator.mediaDevices.enumerateDevices()).filter((d) => d.kind === 'videoinput').length);
    expect(await candidate.getByRole('button', { name: 'Changer de caméra' }).count()).toBe(cameras > 1 ? 1 : 0);

    // Controls: hidden after 5 s without activity, back on mouse move.
    await recruiter.mouse.move(100, 100);
    const shown = () => recruiter.waitForFunction(() => getComputedStyle(document.querySelector('[data-testid="meeting-controls"]')!).opacity === '1', null, { timeout: 2000 });
    await shown();
    // They hide on their own, and not before about 5 s have passed.
    const stillSince = await recruiter.evaluate(() => performance.now());
    await recruiter.waitForFunction(() => document.querySelector('.meeting-idle') !== null, null, { timeout: 8000 });
    expect((await recruiter.evaluate(() => performance.now())) - stillSince).toBeGreaterThan(4500);
    await recruiter.mouse.move(200, 200);
    await recruiter.waitForFunction(() => document.querySelector('.meeting-idle') === null, null, { timeout: 2000 });
    await shown();
    // Hidden again, then back on a click.
    await recruiter.waitForFunction(() => document.querySelector('.meeting-idle') !== null, null, { timeout: 7000 });
    await recruiter.mouse.click(300, 300);
    await shown();

    await expectAccessible(recruiter);

    // The candidate leaves (moving the mouse first: its controls hid while it sat still), and the
    // recruiter's page says disconnected.
    await candidate.mouse.move(60, 60);
    await candidate.getByRole('button', { name: 'Quitter' }).click();
    await candidate.getByTestId('meeting-left').waitFor();
    await disconnected(recruiter);
    expect(await recruiter.getByTestId('meeting-state').innerText()).toContain('Déconnecté');

    // Back in: the call starts again.
    await candidate.getByRole('button', { name: 'Rejoindre' }).click();
    await Promise.all([connected(recruiter), connected(candidate)]);
    await expectPlaying(recruiter, 'meeting-remote');

    // The default page never loads twilio-video.
    expect(twilioRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('shows the error instead of the room to a stranger and a candidate who never applied', async () => {
    const [neverApplied] = await query<{ id: string; email: string }>(
      "SELECT id, email FROM users WHERE profile = 'candidate' AND password_hash IS NOT NULL AND id NOT IN (SELECT candidate_id FROM applications WHERE recruiter_id = ?) ORDER BY email LIMIT 1",
      [recruiterId],
    );
    const strangerId = await idOf('karim.haddad@demo.test');
    const cases: Array<[string | null, string, string]> = [
      ['karim.haddad@demo.test', `/meeting-web-app/${recruiterId}/${candidateId}/${strangerId}`, 'Vous n’avez pas accès à cette réunion.'],
      [neverApplied.email, `/meeting-web-app/${recruiterId}/${neverApplied.id}/${neverApplied.id}`, 'Vous n’avez pas accès à cette réunion.'],
    ];
    for (const [email, path, message] of cases) {
      const page = await pageAs(email);
      expect(await (await page.context().request.get(path)).text()).not.toContain('data-testid="meeting-room"');
      await page.goto(path);
      await page.getByTestId('meeting-error').waitFor();
      expect(await page.getByTestId('meeting-error').innerText()).toBe(message);
      expect(await page.getByTestId('meeting-room').count()).toBe(0);
      await expectAccessible(page);
    }
  }, 60_000);
});
