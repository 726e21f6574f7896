// The daily data-lifecycle jobs (docs/decisions/167-data-lifecycle.md): one recurring task per
// sweep, on the 'lifecycle' queue, enqueued once per day across every process (the queue's unique
// period key), so that any number of servers, workers or `npm run lifecycle -- --run` processes
// run each sweep once a day.
import type { Settings } from '../../config/settings.js';
import type { Storage } from '../integrations/storage.js';
import type { Mailer } from '../integrations/mail.js';
import type { Logger } from 'pino';
import type { RecurringTask } from '../lib/job-queue.js';
import { LIFECYCLE_SWEEPS, runSweep, type LifecycleSweep, type SweepResult } from '../services/platform/lifecycle.service.js';
import { uploadStoreFor } from '../integrations/upload-store.js';

export const LIFECYCLE_QUEUE = 'lifecycle';
export const DAY_MS = 24 * 3600_000;
export const LIFECYCLE_RECURRING: RecurringTask[] = LIFECYCLE_SWEEPS.map((name) => ({ name, everyMs: DAY_MS, queue: LIFECYCLE_QUEUE }));

export interface LifecycleJobDeps {
  settings: Pick<Settings, 'publicUrl' | 'video'>;
  storage: Storage;
  mailer: Mailer;
  logger: Pick<Logger, 'info' | 'warn'>;
  clock: () => Date;
}

/** Runs one sweep for real and logs what it did (the audit log has it too). */
export async function runLifecycleJob(deps: LifecycleJobDeps, name: string, dryRun = false): Promise<SweepResult> {
  const result = await runSweep(
    name as LifecycleSweep,
    { storage: deps.storage, uploads: uploadStoreFor(deps.settings), mailer: deps.mailer, publicUrl: deps.settings.publicUrl, logger: deps.logger },
    deps.clock(),
    dryRun,
  );
  if (result.count) deps.logger.info({ sweep: result.sweep, count: result.count, dryRun }, 'lifecycle sweep');
  return result;
}
