// `npm run lifecycle -- --dry-run`: lists what the next run of the daily data-lifecycle sweeps
// would delete (stories, inactive accounts, warnings, subscriptions, expired rows), changing nothing.
// `npm run lifecycle -- --run`: takes today's lifecycle jobs from the queue and runs those no other
// process has taken (each sweep runs once a day, whoever starts it). `--now=2027-01-01T00:00:00Z`
// runs as of another time. Prints one JSON line per sweep. docs/decisions/167-data-lifecycle.md.
import crypto from 'node:crypto';
import { pino } from 'pino';
import { loadSettingsOrExit } from '../../config/settings.js';
import { openDatabase } from '../../models/boot.js';
import { createStorage } from '../integrations/storage.js';
import { createMailer } from '../integrations/mail.js';
import { claim, complete, enqueueRecurring, fail } from '../lib/job-queue.js';
import { LIFECYCLE_QUEUE, LIFECYCLE_RECURRING, runLifecycleJob } from '../jobs/lifecycle.js';
import { LIFECYCLE_SWEEPS } from '../services/platform/lifecycle.service.js';

async function main() {
  const args = process.argv.slice(2);
  const dryRun = args.includes('--dry-run');
  const run = args.includes('--run');
  const nowArg = args.find((a) => a.startsWith('--now='))?.slice('--now='.length);
  const unknown = args.filter((a) => a !== '--dry-run' && a !== '--run' && !a.startsWith('--now='));
  if (dryRun === run || unknown.length || (nowArg !== undefined && Number.isNaN(Date.parse(nowArg)))) {
    console.error('usage: npm run lifecycle -- --dry-run | --run [--now=ISO-8601 time]');
    process.exit(2);
  }
  const fixed = nowArg ? new Date(nowArg) : null;
  const clock = () => fixed ?? new Date();
  const settings = loadSettingsOrExit();
  const logger = pino({ level: 'silent' });
  const sequelize = await openDatabase(settings);
  const deps = { settings, storage: createStorage(settings), mailer: createMailer(settings), logger, clock };
  try {
    if (dryRun) {
      for (const name of LIFECYCLE_SWEEPS) process.stdout.write(`${JSON.stringify(await runLifecycleJob(deps, name, true))}\n`);
      return;
    }
    await enqueueRecurring(LIFECYCLE_RECURRING, clock());
    const worker = `lifecycle-cli:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    for (;;) {
      const job = await claim(worker, [LIFECYCLE_QUEUE], clock());
      if (!job) break;
      try {
        const result = await runLifecycleJob(deps, job.name);
        await complete(job, worker, clock());
        process.stdout.write(`${JSON.stringify({ job: job.id, ...result })}\n`);
      } catch (err) {
        await fail(job, worker, err, clock());
        process.stdout.write(`${JSON.stringify({ job: job.id, sweep: job.name, error: (err as Error).message })}\n`);
        process.exitCode = 1;
      }
    }
  } finally {
    await sequelize.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
