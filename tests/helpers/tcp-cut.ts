// A TCP relay on 127.0.0.1 in front of a server (MariaDB), that a test can cut like a network
// failure: cut() resets every open connection (statements in flight lose their connection) and
// refuses new ones (the port stops listening); restore() listens again on the same port.
import net from 'node:net';
import { freePort } from './ports.js';

export interface TcpCut {
  port: number;
  /** Resets the open connections and stops listening: the database is unreachable. */
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpCut(target: { host: string; port: number }): Promise<TcpCut> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = () => new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const stop = () => new Promise<void>((r) => server.close(() => r()));
  await listen();
  return {
    port,
    async cut() {
      const closed = stop();
      for (const s of sockets) s.resetAndDestroy();
      await closed;
    },
    restore: listen,
    async close() {
      for (const s of sockets) s.destroy();
      if (server.listening) await stop();
    },
  };
}
