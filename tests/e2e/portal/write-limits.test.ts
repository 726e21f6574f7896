// The portal's application form stores in-process (no /apis call): it meets the same
// per-address limit as POST /apis/submit-interest (docs/decisions/095-anonymous-write-limits.md).
// Single-fetch data requests (.data) post the form as the page does. Its own server, so that spending the loopback address's allowance leaves the suite's server alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../helpers/server.js';

let server: RunningServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(async () => server?.stop());

describe('application form of the offer page', () => {
  it('accepts 10 applications from one address in 10 minutes, then answers 429 with the message', async () => {
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 11; i++) {
      const body = new URLSearchParams({ email: `form+${i}@example.fr`, firstname: 'Léa', lastname: 'Dupont', phone_prefix: '+33', phone: '0612345678', accept_cgu: 'on' });
      const res = await fetch(`${server.baseUrl}/candidate/offer/CAFE75.data`, { method: 'POST', body });
      statuses.push(res.status);
      last = await res.text();
    }
    expect(statuses.slice(0, 10), last).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
    expect(last).toContain('too_many_requests');
    expect(last).toContain('Trop de demandes depuis votre connexion');
  });
});
