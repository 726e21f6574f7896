// A webhook receiver on loopback for the tests (decision 480): records every request with its
// headers and body, answers what the test says (200 by default, or a status and headers), and can
// be stopped and started again on the same port (a receiver down for a while).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedHook {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  url(path?: string): string;
  hooks: ReceivedHook[];
  answer: { status: number; headers?: Record<string, string>; body?: string };
  stop(): Promise<void>;
  start(): Promise<void>;
}

export async function startReceiver(host = '127.0.0.1'): Promise<Receiver> {
  const hooks: ReceivedHook[] = [];
  let port = 0;
  let server: http.Server | null = null;
  const receiver: Receiver = {
    hooks,
    answer: { status: 200, body: 'ok' },
    url: (path = '/hooks') => `http://${host.includes(':') ? `[${host}]` : host}:${port}${path}`,
    async start() {
      server = http.createServer((req, res) => {
        let body = '';
        req.setEncoding('utf8');
        req.on('data', (c: string) => (body += c));
        req.on('end', () => {
          hooks.push({ path: req.url ?? '', headers: req.headers, body });
          res.writeHead(receiver.answer.status, receiver.answer.headers ?? {});
          res.end(receiver.answer.body ?? '');
        });
      });
      await new Promise<void>((resolve) => server!.listen(port, host, resolve));
      port = (server!.address() as AddressInfo).port;
    },
    async stop() {
      if (!server) return;
      const s = server;
      server = null;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  await receiver.start();
  return receiver;
}
