// A separate worker process for webhook deliveries (tests/api/webhooks-process.test.ts runs two at
// once on one database: no attempt is delivered twice). Usage: tsx tests/helpers/webhook-worker.ts
// <now ISO> with DATABASE_URL, STORAGE_DIR, PUBLIC_URL and WEBHOOKS_ALLOW_LOOPBACK=1 in the
// environment. It connects, prints "ready", and on a line on its standard input runs the queue
// with its clock at <now> until no webhook attempt is due; then prints "done" and stops.
import readline from 'node:readline';
import { pino } from 'pino';
import { Op } from 'sequelize';
import { loadSettings } from '../../config/settings.js';
import { openDatabase } from '../../models/boot.js';
import { Job } from '../../models/index.js';
import { createStorage } from '../../api/integrations/storage.js';
import { createMailer } from '../../api/integrations/mail.js';
import { startJobs } from '../../api/jobs/index.js';
import { WEBHOOK_QUEUE } from '../../api/services/webhooks/webhooks.service.js';

const now = new Date(process.argv[2]);
const settings = loadSettings();
const sequelize = await openDatabase(settings);
const input = readline.createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => input.once('line', () => resolve()));
process.stdout.write('ready\n');
await go;
input.close();
const worker = startJobs({ settings, storage: createStorage(settings), mailer: createMailer(settings), logger: pino({ level: 'warn' }), clock: () => now });
const due = () => Job.count({ where: { queue: WEBHOOK_QUEUE, [Op.or]: [{ state: 'running' }, { state: 'ready', run_at: { [Op.lte]: now } }] } });
let idle = 0;
while (idle < 5) {
  idle = (await due()) === 0 ? idle + 1 : 0;
  await new Promise((r) => setTimeout(r, 100));
}
await worker.stop(5000);
process.stdout.write('done\n');
await sequelize.close();
