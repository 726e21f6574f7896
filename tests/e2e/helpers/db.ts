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

/** A small valid PDF, as a CV. */
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
