// Drawing a public offer code (job code) no offer uses yet. The codes' rules (alphabet, length,
// shape, normalization) live in models/rules/job-code.ts; this module only adds the database.
import crypto from 'node:crypto';
import type { Transaction } from 'sequelize';
import { Offer } from '../../../models/index.js';
import { JOB_CODE_ALPHABET, JOB_CODE_LENGTH } from '../../../models/rules/job-code.js';

/** A random job code (not checked against the database: see freeJobCode). */
export function newJobCode(): string {
  let code = '';
  for (let i = 0; i < JOB_CODE_LENGTH; i++) code += JOB_CODE_ALPHABET[crypto.randomInt(JOB_CODE_ALPHABET.length)];
  return code;
}

/**
 * A new code no offer uses yet, checked inside the caller's transaction. The unique index on
 * offers.job_code still guards the race between this check and the insert: callers retry the
 * transaction on a UniqueConstraintError (see withJobCodeRetry).
 */
export async function freeJobCode(transaction?: Transaction, attempts = 10): Promise<string> {
  for (let i = 0; i < attempts; i++) {
    const code = newJobCode();
    const taken = await Offer.count({ where: { job_code: code }, transaction });
    if (taken === 0) return code;
  }
  throw new Error('no free job code after several attempts');
}

/** Runs fn again (a new transaction each time) when a job code collided at insert time. */
export async function withJobCodeRetry<T>(fn: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (!isJobCodeCollision(e) || i >= attempts) throw e;
    }
  }
}

/** A unique-key violation on offers.job_code (the field list differs between SQLite and MariaDB). */
export function isJobCodeCollision(e: unknown): boolean {
  const err = e as { name?: string; fields?: unknown; parent?: { message?: string } };
  if (err?.name !== 'SequelizeUniqueConstraintError') return false;
  return `${JSON.stringify(err.fields ?? {})} ${err.parent?.message ?? ''}`.includes('job_code');
}
