// Graceful stop (issue 10, "Several nodes"): on SIGTERM /readyz turns 503 at once while requests
// are still served; then the server stops accepting, a request in flight finishes and is stored,
// and only then is the database closed and the process told to exit 0.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers/app.js';
import { makeOffer, makeUser } from '../helpers/fixtures.js';
import { Readiness } from '../../api/lib/readiness.js';
import { gracefulStop } from '../../api/lib/shutdown.js';
import { LandingInterest, type Offer } from '../../models/index.js';

let ctx: TestContext;
let offer: Offer;
const readiness = new Readiness();
beforeAll(async () => {
  ctx = await createTestContext({}, { readiness });
  offer = await makeOffer(await makeUser({ profile: 'recruiter' }));
});
afterAll(async () => ctx?.close());

function get(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      })
      .on('error', reject);
  });
}

describe('graceful stop', () => {
  it('turns /readyz 503 at once, drains the request in flight, then closes and exits 0', async () => {
    const server = http.createServer(ctx.app);
    const events: string[] = [];
    // The server side of the request in flight: when its answer has been handed to the socket.
    server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
      if (req.method === 'POST') res.on('finish', () => events.push('answered'));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    const exited = new Promise<number>((resolve) => {
      const stop = gracefulStop({
        server,
        readiness,
        delayMs: 300,
        timeoutMs: 5_000,
        close: async () => {
          events.push('close');
        },
        exit: (code) => {
          events.push(`exit ${code}`);
          resolve(code);
        },
      });
      (globalThis as { stopNow?: () => void }).stopNow = () => stop('SIGTERM');
    });
    expect(await get(port, '/readyz')).toBe(200);

    // A request in flight: its body arrives in two halves, the second one after the stop began.
    const body = JSON.stringify({ job_code: offer.job_code, email: 'en.vol@example.fr', phone_number: '+33 6 12 34 56 78', firstname: 'Inès', lastname: 'Vol', accept_cgu: true });
    const inFlight = new Promise<number>((resolve, reject) => {
      const req = http.request(
        { host: '127.0.0.1', port, path: '/apis/submit-interest', method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode!));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => req.end(body.slice(20)), 700);
    });
    await new Promise((r) => setTimeout(r, 50));

    (globalThis as { stopNow?: () => void }).stopNow!();
    // During the delay the node still answers, and says it is not ready.
    expect(await get(port, '/readyz')).toBe(503);
    expect(await get(port, '/livez')).toBe(200);
    // After the delay it accepts no new connection.
    await new Promise((r) => setTimeout(r, 450));
    await expect(get(port, '/livez')).rejects.toThrow();
    expect(events).toEqual([]);

    expect(await inFlight).toBe(201);
    expect(await exited).toBe(0);
    expect(events).toEqual(['answered', 'close', 'exit 0']);
    expect(await LandingInterest.count({ where: { email: 'en.vol@example.fr' } })).toBe(1);
  });
});
