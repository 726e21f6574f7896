// A separate process that claims jobs from the queue and marks them done, printing the ids it
// claimed as one JSON line at the end (tests/api/job-queue.test.ts runs two at once to show that no
// job is claimed twice). Usage: tsx tests/helpers/claim-jobs.ts <DATABASE_URL> <queue>
// It connects, prints "ready", and claims only once a line arrives on its standard input: the test
// starts both claimers on that line, so a slow start of one (tsx under load) cannot leave the whole
// queue to the other.
import readline from 'node:readline';
import { parseDatabaseUrl } from '../../config/settings.js';
import { openDatabase } from '../../models/boot.js';
import { claim, complete } from '../../api/lib/job-queue.js';

const [url, queue] = process.argv.slice(2);
const sequelize = await openDatabase({ database: parseDatabaseUrl(url) });
const worker = `claimer-${process.pid}`;
const ids: number[] = [];
const input = readline.createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => input.once('line', () => resolve()));
process.stdout.write('ready\n');
await go;
input.close();
let idle = 0;
// Until the queue has stayed empty for a while.
while (idle < 5) {
  const job = await claim(worker, [queue], new Date());
  if (!job) {
    idle++;
    await new Promise((r) => setTimeout(r, 50));
    continue;
  }
  idle = 0;
  ids.push(job.id);
  // A job takes a moment, as a real one does: the other process claims meanwhile.
  await new Promise((r) => setTimeout(r, 2));
  await complete(job, worker, new Date());
}
process.stdout.write(`${JSON.stringify(ids)}\n`);
await sequelize.close();
