// Forgotten password: the link arrives by real SMTP (a server on loopback), then the reset goes
// through the API with the spec's rules and errors.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import request from 'supertest';
import { makeUser } from '../helpers/fixtures.js';
import { mailedTestContext } from '../helpers/smtp.js';
import { hashPassword } from '../../api/auth/passwords.js';
import { FileMailer } from '../../api/integrations/mail.js';
import { PasswordResetCode, Session } from '../../models/index.js';

const mailed = mailedTestContext();

async function account(email: string) {
  const u = await makeUser({ email, name: 'Reset Person' });
  await u.update({ password_hash: await hashPassword('oldpass1'), lang: 'fr' });
  return u;
}

let ipSeq = 0;
async function linkFor(email: string, lang = 'fr') {
  // Each call from its own address: the per-address limit (10 an hour) is not what these tests look at.
  const res = await request(mailed.ctx.app).post('/apis/auth/forgot-password').set('X-Forwarded-For', `192.0.2.${++ipSeq}`).send({ email, lang });
  expect(res.status).toBe(200);
  const mail = await mailed.smtp.next(email);
  const m = /http:\/\/127\.0\.0\.1:3999\/reset-password\/([^/\s]+)\/([A-Za-z0-9_-]+)\?lang=(\w+)/.exec(mail.text);
  expect(m).not.toBeNull();
  return { mail, userId: decodeURIComponent(m![1]), code: m![2], lang: m![3] };
}

describe('forgot password', () => {
  it('mails a single-use link and gives the same answer for an unknown email', async () => {
    const u = await account('forgot@example.test');
    const known = await request(mailed.ctx.app).post('/apis/auth/forgot-password').send({ email: 'Forgot@Example.test', lang: 'en' });
    const unknown = await request(mailed.ctx.app).post('/apis/auth/forgot-password').send({ email: 'nobody@example.test', lang: 'en' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    const mail = await mailed.smtp.next('forgot@example.test');
    expect(mail.text).toContain(`/reset-password/${u.id}/`);
    expect(mail.text).toContain('?lang=en');
    expect(mail.text).toMatch(/Subject: Reset your password/);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailed.smtp.mails.some((m) => m.to.includes('nobody@example.test'))).toBe(false);
    // Only a hash of the code is stored.
    const code = /reset-password\/[^/]+\/([A-Za-z0-9_-]+)/.exec(mail.text)![1];
    const rows = await PasswordResetCode.findAll({ where: { user_id: u.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
  });

  it('is rate limited per (email, address) pair (3 an hour) and per address (10 an hour)', async () => {
    await account('often@example.test');
    const from = (ip: string, email = 'often@example.test') => request(mailed.ctx.app).post('/apis/auth/forgot-password').set('X-Forwarded-For', ip).send({ email });
    for (let i = 0; i < 3; i++) expect((await from('192.0.2.200')).status).toBe(200);
    const res = await from('192.0.2.200');
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('too_many_requests');
    // Unknown emails count too, so a 429 tells nothing about an account.
    for (let i = 0; i < 7; i++) expect((await from('192.0.2.201', `nobody${i}@example.test`)).status).toBe(200);
    expect((await from('192.0.2.201', 'often@example.test')).status).toBe(200);
    expect((await from('192.0.2.201', 'often@example.test')).status).toBe(200);
    expect((await from('192.0.2.201', 'nobody-else@example.test')).status).toBe(200);
    expect((await from('192.0.2.201', 'nobody-more@example.test')).status).toBe(429);
  });

  it('mails one account at most 3 times an hour whoever asks: 12 addresses at once get the answer an unknown email gets', async () => {
    const owner = await account('bombed@example.test');
    const t0 = Date.now();
    mailed.ctx.setNow(t0);
    try {
      const unknown = await request(mailed.ctx.app).post('/apis/auth/forgot-password').set('X-Forwarded-For', '198.51.100.99').send({ email: 'no-such-account@example.test' });
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, n) =>
          request(mailed.ctx.app)
            .post('/apis/auth/forgot-password')
            .set('X-Forwarded-For', `198.51.100.${n + 1}`)
            .send({ email: 'bombed@example.test' }),
        ),
      );
      for (const a of answers) {
        expect(a.status).toBe(200);
        expect(a.body).toEqual(unknown.body);
      }
      const links = [];
      for (let i = 0; i < 3; i++) links.push(/reset-password\/[^/]+\/([A-Za-z0-9_-]+)/.exec((await mailed.smtp.next('bombed@example.test')).text)![1]);
      // The owner asks too, from their own address: the same answer, and still no fourth mail.
      const own = await request(mailed.ctx.app).post('/apis/auth/forgot-password').set('X-Forwarded-For', '192.0.2.77').send({ email: 'bombed@example.test' });
      expect(own.body).toEqual(unknown.body);
      await new Promise((r) => setTimeout(r, 300));
      expect(mailed.smtp.mails.filter((m) => m.to.includes('bombed@example.test'))).toHaveLength(3);
      // Capped requests changed nothing: the newest link mailed sets the password.
      const tries = [];
      for (const code of links) tries.push((await request(mailed.ctx.app).post('/apis/auth/reset-password').send({ user_id: owner.id, code, password: 'owner1pass' })).status);
      expect(tries.filter((s) => s === 200)).toHaveLength(1);
      // An hour later the account may be mailed again.
      mailed.ctx.setNow(t0 + 3600_000 + 1000);
      const { userId, code } = await linkFor('bombed@example.test');
      expect((await request(mailed.ctx.app).post('/apis/auth/reset-password').send({ user_id: userId, code, password: 'later2pass' })).status).toBe(200);
    } finally {
      mailed.ctx.setNow(undefined);
    }
  });
});

describe('reset password', () => {
  it('sets the new password from the mailed link, ends every session, and the link works once', async () => {
    const u = await account('reset@example.test');
    const old = await request(mailed.ctx.app).post('/apis/auth/login').send({ email: 'reset@example.test', password: 'oldpass1', client: 'app' });
    expect(old.status).toBe(200);
    const { userId, code } = await linkFor('reset@example.test');
    expect(userId).toBe(u.id);
    const ok = await request(mailed.ctx.app).post('/apis/auth/reset-password').send({ user_id: userId, code, password: 'newpass2' });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    // The reset page ends with a link to where this account signs in.
    expect(ok.body.sign_in).toBe('/candidate');
    expect(await Session.count({ where: { user_id: u.id } })).toBe(0);
    expect((await request(mailed.ctx.app).get('/apis/auth/me').set('Authorization', `Bearer ${old.body.token}`)).status).toBe(401);
    expect((await request(mailed.ctx.app).post('/apis/auth/login').send({ email: 'reset@example.test', password: 'newpass2' })).status).toBe(200);
    expect((await request(mailed.ctx.app).post('/apis/auth/login').send({ email: 'reset@example.test', password: 'oldpass1' })).status).toBe(401);
    const again = await request(mailed.ctx.app).post('/apis/auth/reset-password').send({ user_id: userId, code, password: 'other3pass' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'code_mismatch', message: 'Ce lien n’est plus valide.' });
  });

  it('refuses a weak password with invalid_password and keeps the code usable', async () => {
    await account('weak@example.test');
    const { userId, code } = await linkFor('weak@example.test');
    for (const password of ['abc12', 'abcdefgh', '12345678']) {
      const res = await request(mailed.ctx.app).post('/apis/auth/reset-password').send({ user_id: userId, code, password });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('invalid_password');
    }
    const en = await request(mailed.ctx.app).post('/apis/auth/reset-password?lang=en').send({ user_id: userId, code, password: 'short' });
    expect(en.body.message).toBe('The password needs at least 6 characters, including 1 letter and 1 digit.');
    expect((await request(mailed.ctx.app).post('/apis/auth/reset-password').send({ user_id: userId, code, password: 'good1pass' })).status).toBe(200);
  });

  it('refuses a wrong code and an expired one (after one hour)', async () => {
    await account('late@example.test');
    const { userId, code } = await linkFor('late@example.test');
    const wrong = await request(mailed.ctx.app)
      .post('/apis/auth/reset-password')
      .send({ user_id: userId, code: code.slice(0, -2) + 'zz', password: 'good1pass' });
    expect(wrong.body.error).toBe('code_mismatch');
    mailed.ctx.setNow(Date.now() + 3600_000 + 1000);
    try {
      const late = await request(mailed.ctx.app).post('/apis/auth/reset-password?lang=en').send({ user_id: userId, code, password: 'good1pass' });
      expect(late.status).toBe(400);
      expect(late.body).toEqual({ error: 'expired_code', message: 'This link has expired. Please ask for a new link.' });
    } finally {
      mailed.ctx.setNow(undefined);
    }
  });

  it('only the newest link works', async () => {
    await account('twice@example.test');
    const first = await linkFor('twice@example.test');
    const second = await linkFor('twice@example.test');
    expect((await request(mailed.ctx.app).post('/apis/auth/reset-password').send({ user_id: first.userId, code: first.code, password: 'good1pass' })).body.error).toBe('code_mismatch');
    expect((await request(mailed.ctx.app).post('/apis/auth/reset-password').send({ user_id: second.userId, code: second.code, password: 'good1pass' })).status).toBe(200);
  });

  it('lets only one of two concurrent uses of the same code through', async () => {
    await account('race@example.test');
    const { userId, code } = await linkFor('race@example.test');
    const results = await Promise.all(['race1pass', 'race2pass', 'race3pass'].map((password) => request(mailed.ctx.app).post('/apis/auth/reset-password').send({ user_id: userId, code, password })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.body.error === 'code_mismatch')).toHaveLength(2);
  });

  it('stops guessing per (user, address) pair: too_many_requests after 10 tries in an hour', async () => {
    const u = await account('guess@example.test');
    const guess = (code: string) => request(mailed.ctx.app).post('/apis/auth/reset-password').set('X-Forwarded-For', '198.51.100.77').send({ user_id: u.id, code, password: 'good1pass' });
    for (let i = 0; i < 10; i++) expect((await guess(`guess${i}`)).body.error).toBe('code_mismatch');
    const res = await guess('guess11');
    expect(res.status).toBe(429);
    expect(res.body.error).toBe('too_many_requests');
  });

  it("keeps the owner's link working after a stranger tried 10 wrong codes from another address", async () => {
    const u = await account('target@example.test');
    const { code } = await linkFor('target@example.test');
    for (let i = 0; i < 10; i++) {
      const r = await request(mailed.ctx.app)
        .post('/apis/auth/reset-password')
        .set('X-Forwarded-For', '203.0.113.66')
        .send({ user_id: u.id, code: `wrong${i}`, password: 'good1pass' });
      expect(r.body.error).toBe('code_mismatch');
    }
    const owner = await request(mailed.ctx.app).post('/apis/auth/reset-password').set('X-Forwarded-For', '198.51.100.5').send({ user_id: u.id, code, password: 'owner1pass' });
    expect(owner.status).toBe(200);
  });

  it('voids the code after 20 wrong tries from many addresses; asking again mails a link that works', async () => {
    const u = await account('voided@example.test');
    const { code } = await linkFor('voided@example.test');
    for (let i = 0; i < 20; i++) {
      const r = await request(mailed.ctx.app)
        .post('/apis/auth/reset-password')
        .set('X-Forwarded-For', `203.0.113.${100 + i}`)
        .send({ user_id: u.id, code: `wrong${i}`, password: 'good1pass' });
      expect(r.body.error).toBe('code_mismatch');
    }
    const stale = await request(mailed.ctx.app).post('/apis/auth/reset-password').set('X-Forwarded-For', '198.51.100.6').send({ user_id: u.id, code, password: 'owner1pass' });
    expect(stale.status).toBe(400);
    expect(stale.body.error).toBe('code_mismatch');
    const fresh = await linkFor('voided@example.test');
    const ok = await request(mailed.ctx.app).post('/apis/auth/reset-password').set('X-Forwarded-For', '198.51.100.6').send({ user_id: u.id, code: fresh.code, password: 'owner1pass' });
    expect(ok.status).toBe(200);
  });
});

describe('mail without SMTP', () => {
  it('writes .eml files under the mail folder', async () => {
    const dir = `${mailed.ctx.settings.mailDir}-files`;
    await new FileMailer(dir, 'Recrutement <no-reply@localhost>').send({ to: 'demo@example.test', subject: 'Bonjour', text: 'Lien: http://x/y' });
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(`${dir}/${files[0]}`, 'utf8');
    expect(raw).toMatch(/To: demo@example.test/);
    expect(raw).toContain('Lien: http://x/y');
  });
});
