// A private MariaDB for fault tests (tests/reliability/): its own data folder under the system's
// temporary folder, its own free port on 127.0.0.1, never the shared instance. The test can kill
// it with SIGKILL and start it again on the same folder and port. stop() ends it (by its pid) and
// removes the folder.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import mysql from 'mysql2/promise';
import { freePort } from './ports.js';

const run = promisify(execFile);

export interface PrivateMariaDb {
  port: number;
  /** mysql://root@127.0.0.1:<port>/<database> */
  url(database: string): string;
  /** kill -9 of the server process; resolves once it is gone. */
  kill9(): Promise<void>;
  /** Starts the server again on the same folder and port; resolves when it accepts connections. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrivateMariaDb(): Promise<PrivateMariaDb> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vrp-mariadb-'));
  const datadir = path.join(dir, 'data');
  const user = os.userInfo().username;
  await run('mariadb-install-db', ['--no-defaults', '--auth-root-authentication-method=normal', `--datadir=${datadir}`, `--user=${user}`, '--skip-test-db'], { timeout: 120_000 });
  const port = await freePort();
  let child: ChildProcess | null = null;
  let log = '';

  const launch = async () => {
    log = '';
    child = spawn(
      '/usr/sbin/mariadbd',
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        `--socket=${path.join(dir, 's')}`,
        `--pid-file=${path.join(dir, 'pid')}`,
        `--port=${port}`,
        '--bind-address=127.0.0.1',
        `--user=${user}`,
        '--skip-log-bin',
        '--innodb-buffer-pool-size=32M',
        '--max-connections=200',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (d) => (log += String(d)));
    child.stderr?.on('data', (d) => (log += String(d)));
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      if (child.exitCode !== null) throw new Error(`mariadbd exited (${child.exitCode}):\n${log}`);
      try {
        const c = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root' });
        await c.end();
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    throw new Error(`mariadbd did not answer in 60 s:\n${log}`);
  };

  const exited = (c: ChildProcess) => (c.exitCode !== null || c.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => c.once('exit', () => r())));

  await launch();
  return {
    port,
    url: (database) => `mysql://root@127.0.0.1:${port}/${database}`,
    async kill9() {
      const c = child!;
      c.kill('SIGKILL');
      await exited(c);
    },
    restart: launch,
    async stop() {
      const c = child;
      if (c && c.exitCode === null && c.signalCode === null) {
        c.kill('SIGTERM');
        await exited(c);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
