// A CSV file of 1,000 invitations is checked and queued in under 5 s (issue 27, decision 430): the
// check (POST /apis/invitations/check) and the sending (POST /apis/invitations: 1,000 invitations,
// 1,000 e-mail and 500 SMS jobs in one transaction), timed end to end through the HTTP API. The
// time is printed; the note of decision 430 keeps the measures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { dialect } from '../helpers/db.js';
import { bearer } from '../helpers/auth.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { Invitation, Job } from '../../models/index.js';
import { INVITATION_MESSAGE_JOB } from '../../api/services/invitations/invitations.service.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ JOBS_WORKER: '0' });
});
afterAll(async () => {
  await ctx?.close();
});

describe('a CSV file of 1,000 invitations', () => {
  it('is checked and queued in under 5 s', async () => {
    const manager = await makeUser({ profile: 'manager', email: 'bulk@acme.test', customer_name: 'Bulk' });
    const offer = await makeOffer(manager, { company_name: 'Bulk' });
    const lines = ['first name,last name,email,phone'];
    for (let i = 0; i < 1000; i++) lines.push(`Prénom${i},Nom${i},person${i}@example.test,${i % 2 ? `06${String(10_000_000 + i).slice(-8)}` : ''}`);
    const h = await bearer(manager);
    const started = performance.now();
    const checked = await request(ctx.app)
      .post('/apis/invitations/check')
      .set(h)
      .send({ csv: lines.join('\n') });
    const checkedAt = performance.now();
    expect(checked.status, checked.text).toBe(200);
    expect(checked.body.bad).toEqual([]);
    expect(checked.body.rows).toHaveLength(1000);
    const sent = await request(ctx.app)
      .post('/apis/invitations')
      .set(h)
      .send({ job_code: offer.job_code, deadline: new Date(Date.now() + 5 * 24 * 3600_000).toISOString(), rows: checked.body.rows });
    const ms = performance.now() - started;
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.created).toBe(1000);
    console.log(`1,000-row CSV (${dialect}): checked in ${(checkedAt - started).toFixed(0)} ms, checked and queued in ${ms.toFixed(0)} ms`);
    expect(await Invitation.count({ where: { offer_id: offer.id } })).toBe(1000);
    expect(await Job.count({ where: { name: INVITATION_MESSAGE_JOB } })).toBe(1500);
    expect(ms).toBeLessThan(5000);
  }, 60_000);
});
