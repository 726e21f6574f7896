// Rules with one home (issue 25), on the real database: the console's user phone follows the phone
// rule (models/rules/phone.ts) as the public forms do; the SSO identifier is one rule for saving a
// provider and for looking one up (models/rules/sso.ts); "is a candidate" is one answer
// (models/rules/roles.ts, owned by api/auth/access.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { makeOffer, makeSsoProvider, makeUser } from '../helpers/fixtures.js';
import { User } from '../../models/index.js';
import fr from '../../config/i18n/fr.js';

let ctx: TestContext;
let staff: { Authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  staff = await bearer(await makeUser({ profile: 'recruiter', is_admin: true }));
});
afterAll(async () => ctx?.close());

describe("the console's user phone follows the phone rule", () => {
  it('stores a valid number in E.164, as the public forms do', async () => {
    const u = await makeUser({ profile: 'candidate', phone: null });
    const res = await request(ctx.app).put(`/apis/console/users/${u.id}`).set(staff).send({ phone: '06 12 34 56 78' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await User.findByPk(u.id))!.phone).toBe('+33612345678');
    const be = await request(ctx.app).put(`/apis/console/users/${u.id}`).set(staff).send({ phone: '+32 470 12 34 56' });
    expect(be.status).toBe(200);
    expect((await User.findByPk(u.id))!.phone).toBe('+32470123456');
  });

  it('refuses anything else with the spec message, storing nothing', async () => {
    const u = await makeUser({ profile: 'candidate', phone: '+33612345678', name: 'Avant' });
    for (const phone of ['12345', 'not a phone', '+1 212 555 0100', '06 12 34 56 78 90', 'x'.repeat(40)]) {
      const res = await request(ctx.app).put(`/apis/console/users/${u.id}`).set(staff).send({ phone, name: 'Après' });
      expect(res.status, phone).toBe(400);
      expect(res.body).toMatchObject({ error: 'invalid_phone', message: fr.invalid_phone });
    }
    const stored = (await User.findByPk(u.id))!;
    expect([stored.phone, stored.name]).toEqual(['+33612345678', 'Avant']);
    // Clearing it is allowed: the column is optional.
    expect((await request(ctx.app).put(`/apis/console/users/${u.id}`).set(staff).send({ phone: '' })).status).toBe(200);
    expect((await User.findByPk(u.id))!.phone).toBeNull();
  });
});

describe('the SSO identifier: one rule', () => {
  it('a provider found by its identifier; a one-character identifier, which no provider may have, finds nothing', async () => {
    const provider = await makeSsoProvider({ identifier: 'ab' });
    expect((await request(ctx.app).get(`/apis/sso/${provider.identifier}/metadata`)).status).toBe(200);
    const one = await makeSsoProvider({ identifier: 'z' });
    expect((await request(ctx.app).get(`/apis/sso/${one.identifier}/metadata`)).status).toBe(404);
  });
});

describe('"is a candidate": one answer', () => {
  it('staff with a candidate profile are staff: they do not apply as candidates', async () => {
    const offer = await makeOffer(await makeUser({ profile: 'recruiter' }));
    const candidate = await bearer(await makeUser({ profile: 'candidate' }));
    const staffCandidate = await bearer(await makeUser({ profile: 'candidate', is_admin: true }));
    expect((await request(ctx.app).post('/apis/candidate/applications').set(candidate).send({ job_code: offer.job_code })).status).toBe(201);
    const refused = await request(ctx.app).post('/apis/candidate/applications').set(staffCandidate).send({ job_code: offer.job_code });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('candidates_only');
    const own = await request(ctx.app).get('/apis/candidate/applications').set(staffCandidate);
    expect([own.status, own.body.error]).toEqual([403, 'candidates_only']);
  });
});
