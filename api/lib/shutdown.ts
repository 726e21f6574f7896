// Graceful stop of the HTTP server (docs/decisions/092-health-livez-readyz.md): /readyz turns 503
// at once so that the balancer stops sending new requests; after `delayMs` the server stops
// accepting connections, the requests in flight finish (idle keep-alive connections are closed as
// they become idle), then `close` runs (the database) and `exit(0)`. After `timeoutMs` the
// remaining connections are cut and `exit(1)`.
import type http from 'node:http';
import type { Readiness } from './readiness.js';

export interface GracefulStopOptions {
  server: http.Server;
  readiness: Readiness;
  delayMs: number;
  timeoutMs: number;
  /** Closes what the process holds (the database), after the last request. */
  close: () => Promise<void>;
  exit: (code: number) => void;
  log?: (message: string, fields?: object) => void;
}

/** Returns the stop function to call on SIGTERM/SIGINT; calling it again does nothing. */
export function gracefulStop(opts: GracefulStopOptions): (signal: string) => void {
  const { server, readiness, log = () => undefined } = opts;
  let stopping = false;
  return (signal) => {
    if (stopping) return;
    stopping = true;
    readiness.drain();
    log('stopping: not ready, draining', { signal, delayMs: opts.delayMs });
    setTimeout(() => {
      const force = setTimeout(() => {
        log('stopping: requests still in flight, closing their connections');
        server.closeAllConnections();
        opts.exit(1);
      }, opts.timeoutMs);
      force.unref();
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      idle.unref();
      server.close(() => {
        clearInterval(idle);
        clearTimeout(force);
        void opts
          .close()
          .catch(() => undefined)
          .then(() => {
            log('stopped');
            opts.exit(0);
          });
      });
      server.closeIdleConnections();
    }, opts.delayMs).unref();
  };
}
