// SAML single sign-on against a real identity provider on loopback (saml-idp), end to end, and
// the refusals: each hand-made response differs from an accepted one by exactly one thing.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import request from 'supertest';
import { makeUser } from '../helpers/fixtures.js';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { signInAtIdp, startIdp, makeKeyPair, type TestIdp } from '../helpers/saml-idp.js';
import { buildResponse, requestIdOf, type ResponseOptions } from '../helpers/saml-response.js';
import { createApp } from '../../api/app.js';
import { Session, SsoProvider, SsoProviderDomain, User } from '../../models/index.js';
import { saveSsoProvider } from '../../api/services/identity/sso.service.js';
import { AppError } from '../../api/lib/errors.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PUBLIC = 'http://127.0.0.1:3999';
const ACS = `${PUBLIC}/apis/sso/acme/acs`;
const ENTITY = `${PUBLIC}/apis/sso/acme/metadata`;

let ctx: TestContext;
let idp: TestIdp;

beforeAll(async () => {
  ctx = await createTestContext();
  vi.spyOn(ctx.deps.logger, 'warn');
  idp = await startIdp({ acsUrl: ACS, audience: ENTITY, issuer: 'urn:test:idp' });
  await saveSsoProvider({
    identifier: 'acme',
    name: 'Acme Retail',
    entry_point: idp.ssoUrl,
    idp_issuer: idp.issuer,
    idp_cert: idp.cert,
    default_profile: 'recruiter',
    domains: ['acme.test', 'ACME-group.test'],
  });
}, 60_000);
afterAll(async () => {
  await idp?.close();
  await ctx?.close();
});

const sidCookie = (res: request.Response) =>
  ([] as string[])
    .concat(res.headers['set-cookie'] ?? [])
    .find((c) => c.startsWith('sid='))
    ?.split(';')[0];

async function startLogin(app = ctx.app, relay?: string): Promise<string> {
  const res = await request(app).get(`/apis/sso/acme/login${relay ? `?RelayState=${encodeURIComponent(relay)}` : ''}`);
  expect(res.status).toBe(302);
  expect(res.headers.location.startsWith(`${idp.ssoUrl}?SAMLRequest=`)).toBe(true);
  return res.headers.location;
}

function postAcs(fields: Record<string, string | null>, app = ctx.app) {
  const body = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null)) as Record<string, string>;
  return request(app).post('/apis/sso/acme/acs').set('Origin', idp.url).type('form').send(body);
}

function opts(over: Partial<ResponseOptions>): ResponseOptions {
  return { key: idp.key, cert: idp.cert, issuer: idp.issuer, acsUrl: ACS, audience: ENTITY, email: 'hand.made@acme.test', ...over };
}

/** The reason the server logged for its last refusal: answers carry only a stable code and
 *  message, never the XML parser's or the SAML library's text. */
function loggedReason(): string {
  const calls = vi.mocked(ctx.deps.logger.warn).mock.calls;
  return String((calls.at(-1)?.[0] as { reason?: unknown } | undefined)?.reason ?? '');
}

async function expectRefused(res: request.Response, code = 'sso_failed') {
  expect(res.body.details).toBeUndefined();
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body.error).toBe(code);
  expect(typeof res.body.message).toBe('string');
  expect(sidCookie(res)).toBeUndefined();
}

describe('provider records', () => {
  it('validates and replaces a provider, one owner per domain', async () => {
    const base = { identifier: 'beta', name: 'Beta', entry_point: 'https://idp.beta.test/sso', idp_cert: idp.cert, domains: ['beta.test'] };
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'saved',
        (e: AppError) => e.code,
      );
    expect(await codeOf(saveSsoProvider({ ...base, idp_cert: 'not a certificate' }))).toBe('invalid_idp_cert');
    expect(await codeOf(saveSsoProvider({ ...base, entry_point: 'javascript:alert(1)' }))).toBe('invalid_entry_point');
    expect(await codeOf(saveSsoProvider({ ...base, domains: ['bad domain'] }))).toBe('invalid_domain');
    expect(await codeOf(saveSsoProvider({ ...base, identifier: 'a/b' }))).toBe('invalid_identifier');
    expect(await codeOf(saveSsoProvider({ ...base, domains: ['acme.test'] }))).toBe('domain_taken');
    expect(await SsoProvider.count({ where: { identifier: 'beta' } })).toBe(0);
    const saved = await saveSsoProvider({ ...base, idp_cert: idp.cert.replace(/-----[A-Z ]+-----/g, '').replace(/\s/g, '') });
    await saveSsoProvider({ ...base, domains: ['beta.test', 'beta.example'] });
    expect((await SsoProviderDomain.findAll({ where: { sso_provider_id: saved.id } })).map((d) => d.domain).sort()).toEqual(['beta.example', 'beta.test']);
    expect(await SsoProvider.count({ where: { identifier: 'beta' } })).toBe(1);
  });
});

describe('provider lookup', () => {
  it('finds the provider by email domain', async () => {
    const res = await request(ctx.app).post('/apis/sso-get-identifier').send({ email: 'Someone@ACME-group.test' });
    expect(res.body).toEqual({ success: true, email_domain: 'acme-group.test', identifier: 'acme' });
    const none = await request(ctx.app).post('/apis/sso-get-identifier').send({ email: 'someone@elsewhere.test' });
    expect(none.body).toEqual({ success: false, email_domain: 'elsewhere.test', identifier: null });
    expect((await request(ctx.app).post('/apis/sso-get-identifier').send({})).status).toBe(400);
  });

  it('publishes SP metadata with the ACS address and signed assertions wanted', async () => {
    const res = await request(ctx.app).get('/apis/sso/acme/metadata');
    expect(res.status).toBe(200);
    expect(res.text).toContain(`entityID="${ENTITY}"`);
    expect(res.text).toContain(`Location="${ACS}"`);
    expect(res.text).toContain('WantAssertionsSigned="true"');
    expect((await request(ctx.app).get('/apis/sso/nope/metadata')).status).toBe(404);
  });

  it('refuses an unsafe RelayState on the sign-in redirect', async () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const res = await request(ctx.app).get(`/apis/sso/acme/login?RelayState=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
    }
  });
});

describe('sign-in through the real IdP', () => {
  it('creates the user just in time, opens a cookie session and redirects to the dashboard', async () => {
    const redirect = await startLogin();
    const posted = await signInAtIdp(idp, redirect, { email: 'Alice.Martin@acme.test', firstName: 'Alice', lastName: 'Martin' });
    expect(posted.action).toBe(ACS);
    const res = await postAcs({ SAMLResponse: posted.SAMLResponse, RelayState: posted.RelayState });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const raw = ([] as string[]).concat(res.headers['set-cookie'])[0];
    expect(raw).toMatch(/HttpOnly/i);
    expect(raw).toMatch(/SameSite=Lax/i);
    const me = await request(ctx.app).get('/apis/auth/me').set('Cookie', sidCookie(res)!);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: 'alice.martin@acme.test', name: 'Alice Martin', profile: 'recruiter', is_admin: false });
    const stored = (await User.findOne({ where: { email: 'alice.martin@acme.test' } }))!;
    const provider = (await SsoProvider.findOne({ where: { identifier: 'acme' } }))!;
    expect(stored.sso_provider_id).toBe(provider.id);
    expect(stored.password_hash).toBeNull();
    expect(stored.last_co).not.toBeNull();
  });

  it('signs an existing user in (no duplicate), honours a same-site RelayState and ends the previous session', async () => {
    const before = await User.count();
    const redirect = await startLogin(ctx.app, '/manager/offers');
    const posted = await signInAtIdp(idp, redirect, { email: 'alice.martin@acme.test' });
    expect(posted.RelayState).toBe('/manager/offers');
    const older = await makeUser({ email: 'older@example.test' });
    const { createSession } = await import('../../api/auth/sessions.js');
    const oldSid = `sid=${await createSession(older.id, 'cookie', new Date())}`;
    const res = await postAcs({ SAMLResponse: posted.SAMLResponse, RelayState: posted.RelayState }).set('Cookie', oldSid);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/manager/offers');
    expect(await User.count()).toBe(before + 1); // only the "older" user made above
    expect((await request(ctx.app).get('/apis/auth/me').set('Cookie', oldSid)).status).toBe(401);
    expect((await request(ctx.app).get('/apis/auth/me').set('Cookie', sidCookie(res)!)).body.email).toBe('alice.martin@acme.test');
  });

  it('keeps an SSO account off password sign-in and password reset', async () => {
    const { hashPassword } = await import('../../api/auth/passwords.js');
    const u = (await User.findOne({ where: { email: 'alice.martin@acme.test' } }))!;
    await u.update({ password_hash: await hashPassword('secret12') });
    const res = await request(ctx.app).post('/apis/auth/login').send({ email: 'alice.martin@acme.test', password: 'secret12' });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_credentials');
    const forgot = await request(ctx.app).post('/apis/auth/forgot-password').send({ email: 'alice.martin@acme.test' });
    expect(forgot.status).toBe(200);
    const { PasswordResetCode } = await import('../../models/index.js');
    expect(await PasswordResetCode.count({ where: { user_id: u.id } })).toBe(0);
  });

  it('sends a staff member to /admin and a manager to /manager', async () => {
    const admin = await makeUser({ email: 'boss@acme.test', is_admin: true, profile: 'recruiter' });
    const manager = await makeUser({ email: 'chief@acme.test', profile: 'recruiter', user_plan: 'aplan' });
    for (const [u, where] of [
      [admin, '/admin'],
      [manager, '/manager'],
    ] as const) {
      const posted = await signInAtIdp(idp, await startLogin(), { email: u.email });
      const res = await postAcs({ SAMLResponse: posted.SAMLResponse, RelayState: posted.RelayState });
      expect(res.headers.location).toBe(where);
    }
  });

  it('keeps the issued request ids in the database: another process receives the answer', async () => {
    const other = createApp(ctx.deps); // a second app = a second strategy and its own memory
    const posted = await signInAtIdp(idp, await startLogin(ctx.app), { email: 'bob.durand@acme.test' });
    const res = await postAcs({ SAMLResponse: posted.SAMLResponse, RelayState: posted.RelayState }, other);
    expect(res.status).toBe(303);
    expect(sidCookie(res)).toBeDefined();
  });
});

describe('refusals (clear error, no session)', () => {
  it('accepts the hand-made response when nothing is wrong (control for the cases below)', async () => {
    const requestId = requestIdOf(await startLogin());
    const res = await postAcs({ SAMLResponse: buildResponse(opts({ inResponseTo: requestId })) });
    expect(res.status).toBe(303);
    expect(sidCookie(res)).toBeDefined();
  });

  it('answers malformed XML with a stable code and message, and logs the parser text', async () => {
    const res = await postAcs({ SAMLResponse: Buffer.from('<samlp:Response><unclosed').toString('base64') });
    await expectRefused(res);
    expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
    expect(res.body.message).toBe('La connexion d’entreprise a échoué : la réponse du fournisseur d’identité a été refusée.');
    expect(loggedReason()).not.toBe('');
  });

  it('refuses an unsigned assertion', async () => {
    const requestId = requestIdOf(await startLogin());
    const res = await postAcs({ SAMLResponse: buildResponse(opts({ inResponseTo: requestId, sign: false })) });
    await expectRefused(res);
    expect(loggedReason()).toMatch(/signature/i);
  });

  it('refuses an assertion signed by another key', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-rogue-'));
    const rogue = makeKeyPair(dir, 'Rogue');
    const requestId = requestIdOf(await startLogin());
    const res = await postAcs({ SAMLResponse: buildResponse(opts({ inResponseTo: requestId, key: rogue.key, cert: rogue.cert })) });
    await expectRefused(res);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses signature wrapping: an unsigned assertion next to the signed one', async () => {
    const requestId = requestIdOf(await startLogin());
    const res = await postAcs({
      SAMLResponse: buildResponse(opts({ inResponseTo: requestId, email: 'intern@acme.test', wrappedEmail: 'ceo@acme.test' })),
    });
    await expectRefused(res);
    expect(await User.count({ where: { email: ['ceo@acme.test', 'intern@acme.test'] } })).toBe(0);
  });

  it('refuses a comment injected into the NameID', async () => {
    const requestId = requestIdOf(await startLogin());
    // Signed over "carol@acme.test.evil.example" (comments are not signed); a careless reader sees "carol@acme.test".
    const res = await postAcs({
      SAMLResponse: buildResponse(opts({ inResponseTo: requestId, email: 'x', nameIdXml: 'carol@acme.test<!---->.evil.example' })),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(['sso_failed', 'sso_domain_refused']).toContain(res.body.error);
    expect(sidCookie(res)).toBeUndefined();
    expect(await User.count({ where: { email: 'carol@acme.test' } })).toBe(0);
  });

  it('refuses a wrong audience', async () => {
    const requestId = requestIdOf(await startLogin());
    const res = await postAcs({ SAMLResponse: buildResponse(opts({ inResponseTo: requestId, audience: 'https://other-sp.example/metadata' })) });
    await expectRefused(res);
    expect(loggedReason()).toMatch(/audience/i);
  });

  it('refuses an expired assertion', async () => {
    const requestId = requestIdOf(await startLogin());
    const past = Date.now() - 10 * 60_000;
    const res = await postAcs({
      SAMLResponse: buildResponse(opts({ inResponseTo: requestId, notBefore: new Date(past - 5 * 60_000), notOnOrAfter: new Date(past) })),
    });
    await expectRefused(res);
    expect(loggedReason()).toMatch(/expired|NotOnOrAfter|subject confirmation/i);
  });

  it('refuses a replayed response (the same one twice), also when both copies arrive at once', async () => {
    const posted = await signInAtIdp(idp, await startLogin(), { email: 'replay@acme.test' });
    const first = await postAcs({ SAMLResponse: posted.SAMLResponse });
    expect(first.status).toBe(303);
    await expectRefused(await postAcs({ SAMLResponse: posted.SAMLResponse }));

    const again = await signInAtIdp(idp, await startLogin(), { email: 'replay@acme.test' });
    const sessionsBefore = await Session.count();
    const both = await Promise.all([postAcs({ SAMLResponse: again.SAMLResponse }), postAcs({ SAMLResponse: again.SAMLResponse })]);
    expect(both.filter((r) => r.status === 303)).toHaveLength(1);
    expect(await Session.count()).toBe(sessionsBefore + 1);
  });

  it('refuses a response to a request this server never made, and one with no request at all', async () => {
    await expectRefused(await postAcs({ SAMLResponse: buildResponse(opts({ inResponseTo: '_never_issued_by_us' })) }));
    const unsolicited = await postAcs({ SAMLResponse: buildResponse(opts({ inResponseTo: null })) });
    await expectRefused(unsolicited);
    expect(loggedReason()).toMatch(/InResponseTo/i);
  });

  it('refuses an email outside the provider domains (real IdP)', async () => {
    const posted = await signInAtIdp(idp, await startLogin(), { email: 'mallory@evil.example' });
    const res = await postAcs({ SAMLResponse: posted.SAMLResponse });
    await expectRefused(res, 'sso_domain_refused');
    expect(res.status).toBe(403);
    expect(await User.count({ where: { email: 'mallory@evil.example' } })).toBe(0);
  });

  it('answers a browser with a readable page', async () => {
    const res = await request(ctx.app).post('/apis/sso/acme/acs').set('Accept', 'text/html').type('form').send({ SAMLResponse: 'bm9wZQ==' });
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/html/);
    expect(res.text).toContain('La connexion d’entreprise a échoué');
  });

  it('answers an unknown provider with 404', async () => {
    expect((await request(ctx.app).get('/apis/sso/unknown/login')).status).toBe(404);
    expect((await postAcs({ SAMLResponse: 'x' }).then(() => request(ctx.app).post('/apis/sso/unknown/acs').type('form').send({ SAMLResponse: 'x' }))).status).toBe(404);
  });
});
