// The baseline for `npm run bench:api`: a bare Express 5 handler answering each benchmarked
// path with the exact bytes the real server gave (read from the JSON file named in argv[2]).
// A signed-in path (decision 396) first runs the SQL statements the app ran for it, one after
// the other through sqlite3 on the real server's database file (argv[4]), then sends its JSON.
import fs from 'node:fs';
import express from 'express';
import sqlite3 from 'sqlite3';

interface Captured {
  path: string;
  status: number;
  contentType: string;
  body: string;
  sql?: string[];
}

const captured = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Captured[];
const port = Number(process.argv[3]);
const db = process.argv[4] ? new sqlite3.Database(process.argv[4], sqlite3.OPEN_READONLY) : undefined;
const all = (sql: string) => new Promise<unknown[]>((resolve, reject) => db!.all(sql, (err: Error | null, rows: unknown[]) => (err ? reject(err) : resolve(rows))));
const app = express();
app.disable('x-powered-by');
for (const c of captured) {
  const body = Buffer.from(c.body, 'base64');
  const statements = c.sql;
  if (statements?.length) {
    const json: unknown = JSON.parse(body.toString('utf8'));
    app.get(c.path, async (_req, res) => {
      for (const sql of statements) await all(sql);
      res.status(c.status).json(json);
    });
    continue;
  }
  app.get(c.path, (_req, res) => {
    res.status(c.status).type(c.contentType).send(body);
  });
}
const server = app.listen(port, '127.0.0.1', () => console.log(`bare listening on ${port}`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
