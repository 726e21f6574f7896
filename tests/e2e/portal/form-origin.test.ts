// The portal's plain forms (the subscription page's sign-in, the application form, the offer
// wizard) take the API's Origin rule (api/auth/csrf.ts, decision 041): a post from another site,
// or with `Origin: null`, or marked cross-site, is refused before any action runs, signed in or
// not; the page's own posts pass. The subscription page's sign-in counts against the same
// (account, address) limits as POST /apis/auth/login (decision 042), and sets and reads the same
// device cookie (decision 220).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../seeders/demo-data.js';
import { t } from '../../../config/i18n/index.js';
import { buildIfStale } from '../../../scripts/build-if-stale.js';
import { startServer, type RunningServer } from '../../helpers/server.js';

let server: RunningServer;
beforeAll(async () => {
  buildIfStale(() => {});
  // TRUST_PROXY=loopback: each test sends from an address of its own (X-Forwarded-For).
  server = await startServer({ TRUST_PROXY: 'loopback' });
});
afterAll(async () => server?.stop());

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
function post(path: string, body: string, headers: Record<string, string>) {
  return fetch(`${server.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  });
}
const signIn = (email: string, password: string) => form({ intent: 'login', email, password });

describe('portal forms and the Origin rule', () => {
  it('refuses a sign-in posted from another site, with Origin null, or marked cross-site, and sets no cookie', async () => {
    const body = signIn('recruiter@demo.test', DEMO_PASSWORD);
    const forged: Array<Record<string, string>> = [{ origin: 'https://evil.example' }, { origin: 'null' }, { 'sec-fetch-site': 'cross-site' }];
    for (const headers of forged) {
      const res = await post('/portal/franchise_demo', body, { ...headers, 'x-forwarded-for': '203.0.113.10' });
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.headers.get('set-cookie')).toBeNull();
      expect((await res.json()).error).toBe('csrf_refused');
    }
  });

  it("signs in from the page's own origin", async () => {
    const res = await post('/portal/franchise_demo', signIn('recruiter@demo.test', DEMO_PASSWORD), {
      origin: server.baseUrl,
      'sec-fetch-site': 'same-origin',
      'x-forwarded-for': '203.0.113.11',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('set-cookie')).toMatch(/^sid=/);
  });

  it('refuses an application and a wizard step posted from another site', async () => {
    const apply = await post('/candidate/offer/CAFE75', form({ firstname: 'Eve', lastname: 'Forged', email: 'eve@example.test' }), {
      origin: 'https://evil.example',
      'x-forwarded-for': '203.0.113.12',
    });
    expect(apply.status).toBe(403);
    const wizard = await post('/draft/offer/demo-draft-maison-0001/1', form({ title: 'Forged title' }), { origin: 'https://evil.example', 'x-forwarded-for': '203.0.113.12' });
    expect(wizard.status).toBe(403);
    const draft = await fetch(`${server.baseUrl}/apis/draft-offer/demo-draft-maison-0001`);
    expect(JSON.stringify(await draft.json())).not.toContain('Forged title');
  });

  it("counts the page's wrong passwords and the API's against the same (account, address) pair", async () => {
    const from = { origin: server.baseUrl, 'x-forwarded-for': '203.0.113.13' };
    for (let i = 0; i < 3; i++) {
      const res = await post('/portal/franchise_demo', signIn('ghost.pair@example.test', 'wrong1pass'), from);
      expect(res.status).toBe(401);
    }
    const api = () =>
      fetch(`${server.baseUrl}/apis/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...from },
        body: JSON.stringify({ email: 'ghost.pair@example.test', password: 'wrong1pass' }),
      });
    expect((await api()).status).toBe(401);
    expect((await api()).status).toBe(401);
    // The pair's limit (login_too_many), not the account's untrusted budget (login_wait), which
    // another address would meet too.
    const sixth = await api();
    expect(sixth.status).toBe(429);
    expect(await sixth.json()).toMatchObject({ error: 'too_many_requests', message: t('fr', 'login_too_many') });
  });
  it("sets the device cookie with the session; the known browser still signs in on the page while strangers spent the account's untrusted budget", async () => {
    const email = 'manager.lyon@demo.test';
    const first = await post('/portal/franchise_demo', signIn(email, DEMO_PASSWORD), { origin: server.baseUrl, 'x-forwarded-for': '203.0.113.20' });
    expect(first.status).toBe(302);
    const cookies = first.headers.getSetCookie();
    expect(cookies.map((c) => c.split('=')[0])).toEqual(['sid', 'did']);
    expect(cookies[1]).toMatch(/HttpOnly/i);
    expect(cookies[1]).toMatch(/SameSite=Lax/i);
    const device = cookies[1].split(';')[0];
    // Ten wrong passwords from ten addresses through the API.
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${server.baseUrl}/apis/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: server.baseUrl, 'x-forwarded-for': `203.0.113.${30 + i}` },
        body: JSON.stringify({ email, password: `guess${i}pass` }),
      });
      expect(res.status).toBe(401);
    }
    // A browser the account does not know is told how long to wait, in words.
    const stranger = await post('/portal/franchise_demo', signIn(email, DEMO_PASSWORD), { origin: server.baseUrl, 'x-forwarded-for': '203.0.113.50' });
    expect(stranger.status).toBe(429);
    const html = await stranger.text();
    expect(html).toMatch(/Trop de tentatives sur ce compte\. Merci de réessayer dans \d+ s\./);
    expect(html).not.toContain('{seconds}');
    // In the page's language.
    const english = await post('/portal/franchise_demo?lang=en', signIn(email, DEMO_PASSWORD), { origin: server.baseUrl, 'x-forwarded-for': '203.0.113.52' });
    expect(english.status).toBe(429);
    expect(await english.text()).toMatch(/Too many attempts on this account\. Please try again in \d+ s\./);
    // The owner's browser, known by its cookie, signs in, and comes back to the page in its language.
    const known = await post('/portal/franchise_demo?lang=en', signIn(email, DEMO_PASSWORD), { origin: server.baseUrl, 'x-forwarded-for': '203.0.113.51', cookie: device });
    expect(known.status).toBe(302);
    expect(known.headers.get('location')).toBe('/portal/franchise_demo?lang=en');
    expect(known.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['sid', 'did']);
  });
});
