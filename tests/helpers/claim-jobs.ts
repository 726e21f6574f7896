// A separate process that claims jobs from the queue as fast as it can and marks them done,
// printing the ids it claimed as one JSON line at the end (tests/api/job-queue.test.ts runs two
// at once to show that no job is claimed twice). Usage: tsx tests/helpers/claim-jobs.ts <DATABASE_URL> <queue>
import { parseDatabaseUrl } from '../../config/settings.js';
import { openDatabase } from '../../models/boot.js';
import { claim, complete } from '../../api/jobs/queue.js';

const [url, queue] = process.argv.slice(2);
const sequelize = await openDatabase({ database: parseDatabaseUrl(url) });
const worker = `claimer-${process.pid}`;
const ids: number[] = [];
let idle = 0;
// Until the queue has stayed empty for a while (the other process may still be enqueuing nothing).
while (idle < 5) {
  const job = await claim(worker, [queue], new Date());
  if (!job) {
    idle++;
    await new Promise((r) => setTimeout(r, 50));
    continue;
  }
  idle = 0;
  ids.push(job.id);
  await complete(job, worker, new Date());
}
process.stdout.write(`${JSON.stringify(ids)}\n`);
await sequelize.close();
