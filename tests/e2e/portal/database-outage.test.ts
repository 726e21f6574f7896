// Issue 22: a page whose loader needs the database while it cannot be reached answers 503 with the
// translated "try again in a moment" text, never 500 (docs/decisions/201-database-outage-is-503.md).
// The compiled server in production mode, on a MariaDB database reached through a TCP relay that
// the test cuts (connections reset, then refused).
import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../helpers/server.js';
import { startTcpCut, type TcpCut } from '../../helpers/tcp-cut.js';

const MYSQL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const name = `t_outage_${crypto.randomBytes(4).toString('hex')}`;
let relay: TcpCut;
let server: RunningServer;

beforeAll(async () => {
  const admin = await mysql.createConnection(MYSQL);
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await admin.end();
  const url = new URL(MYSQL);
  relay = await startTcpCut({ host: url.hostname, port: Number(url.port || 3306) });
  url.port = String(relay.port);
  url.pathname = `/${name}`;
  server = await startServer({ DATABASE_URL: url.toString(), DEMO_DATA: '0', LOG_LEVEL: 'silent' });
});

afterAll(async () => {
  await server?.stop();
  await relay?.close();
  const admin = await mysql.createConnection(MYSQL);
  await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
  await admin.end();
});

describe('a page while the database is cut', () => {
  it('answers 503 with the unavailable text in French, English by Accept-Language, then the page again once it is back', async () => {
    const page = `${server.baseUrl}/draft/offer/${'a'.repeat(32)}`;
    const before = await fetch(page);
    expect(before.status).toBe(404);
    await before.text();
    await relay.cut();
    const fr = await fetch(page);
    const frHtml = await fr.text();
    expect(fr.status).toBe(503);
    expect(frHtml).toContain('Service momentanément indisponible');
    expect(frHtml).toContain('Merci de réessayer dans quelques instants.');
    expect(frHtml).not.toMatch(/ECONN|Sequelize|unavailable_/);
    const en = await fetch(page, { headers: { 'Accept-Language': 'en-GB,en;q=0.9' } });
    const enHtml = await en.text();
    expect(en.status).toBe(503);
    expect(enHtml).toContain('The service is temporarily unavailable. Please try again in a moment.');
    await relay.restore();
    const after = await fetch(page);
    expect(after.status).toBe(404);
  }, 60_000);
});
