// The real server's static files (portal build, favicon, default avatars) carry nosniff
// (issue 10, finding 10), and sign-in from another site is refused while the page's own works.
import { describe, expect, it } from 'vitest';
import { baseUrl } from '../helpers/browser.js';

describe('static files of the running server', () => {
  it('send X-Content-Type-Options: nosniff on /favicon.svg, the portal assets and /files/avatar', async () => {
    const home = await (await fetch(`${baseUrl()}/`)).text();
    const asset = /\/assets\/[^"']+\.js/.exec(home)?.[0];
    expect(asset).toBeTruthy();
    for (const path of ['/favicon.svg', asset!, '/files/avatar/icon_company.png']) {
      const res = await fetch(`${baseUrl()}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('refuses a cross-site form sign-in on the real server', async () => {
    const res = await fetch(`${baseUrl()}/apis/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'email=candidate%40demo.test&password=demo1234',
    });
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});
