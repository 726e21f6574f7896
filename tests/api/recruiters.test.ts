// Staff creation of a recruiter (back-office.md section 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { bearer } from '../helpers/auth.js';
import { AuditEntry, User } from '../../models/index.js';
import { createRecruiter } from '../../api/services/accounts/recruiters.service.js';

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof makeUser>>;
const MSG = 'Erreur: Name -> au moins 4 lettres, password -> au moins 6 et email -> au moins 14';

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await makeUser({ profile: 'recruiter', is_admin: true });
});
afterAll(async () => ctx?.close());

describe('POST /apis/admin/recruiters', () => {
  it('creates a recruiter with the spec defaults, email lowercased, who can then sign in', async () => {
    const res = await request(ctx.app)
      .post('/apis/admin/recruiters')
      .set(await bearer(admin))
      .send({ name: 'Julie Martin', email: 'Julie.Martin@Shop.TEST', password: 'motdepasse1' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email: 'julie.martin@shop.test', name: 'Julie Martin', profile: 'recruiter', user_plan: 'free' });
    const u = (await User.findByPk(res.body.user.id))!;
    expect(u.sub_topics).toEqual(['global', `priv_${u.id}`]);
    expect(u.country_iso).toBe('FR');
    expect(u.lang).toBe('fr');
    expect(u.password_hash).toMatch(/^\$argon2id\$/);
    expect(await AuditEntry.count({ where: { action: 'create_recruiter', record_id: u.id, actor_id: admin.id } })).toBe(1);
    const login = await request(ctx.app).post('/apis/auth/login').send({ email: 'julie.martin@shop.test', password: 'motdepasse1' });
    expect(login.status).toBe(200);
  });

  it('applies the length rules with the spec message', async () => {
    const h = await bearer(admin);
    for (const body of [
      { name: 'Jule', email: 'long.enough@shop.test', password: 'motdepasse1' },
      { name: 'Julien', email: 'a@shop.tst', password: 'motdepasse1' },
      { name: 'Julien', email: 'long.enough@shop.test', password: 'abc123' },
      {},
    ]) {
      const res = await request(ctx.app).post('/apis/admin/recruiters').set(h).send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_recruiter', message: MSG });
    }
    // Exactly one over each minimum passes.
    const ok = await request(ctx.app).post('/apis/admin/recruiters').set(h).send({ name: 'Jules', email: 'ab@shop.tst', password: 'abc1234' });
    expect(ok.status).toBe(201);
  });

  it('answers 409 "This user already exists" for an existing email, also under a race', async () => {
    const h = await bearer(admin);
    const body = { name: 'Paul Durand', email: 'paul.durand@shop.test', password: 'motdepasse1' };
    const results = await Promise.all([1, 2, 3].map(() => request(ctx.app).post('/apis/admin/recruiters').set(h).send(body)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 201)) expect(r.body).toEqual({ error: 'user_exists', message: 'This user already exists' });
    const upper = await request(ctx.app)
      .post('/apis/admin/recruiters')
      .set(h)
      .send({ ...body, email: 'PAUL.DURAND@shop.test' });
    expect(upper.status).toBe(409);
    expect(await User.count({ where: { email: 'paul.durand@shop.test' } })).toBe(1);
  });

  it('is for staff only', async () => {
    const body = { name: 'Someone Else', email: 'someone.else@shop.test', password: 'motdepasse1' };
    expect((await request(ctx.app).post('/apis/admin/recruiters').send(body)).status).toBe(401);
    const rec = await makeUser({ profile: 'recruiter', user_plan: 'bplan' });
    const res = await request(ctx.app)
      .post('/apis/admin/recruiters')
      .set(await bearer(rec))
      .send(body);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Le site est en cours de développement, merci de votre patience.');
    expect(await User.count({ where: { email: 'someone.else@shop.test' } })).toBe(0);
  });

  it('is the same service the console calls', async () => {
    const u = await createRecruiter({ name: 'Console Made', email: 'console.made@shop.test', password: 'motdepasse1' }, admin);
    expect(u.profile).toBe('recruiter');
  });
});
