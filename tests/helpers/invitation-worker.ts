// A separate worker process with the application clock set to a given moment, for the invitation
// reminders (tests/api/invitation-reminders-process.test.ts runs two at once on one database to
// show that each reminder is sent once). Usage: tsx tests/helpers/invitation-worker.ts <now ISO>
// with DATABASE_URL, SMTP_URL, STORAGE_DIR and PUBLIC_URL in the environment. It connects, prints
// "ready", and on a line on its standard input sweeps the reminders due (as the recurring job
// does) while its worker runs the queue, until no invitation message is left to run; then prints
// {"queued": n} and stops.
import readline from 'node:readline';
import { pino } from 'pino';
import { Op } from 'sequelize';
import { loadSettings } from '../../config/settings.js';
import { openDatabase } from '../../models/boot.js';
import { Job } from '../../models/index.js';
import { createStorage } from '../../api/integrations/storage.js';
import { createMailer } from '../../api/integrations/mail.js';
import { startJobs } from '../../api/jobs/index.js';
import { INVITATION_MESSAGE_JOB, queueDueReminders } from '../../api/services/invitations/invitations.service.js';

const now = new Date(process.argv[2]);
const settings = loadSettings();
const sequelize = await openDatabase(settings);
const input = readline.createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => input.once('line', () => resolve()));
process.stdout.write('ready\n');
await go;
input.close();
const worker = startJobs({ settings, storage: createStorage(settings), mailer: createMailer(settings), logger: pino({ level: 'warn' }), clock: () => now });
const queued = await queueDueReminders(now);
const pending = () => Job.count({ where: { name: INVITATION_MESSAGE_JOB, state: { [Op.in]: ['ready', 'running'] }, run_at: { [Op.lte]: now } } });
let idle = 0;
while (idle < 5) {
  idle = (await pending()) === 0 ? idle + 1 : 0;
  await new Promise((r) => setTimeout(r, 100));
}
await worker.stop(5000);
process.stdout.write(`${JSON.stringify({ queued })}\n`);
await sequelize.close();
