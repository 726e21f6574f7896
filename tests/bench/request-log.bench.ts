// npx tsx tests/bench/request-log.bench.ts — what a request log line costs, in CPU per request.
// One process serves a tiny JSON answer through Express with no request log, with pino-http's
// default configuration (the one we had) and with api/app.ts's compact requestLog, and sends it
// sequential keep-alive requests; variants alternate for several rounds and the best round of
// each is kept, so other work on the machine matters less than in bench:api.
import http from 'node:http';
import express, { type RequestHandler } from 'express';
import { pino } from 'pino';
import { pinoHttp } from 'pino-http';
import { loadSettings } from '../../config/settings.js';
import { requestLog } from '../../api/app.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const logger = pino({ level: 'info' }, pino.destination({ dest: '/dev/null', sync: true }));
const settings = loadSettings({ NODE_ENV: 'production' });
const body = { offers: Array.from({ length: 5 }, (_, i) => ({ job_code: `CAFE7${i}`, title: 'Serveur / Serveuse en café' })) };

const variants: Record<string, RequestHandler | null> = {
  'no request log': null,
  'pino-http default': pinoHttp({ logger, quietReqLogger: true }),
  'compact (api/app.ts)': requestLog({ logger, settings }),
};

async function run(mw: RequestHandler | null): Promise<number> {
  const app = express();
  if (mw) app.use(mw);
  app.get('/x', (_req, res) => {
    res.json(body);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  const { port } = server.address() as { port: number };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<void>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path: '/x?q=someone%40example.test', agent, headers: { cookie: 'sid=abc', authorization: 'Bearer xyz' } }, (res) => {
          res.resume();
          res.on('end', resolve);
        })
        .on('error', reject);
    });
  for (let i = 0; i < 500; i++) await get(); // warm-up
  const start = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) await get();
  const used = process.cpuUsage(start);
  agent.destroy();
  await new Promise((r) => server.close(r));
  return (used.user + used.system) / REQUESTS;
}

const best = new Map<string, number>();
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, mw] of Object.entries(variants)) {
    const us = await run(mw);
    best.set(name, Math.min(best.get(name) ?? Infinity, us));
  }
}
const base = best.get('no request log')!;
console.log(`${REQUESTS} requests x ${ROUNDS} rounds, best round, CPU of client and server in one process`);
for (const [name, us] of best) console.log(`${name.padEnd(22)} ${us.toFixed(0).padStart(5)} µs/req  (+${(us - base).toFixed(0)} µs for the log)`);
