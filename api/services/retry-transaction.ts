// Staff actions touch several tables and the user counters at once; on MariaDB two of them may
// deadlock (InnoDB then rolls one back). The rolled-back one is safe to run again, so we do.
import type { Transaction } from 'sequelize';
import { transaction } from '../../models/index.js';

const RETRYABLE = new Set([1213, 1205]); // ER_LOCK_DEADLOCK, ER_LOCK_WAIT_TIMEOUT

function errno(e: unknown): number | undefined {
  const err = e as { parent?: { errno?: number }; original?: { errno?: number } };
  return err?.parent?.errno ?? err?.original?.errno;
}

export async function retryingTransaction<T>(fn: (t: Transaction) => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await transaction(fn);
    } catch (e) {
      if (i >= attempts || !RETRYABLE.has(errno(e) ?? 0)) throw e;
      await new Promise((r) => setTimeout(r, 5 * i + Math.random() * 20));
    }
  }
}
