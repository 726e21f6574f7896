// The Jobs resource's action: retry runs a failed (or waiting) job again now, with fresh attempts.
import type { ServerPart } from '../types.js';
import { retryJob } from '../../lib/job-queue.js';
import { notFound } from '../../lib/errors.js';
import { audit } from '../../services/platform/audit.service.js';
import { transaction } from '../../../models/index.js';
import { isRecordId } from '../../../models/rules/ids.js';

export const jobsServer: ServerPart = {
  actions: {
    async retry(ctx, id) {
      const numeric = isRecordId(String(id)) ? Number(id) : NaN;
      const job = Number.isSafeInteger(numeric) ? await retryJob(numeric, ctx.clock()) : null;
      if (!job) throw notFound('not_found', 'not_found');
      await transaction((t) =>
        audit(t, { actorId: ctx.caller.user.id, action: 'retry', resource: 'jobs', recordId: job.id, before: null, after: { state: job.state, run_at: job.run_at }, at: ctx.clock() }),
      );
      return { id: job.id, state: job.state, attempts: job.attempts, run_at: job.run_at };
    },
  },
};
