// One-time e-mail codes: the code arrives by real SMTP (a server on loopback), proves the address
// and signs the caller in as a candidate (creating the account when the address has none).
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { makeUser } from '../helpers/fixtures.js';
import { mailedTestContext } from '../helpers/smtp.js';
import { EmailCode, User } from '../../models/index.js';
import { EMAIL_CODE_MAX_WRONG } from '../../api/auth/throttle.js';

const mailed = mailedTestContext();

let ipSeq = 0;
const nextIp = () => `192.0.2.${++ipSeq}`;

async function askCode(email: string, extra: Record<string, unknown> = {}, ip = nextIp()) {
  const res = await request(mailed.ctx.app)
    .post('/apis/auth/email-code')
    .set('X-Forwarded-For', ip)
    .send({ email, ...extra });
  expect(res.status).toBe(200);
  return res;
}

async function mailedCode(email: string) {
  const mail = await mailed.smtp.next(email);
  const link = /(http:\/\/127\.0\.0\.1:3999\/\S+#email=\S+&code=(\d{6}))/.exec(mail.text);
  expect(link).not.toBeNull();
  return { mail, link: link![1], code: link![2] };
}

const verify = (body: Record<string, unknown>, ip = nextIp()) => request(mailed.ctx.app).post('/apis/auth/email-code/verify').set('X-Forwarded-For', ip).send(body);

describe('e-mail code sign-in', () => {
  it('mails a 6-digit code and a link to the offer page; the code creates a candidate account and signs it in', async () => {
    const res = await askCode('New.Candidate@Example.test', { lang: 'en', job_code: 'cafe75' });
    // The answer speaks the caller's language (French by default); the mail the one asked for.
    expect(res.body).toEqual({ success: true, message: expect.stringContaining('code à 6 chiffres') });
    const { mail, link, code } = await mailedCode('new.candidate@example.test');
    expect(mail.text).toMatch(new RegExp(`Subject: Your code: ${code}`));
    expect(link).toBe(`http://127.0.0.1:3999/candidate/apply/CAFE75?lang=en#email=new.candidate%40example.test&code=${code}`);
    // Only a hash is stored.
    const rows = await EmailCode.findAll({ where: { email: 'new.candidate@example.test' } });
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
    expect(await User.count({ where: { email: 'new.candidate@example.test' } })).toBe(0);

    const ok = await verify({ email: 'new.candidate@example.test', code, name: 'Nina Nouvelle' });
    expect(ok.status).toBe(200);
    expect(ok.body.created).toBe(true);
    expect(ok.body.user).toMatchObject({ email: 'new.candidate@example.test', profile: 'candidate', name: 'Nina Nouvelle', is_admin: false });
    const cookie = ok.headers['set-cookie'] as unknown as string[];
    expect(cookie.join(';')).toMatch(/sid=[^;]+;.*HttpOnly; SameSite=Lax/);
    const me = await request(mailed.ctx.app)
      .get('/apis/auth/me')
      .set('Cookie', cookie.map((c) => c.split(';')[0]).join('; '));
    expect(me.status).toBe(200);
    expect(me.body.profile).toBe('candidate');

    // Used once.
    const again = await verify({ email: 'new.candidate@example.test', code });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('email_code_invalid');
  });

  it('signs an existing candidate in (bearer token for the app) without a new account', async () => {
    const u = await makeUser({ email: 'known.candidate@example.test', profile: 'candidate', name: 'Known' });
    await askCode('known.candidate@example.test');
    const { code } = await mailedCode('known.candidate@example.test');
    const res = await verify({ email: 'KNOWN.candidate@example.test', code, client: 'app', name: 'Someone Else' });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(false);
    expect(res.body.user).toMatchObject({ id: u.id, name: 'Known' });
    expect(res.headers['set-cookie']).toBeUndefined();
    const me = await request(mailed.ctx.app).get('/apis/auth/me').set('Authorization', `Bearer ${res.body.token}`);
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(u.id);
  });

  it('answers the same for a company account, mails no code for it, and its owner is told', async () => {
    await makeUser({ email: 'recruiter.code@example.test', profile: 'recruiter' });
    const company = await askCode('recruiter.code@example.test', { lang: 'fr' });
    const unknown = await askCode('unknown.code@example.test', { lang: 'fr' });
    expect(company.body).toEqual(unknown.body);
    const mail = await mailed.smtp.next('recruiter.code@example.test');
    expect(mail.text).toContain('compte entreprise');
    expect(mail.text).not.toMatch(/code=\d{6}/);
    expect(await EmailCode.count({ where: { email: 'recruiter.code@example.test' } })).toBe(0);
    // No code can sign in as the recruiter.
    expect((await verify({ email: 'recruiter.code@example.test', code: '123456' })).status).toBe(400);
    await mailedCode('unknown.code@example.test');
  });

  it('only the newest code works, and it expires after 15 minutes', async () => {
    await askCode('newest@example.test');
    const first = await mailedCode('newest@example.test');
    await askCode('newest@example.test');
    const second = await mailedCode('newest@example.test');
    if (first.code !== second.code) expect((await verify({ email: 'newest@example.test', code: first.code })).status).toBe(400);

    await askCode('late@example.test');
    const late = await mailedCode('late@example.test');
    mailed.ctx.setNow(Date.now() + 15 * 60_000 + 1000);
    try {
      const res = await verify({ email: 'late@example.test', code: late.code });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('email_code_invalid');
    } finally {
      mailed.ctx.setNow(undefined);
    }
    const res = await verify({ email: 'newest@example.test', code: second.code });
    expect(res.status).toBe(200);
  });

  it(`voids the code after ${EMAIL_CODE_MAX_WRONG} wrong tries, from any address`, async () => {
    await askCode('guessed@example.test');
    const { code } = await mailedCode('guessed@example.test');
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < EMAIL_CODE_MAX_WRONG; i++) {
      const res = await verify({ email: 'guessed@example.test', code: wrong });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('email_code_invalid');
    }
    // The right code no longer works: the candidate asks for a new one.
    expect((await verify({ email: 'guessed@example.test', code })).status).toBe(400);
    expect(await User.count({ where: { email: 'guessed@example.test' } })).toBe(0);
  });

  it('limits mails per (email, address) pair and per address, and typed codes per pair', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 3; i++) await askCode('often.code@example.test', {}, ip);
    const res = await request(mailed.ctx.app).post('/apis/auth/email-code').set('X-Forwarded-For', ip).send({ email: 'often.code@example.test' });
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('too_many_requests');
    // Typed codes: 10 per pair in 15 minutes.
    const tryIp = '198.51.100.8';
    for (let i = 0; i < 10; i++) expect((await verify({ email: 'nobody.tries@example.test', code: '111111' }, tryIp)).status).toBe(400);
    expect((await verify({ email: 'nobody.tries@example.test', code: '111111' }, tryIp)).status).toBe(429);
  });

  it('refuses bad input with stable codes and the spec-style messages', async () => {
    const bad = await request(mailed.ctx.app).post('/apis/auth/email-code').send({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('invalid_email');
    const code = await verify({ email: 'x@example.test', code: '12ab56' });
    expect(code.status).toBe(400);
    expect(code.body.error).toBe('email_code_invalid');
    const form = await request(mailed.ctx.app).post('/apis/auth/email-code').type('form').send({ email: 'x@example.test' });
    expect(form.status).toBe(415);
  });

  it('refuses a verify posted from another origin (login CSRF)', async () => {
    const res = await request(mailed.ctx.app).post('/apis/auth/email-code/verify').set('Origin', 'https://evil.example').send({ email: 'x@example.test', code: '123456' });
    expect(res.status).toBe(403);
  });
});
