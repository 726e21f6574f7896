// States of a queued job (api/lib/job-queue.ts). Browser-safe: the console's Jobs resource reads them.
/** ready: waits for run_at; running: a worker holds the lease; done; failed: out of attempts (kept with its last error). */
export const JOB_STATES = ['ready', 'running', 'done', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];
