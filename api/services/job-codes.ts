// Public offer codes (job codes): 6 characters from 0-9 and A-Z without I, O and U, so a code
// read aloud or typed into the app cannot be mistaken (back-office.md section 5: 33 characters).
import crypto from 'node:crypto';
import type { Transaction } from 'sequelize';
import { Offer } from '../../models/index.js';

import { JOB_CODE_ALPHABET } from '../../models/rules/job-code.js';

export { JOB_CODE_ALPHABET };
export const JOB_CODE_LENGTH = 6;

/** A random job code (not checked against the database: see freeJobCode). */
export function newJobCode(): string {
  let code = '';
  for (let i = 0; i < JOB_CODE_LENGTH; i++) code += JOB_CODE_ALPHABET[crypto.randomInt(JOB_CODE_ALPHABET.length)];
  return code;
}

/** A code typed by someone: trimmed and uppercased (codes are case-insensitive on input). */
export function normalizeJobCode(input: string): string {
  return input.trim().toUpperCase();
}

/** Shape of any code that may exist, older ones included: letters and digits, at most 16. */
export const LOOKUP_JOB_CODE = /^[A-Z0-9]{1,16}$/;

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
