// The data lifecycle (issue 14, docs/decisions/167-data-lifecycle.md) on the real database, with an
// injected clock: stories deleted from storage 12 months after publication (the answer kept,
// expired), the inactivity warning received by a real SMTP server on loopback and the deletion 30
// days later (the same deletion as staff's, counters kept true), the purges, the audit entries, the
// dry-run command, and two processes started at once running each daily sweep once.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { bearer } from '../helpers/auth.js';
import { mailedTestContext } from '../helpers/smtp.js';
import { expectCountersTrue, storeStory } from '../helpers/lifecycle.js';
import { makeApplication, makeOffer, makeUser, makeWishlistEntry } from '../helpers/fixtures.js';
import { Application, ApplicationAnswer, AuditEntry, AuthAttempt, EmailCode, Job, PasswordResetCode, SamlRequest, Session, ShareLink, ShareView, User } from '../../models/index.js';
import { runLifecycleJob, LIFECYCLE_QUEUE } from '../../api/jobs/lifecycle.js';
import { LIFECYCLE_SWEEPS, monthsBefore } from '../../api/services/platform/lifecycle.service.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const DAY = 24 * 3600_000;
const mailed = mailedTestContext();

const deps = (now: Date) => ({ settings: mailed.ctx.settings, storage: mailed.ctx.deps.storage, mailer: mailed.ctx.deps.mailer, logger: mailed.ctx.deps.logger, clock: () => now });
const run = (name: (typeof LIFECYCLE_SWEEPS)[number], now: Date, dryRun = false) => runLifecycleJob(deps(now), name, dryRun);

describe('stories', () => {
  it('are deleted from storage 12 months after publication; the answer stays, marked expired; younger stories stay', async () => {
    const now = new Date(Date.UTC(2031, 5, 15, 3));
    const recruiter = await makeUser({ profile: 'recruiter' });
    const offer = await makeOffer(recruiter);
    const oldApp = await makeApplication(await makeUser(), offer);
    const youngApp = await makeApplication(await makeUser(), offer);
    await Application.update({ submit_date: new Date(monthsBefore(now, 12).getTime() - 1000) }, { where: { id: oldApp.id } });
    await Application.update({ submit_date: new Date(monthsBefore(now, 12).getTime() + DAY) }, { where: { id: youngApp.id } });
    const oldAnswers = await ApplicationAnswer.findAll({ where: { application_id: oldApp.id } });
    const youngAnswers = await ApplicationAnswer.findAll({ where: { application_id: youngApp.id } });
    const oldKeys = (await Promise.all(oldAnswers.map((a) => storeStory(mailed.ctx.deps.storage, a.upload_path!)))).flat();
    const youngKeys = (await Promise.all(youngAnswers.map((a) => storeStory(mailed.ctx.deps.storage, a.upload_path!)))).flat();

    const dry = await run('lifecycle-stories', now, true);
    expect(dry.ids.sort()).toEqual(oldAnswers.map((a) => a.id).sort());
    for (const k of oldKeys) expect(await mailed.ctx.deps.storage.head(k)).not.toBeNull();

    const result = await run('lifecycle-stories', now);
    expect(result.count).toBe(oldAnswers.length);
    for (const k of oldKeys) expect(await mailed.ctx.deps.storage.head(k)).toBeNull();
    for (const k of youngKeys) expect(await mailed.ctx.deps.storage.head(k)).not.toBeNull();
    for (const a of oldAnswers) {
      await a.reload();
      expect([a.upload_path, a.expired_at?.getTime(), a.state]).toEqual([null, now.getTime(), 'done']);
    }
    expect(await Application.count({ where: { id: oldApp.id } })).toBe(1);
    // The recruiter's panel says the videos expired, and hands no address for them.
    const panel = await request(mailed.ctx.app)
      .get(`/apis/applications/${oldApp.id}/media`)
      .set(await bearer(recruiter));
    expect(panel.status).toBe(200);
    expect(panel.body.questions.map((q: { url: string | null; expired_at: string | null }) => [q.url, q.expired_at])).toEqual(oldAnswers.map(() => [null, now.toISOString()]));
    const young = await request(mailed.ctx.app)
      .get(`/apis/applications/${youngApp.id}/media`)
      .set(await bearer(recruiter));
    expect(young.body.questions.every((q: { url: string | null; expired_at: string | null }) => q.url && q.expired_at === null)).toBe(true);
    const entry = await AuditEntry.findOne({ where: { resource: 'lifecycle', action: 'stories_expired' }, order: [['id', 'DESC']] });
    expect(entry?.actor_id).toBeNull();
    expect(entry?.after_json).toMatchObject({ count: oldAnswers.length });
    // A second run the same day finds nothing more.
    expect((await run('lifecycle-stories', now)).count).toBe(0);
  });
});

describe('inactive accounts', () => {
  it('are warned by e-mail 3 years minus 30 days after their last sign-in, and deleted 30 days later if still inactive', async () => {
    const t0 = new Date(Date.UTC(2032, 2, 1, 4));
    const lastSeen = new Date(monthsBefore(t0, 36).getTime() + 30 * DAY - 1000);
    const recruiter = await makeUser({ profile: 'recruiter', last_co: t0 });
    const offer = await makeOffer(recruiter);
    const otherOffer = await makeOffer(recruiter);
    const sleeper = await makeUser({ last_co: lastSeen, lang: 'en', email: 'sleeper@example.test', name: 'Sam Sleeper' });
    const returning = await makeUser({ last_co: lastSeen, email: 'returning@example.test' });
    const recent = await makeUser({ last_co: new Date(lastSeen.getTime() + 5 * DAY) });
    const staff = await makeUser({ profile: 'recruiter', is_admin: true, last_co: lastSeen });
    const app = await makeApplication(sleeper, offer, { cv_key: 'picture/0123456789abcdef0123456789abcdef.pdf' });
    await makeWishlistEntry(sleeper, otherOffer);
    await makeApplication(returning, offer);
    await mailed.ctx.deps.storage.put(app.cv_key!, Buffer.from('%PDF-1.4 cv'), 'application/pdf');
    const storyKeys = (await Promise.all((await ApplicationAnswer.findAll({ where: { application_id: app.id } })).map((a) => storeStory(mailed.ctx.deps.storage, a.upload_path!)))).flat();
    await Application.update({ submit_date: t0 }, { where: { candidate_id: [sleeper.id, returning.id] } }); // stories still young
    expect((await recruiter.reload()).candidates_count).toBe(2);

    const warned = await run('lifecycle-inactive-warn', t0);
    // Users of the other tests (created now, years before t0) are inactive too: look at this test's users.
    const mine = [sleeper.id, returning.id, recent.id, staff.id, recruiter.id];
    expect(warned.ids.filter((id) => mine.includes(String(id))).sort()).toEqual([sleeper.id, returning.id].sort());
    const mail = await mailed.smtp.next('sleeper@example.test');
    expect(mail.text).toContain('Your account will be deleted on 2032-03-31');
    expect(mail.text).toContain('Hello Sam Sleeper');
    expect(mail.text).toContain(`${mailed.ctx.settings.publicUrl}/login`);
    await mailed.smtp.next('returning@example.test');
    // Warned once: the next day's run sends nothing more.
    expect((await run('lifecycle-inactive-warn', new Date(t0.getTime() + DAY))).count).toBe(0);

    // One of them signs in after the warning.
    await User.update({ last_co: new Date(t0.getTime() + 2 * DAY) }, { where: { id: returning.id } });
    expect((await run('lifecycle-inactive-delete', new Date(t0.getTime() + 29 * DAY))).count).toBe(0);
    const t30 = new Date(t0.getTime() + 30 * DAY);
    expect((await run('lifecycle-inactive-delete', t30, true)).ids.filter((id) => mine.includes(String(id)))).toEqual([sleeper.id]);
    expect(await User.count({ where: { id: sleeper.id } })).toBe(1);
    const deleted = await run('lifecycle-inactive-delete', t30);
    expect(deleted.ids.filter((id) => mine.includes(String(id)))).toEqual([sleeper.id]);
    expect(await User.count({ where: { id: sleeper.id } })).toBe(0);
    expect(await User.count({ where: { id: [returning.id, recent.id, staff.id, recruiter.id] } })).toBe(4);
    for (const k of [...storyKeys, app.cv_key!]) expect(await mailed.ctx.deps.storage.head(k)).toBeNull();
    expect((await recruiter.reload()).candidates_count).toBe(1);
    await expectCountersTrue();
    // The same deletion as staff's: its audit entry, with the reason, and the run's own entry.
    const del = await AuditEntry.findOne({ where: { resource: 'users', action: 'delete', record_id: sleeper.id } });
    expect(del?.after_json).toEqual({ reason: 'inactivity', files: storyKeys.length + 1 });
    expect(await AuditEntry.count({ where: { resource: 'lifecycle', action: 'inactive_deleted' } })).toBeGreaterThanOrEqual(1);
  });
});

describe('purges', () => {
  it('remove expired reset codes and sessions, and share-link views past their time without feedback', async () => {
    const now = new Date(Date.UTC(2033, 0, 10));
    const user = await makeUser({ last_co: now });
    const live = await Session.create({ id: 'live-session-000000000000000000000000000000000000000000000000000', user_id: user.id, kind: 'cookie', expires_at: new Date(now.getTime() + DAY) });
    await Session.create({ id: 'dead-session-000000000000000000000000000000000000000000000000000', user_id: user.id, kind: 'cookie', expires_at: new Date(now.getTime() - 1) });
    const oldCode = await PasswordResetCode.create({ user_id: user.id, code_hash: 'x'.repeat(64), expires_at: new Date(now.getTime() - 2 * DAY), used_at: null });
    const freshCode = await PasswordResetCode.create({ user_id: user.id, code_hash: 'y'.repeat(64), expires_at: new Date(now.getTime() + 3600_000), used_at: null });
    const recruiter = await makeUser({ profile: 'recruiter' });
    const app = await makeApplication(await makeUser(), await makeOffer(recruiter));
    const link = await ShareLink.create({ share_id: 'lifecycle-share-link-0001', application_id: app.id, shared_by_id: recruiter.id });
    const oldView = await ShareView.create({ view_id: 'old-view-0001', share_link_id: link.id, created_at: new Date(now.getTime() - 31 * DAY) });
    const newView = await ShareView.create({ view_id: 'new-view-0001', share_link_id: link.id, created_at: new Date(now.getTime() - 29 * DAY) });
    const result = await run('lifecycle-purge', now);
    expect(result.ids).toEqual(expect.arrayContaining(['reset_codes:1', 'sessions:1', 'share_views:1']));
    expect(await Session.count({ where: { user_id: user.id } })).toBe(1);
    expect((await Session.findOne({ where: { user_id: user.id } }))!.id).toBe(live.id);
    expect(await PasswordResetCode.count({ where: { id: [oldCode.id, freshCode.id] } })).toBe(1);
    expect(await ShareView.count({ where: { id: [oldView.id, newView.id] } })).toBe(1);
    expect(await AuditEntry.count({ where: { resource: 'lifecycle', action: 'expired_rows_purged' } })).toBeGreaterThanOrEqual(1);
  });

  it('also remove old sign-in attempts, answered or expired SAML request ids and old e-mail codes: the one scheduled purge (decision 341)', async () => {
    const now = new Date(Date.UTC(2034, 0, 10));
    await AuthAttempt.bulkCreate([
      { bucket: 'login:acct:purge-old', at: new Date(now.getTime() - 2 * DAY) },
      { bucket: 'login:acct:purge-new', at: now },
    ]);
    await SamlRequest.bulkCreate([
      { id: 'req:_purge-old', value: 'x', created_at: now, expires_at: new Date(now.getTime() - 1000) },
      { id: 'req:_purge-new', value: 'x', created_at: now, expires_at: new Date(now.getTime() + 60_000) },
    ]);
    await EmailCode.bulkCreate([
      { email: 'purge-old@lifecycle.test', code_hash: 'a'.repeat(64), expires_at: new Date(now.getTime() - 2 * DAY), used_at: null },
      { email: 'purge-new@lifecycle.test', code_hash: 'b'.repeat(64), expires_at: new Date(now.getTime() + 600_000), used_at: null },
    ]);
    const buckets = async () => (await AuthAttempt.findAll({ where: { bucket: ['login:acct:purge-old', 'login:acct:purge-new'] } })).map((a) => a.bucket).sort();
    const samlIds = async () => (await SamlRequest.findAll({ where: { id: ['req:_purge-old', 'req:_purge-new'] } })).map((r) => r.id).sort();
    const codes = async () => (await EmailCode.findAll({ where: { email: ['purge-old@lifecycle.test', 'purge-new@lifecycle.test'] } })).map((c) => c.email).sort();

    // A dry run counts them and removes nothing.
    const dry = await run('lifecycle-purge', now, true);
    expect(dry.ids).toEqual(expect.arrayContaining([expect.stringMatching(/^sign_in_attempts:[1-9]/), expect.stringMatching(/^saml_requests:[1-9]/), expect.stringMatching(/^email_codes:[1-9]/)]));
    expect(await buckets()).toEqual(['login:acct:purge-new', 'login:acct:purge-old']);

    await run('lifecycle-purge', now);
    expect(await buckets()).toEqual(['login:acct:purge-new']);
    expect(await samlIds()).toEqual(['req:_purge-new']);
    expect(await codes()).toEqual(['purge-new@lifecycle.test']);
  });
});

function runCli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  const env = {
    ...process.env,
    DATABASE_URL: mailed.ctx.db.database.url,
    STORAGE_DIR: mailed.ctx.settings.storageDir,
    MAIL_DIR: mailed.ctx.settings.mailDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    DEMO_DATA: '0',
  } as NodeJS.ProcessEnv;
  const child = spawn(TSX, ['api/cli/lifecycle.ts', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out, err })));
}

describe('npm run lifecycle', () => {
  it('--dry-run lists what the next run would delete and changes nothing', async () => {
    const now = new Date(Date.UTC(2040, 0, 1));
    const app = await makeApplication(await makeUser({ last_co: now }), await makeOffer(await makeUser({ profile: 'recruiter', last_co: now })));
    const answers = await ApplicationAnswer.findAll({ where: { application_id: app.id } });
    const audits = await AuditEntry.count();
    const { code, out, err } = await runCli(['--dry-run', `--now=${now.toISOString()}`]);
    expect(err).toBe('');
    expect(code).toBe(0);
    const lines = out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { sweep: string; dryRun: boolean; ids: unknown[] });
    expect(lines.map((l) => l.sweep)).toEqual(['stories_expired', 'inactive_warned', 'inactive_deleted', 'subscriptions_expired', 'expired_rows_purged']);
    expect(lines.every((l) => l.dryRun)).toBe(true);
    expect(lines[0].ids).toEqual(expect.arrayContaining(answers.map((a) => a.id)));
    expect(await ApplicationAnswer.count({ where: { application_id: app.id, expired_at: null } })).toBe(answers.length);
    expect(await AuditEntry.count()).toBe(audits);
    expect((await runCli(['--delete-everything'])).code).toBe(2);
  }, 120_000);

  it('two processes started at once run each daily sweep once between them', async () => {
    const now = new Date(Date.UTC(2041, 6, 1, 12));
    const [a, b] = await Promise.all([runCli(['--run', `--now=${now.toISOString()}`]), runCli(['--run', `--now=${now.toISOString()}`])]);
    expect([a.code, b.code, a.err, b.err]).toEqual([0, 0, '', '']);
    const ran = [...a.out.trim().split('\n'), ...b.out.trim().split('\n')].filter(Boolean).map((l) => JSON.parse(l) as { sweep: string; dryRun: boolean });
    expect(ran.map((r) => r.sweep).sort()).toEqual(['expired_rows_purged', 'inactive_deleted', 'inactive_warned', 'stories_expired', 'subscriptions_expired']);
    const day = Math.floor(now.getTime() / DAY) * DAY;
    expect(await Job.count({ where: { queue: LIFECYCLE_QUEUE, unique_key: LIFECYCLE_SWEEPS.map((n) => `${n}@${day}`), state: 'done' } })).toBe(5);
    // Started again the same day: nothing left to run.
    const again = await runCli(['--run', `--now=${new Date(now.getTime() + 3600_000).toISOString()}`]);
    expect([again.code, again.out]).toEqual([0, '']);
  }, 180_000);
});
