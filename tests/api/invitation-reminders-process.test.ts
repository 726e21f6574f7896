// Invitation reminders with two worker processes on one database (issue 27, decision 430): for each
// reminder time (48 h and 24 h before the deadline), two processes with the application clock moved
// just past it sweep the reminders at once and run the queue; each unfinished invitation gets each
// reminder exactly once, by a real SMTP server on loopback. Run on MariaDB (api-mariadb) and SQLite.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { startSmtp, type TestSmtp } from '../helpers/smtp.js';
import { parseMail } from '../helpers/mime.js';
import { bearer } from '../helpers/auth.js';
import { makeApplication, makeOffer, makeUser } from '../helpers/fixtures.js';
import { stopChild } from '../helpers/processes.js';
import { Invitation, InvitationReminder } from '../../models/index.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const H = 3600_000;

let ctx: TestContext;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startSmtp();
  ctx = await createTestContext({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await ctx?.close();
  await smtp?.close();
});

/** Two worker processes at `now`, started on one signal; answers what each queued. */
async function twoWorkers(now: Date): Promise<number[]> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: ctx.db.database.url,
    SMTP_URL: smtp.url,
    STORAGE_DIR: ctx.settings.storageDir,
    PUBLIC_URL: ctx.settings.publicUrl,
    JOBS_POLL_MS: '50',
    JOBS_CONCURRENCY: '2',
  };
  const children: ChildProcess[] = [];
  const outputs: string[] = [];
  const errors: string[] = [];
  try {
    const ready = [0, 1].map((i) => {
      const child = spawn(TSX, ['tests/helpers/invitation-worker.ts', now.toISOString()], { cwd: ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
      children.push(child);
      outputs[i] = '';
      errors[i] = '';
      child.stderr!.on('data', (d) => (errors[i] += d));
      return new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (d) => {
          outputs[i] += d;
          if (outputs[i].includes('ready\n')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`worker exited ${code}: ${errors[i]}`)));
      });
    });
    await Promise.all(ready);
    const exits = children.map((c) => new Promise((r) => c.once('exit', r)));
    for (const c of children) c.stdin!.write('go\n');
    await Promise.all(exits);
    return outputs.map((o, i) => {
      const line = o.split('\n').find((l) => l.startsWith('{'));
      if (!line) throw new Error(`no answer from worker ${i}: ${errors[i]}`);
      return (JSON.parse(line) as { queued: number }).queued;
    });
  } finally {
    for (const c of children) await stopChild(c);
  }
}

describe('invitation reminders with two worker processes', () => {
  it('sends each reminder once per unfinished invitation, the clock moved past 48 h then 24 h before the deadline', async () => {
    const recruiter = await makeUser({ profile: 'recruiter', email: 'r@acme.test', customer_name: 'Acme' });
    const offer = await makeOffer(recruiter, { title: 'Vendeur', company_name: 'Acme' });
    const t0 = Date.now();
    const deadline = new Date(t0 + 4 * 24 * H);
    const people = Array.from({ length: 6 }, (_, i) => ({ first_name: 'P', last_name: String(i), email: `p${i}@example.test` }));
    const res = await request(ctx.app)
      .post('/apis/invitations')
      .set(await bearer(recruiter))
      .send({ job_code: offer.job_code, deadline: deadline.toISOString(), lang: 'en', rows: people });
    expect(res.body.created).toBe(6);
    // p5 finished the interview: no reminder for them.
    const done = await makeUser({ profile: 'candidate', email: 'p5@example.test' });
    await Invitation.update({ candidate_id: done.id }, { where: { email: 'p5@example.test' } });
    await makeApplication(done, offer, { state: 'complete' });

    for (const hours of [48, 24]) {
      const queued = await twoWorkers(new Date(deadline.getTime() - hours * H + 60_000));
      // Every due reminder was queued once, by one process or the other (the recurring sweep of
      // each worker may have found some first).
      expect(queued.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(5);
      expect(await InvitationReminder.count({ where: { hours_before: hours } })).toBe(5);
    }
    const reminders = smtp.mails.map((m) => ({ to: m.to[0], subject: parseMail(m.raw).subject })).filter((m) => m.subject.startsWith('Reminder'));
    for (let i = 0; i < 5; i++) expect(reminders.filter((m) => m.to === `p${i}@example.test`)).toHaveLength(2);
    expect(reminders.filter((m) => m.to === 'p5@example.test')).toHaveLength(0);
    expect(reminders).toHaveLength(10);
    // The invitations themselves went once each too (p5's not at all: finished before it was sent).
    const invites = smtp.mails.map((m) => ({ to: m.to[0], subject: parseMail(m.raw).subject })).filter((m) => m.subject.startsWith('Acme invites you'));
    expect(invites.map((m) => m.to).sort()).toEqual(['p0', 'p1', 'p2', 'p3', 'p4'].map((p) => `${p}@example.test`));
  }, 400_000);
});
