// Reads the running server's SQLite database (read-only) to check what a page stored.
import path from 'node:path';
import sqlite3 from 'sqlite3';
import { inject } from 'vitest';

export function query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
  const file = path.join(inject('dataDir'), 'server.sqlite');
  return new Promise((resolve, reject) => {
    const db = new sqlite3.Database(file, sqlite3.OPEN_READONLY, (err) => {
      if (err) return reject(err);
      db.all(sql, params, (e, rows) => {
        db.close();
        if (e) reject(e);
        else resolve(rows as T[]);
      });
    });
  });
}
