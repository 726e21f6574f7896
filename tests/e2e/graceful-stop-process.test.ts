// Graceful stop of the real process, as `npm start` runs it (issue 10, "Several nodes"): SIGTERM
// while an application is being sent. /readyz answers 503 during SHUTDOWN_DELAY_MS while other
// requests are still served, the application in flight is answered 2xx and stored, and the process
// exits 0. tests/api/graceful-stop.test.ts checks the same order on gracefulStop itself; this one
// checks scripts/server.ts's wiring (signal, settings, database closed after the last request).
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Sequelize, QueryTypes } from 'sequelize';
import { buildIfStale } from '../../scripts/build-if-stale.js';
import { startServer, type RunningServer } from '../helpers/server.js';

let server: RunningServer;
beforeAll(async () => {
  buildIfStale(() => {});
  server = await startServer({ SHUTDOWN_DELAY_MS: '1500', SHUTDOWN_TIMEOUT_MS: '10000' });
});
afterAll(async () => server?.stop());

const status = async (url: string) => (await fetch(url)).status;

describe('the server process on SIGTERM', () => {
  it('says 503 on /readyz, answers and stores the application in flight, then exits 0', async () => {
    const email = `drain.${Date.now()}@example.test`;
    const body = JSON.stringify({ job_code: 'CAFE75', email, phone_number: '+33 6 12 34 56 78', firstname: 'Léa', lastname: 'Vidal', accept_cgu: true });
    const { port } = new URL(server.baseUrl);
    // The application starts: headers and half of its body reach the server before SIGTERM.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(port),
          method: 'POST',
          path: '/apis/submit-interest',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => (text += d));
          res.on('end', () => resolve({ status: res.statusCode!, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 40));
      // The rest once the node has been told to stop and says so on /readyz.
      void waitForReadyz503().then(
        () => req.end(body.slice(40)),
        (e: unknown) => reject(e as Error),
      );
    });
    expect(await status(`${server.baseUrl}/readyz`)).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    process.kill(server.pid, 'SIGTERM');

    const done = await answer;
    expect(done.status, done.text).toBeLessThan(300);
    expect(await server.exited).toBe(0);
    // Stored: the database file the process used, read after it closed it.
    const db = new Sequelize({ dialect: 'sqlite', storage: path.join(server.dataDir, 'server.sqlite'), logging: false });
    try {
      const rows = await db.query<{ n: number }>('SELECT COUNT(*) AS n FROM landing_interests WHERE email = ?', { replacements: [email], type: QueryTypes.SELECT });
      expect(Number(rows[0].n)).toBe(1);
    } finally {
      await db.close();
    }
  });
});

/** /readyz turns 503 at once after SIGTERM, while the node still answers (SHUTDOWN_DELAY_MS). */
async function waitForReadyz503(): Promise<void> {
  const until = Date.now() + 5_000;
  while (Date.now() < until) {
    if ((await status(`${server.baseUrl}/readyz`)) === 503) {
      // Still serving other requests meanwhile.
      expect(await status(`${server.baseUrl}/livez`)).toBe(200);
      return;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('/readyz did not answer 503 within 5 s of SIGTERM');
}
