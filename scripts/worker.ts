// `npm run worker`: a process that only runs queued jobs (transcoding, e-mails, sweeps), for
// deployments that keep them off the web nodes (JOBS_WORKER=0 there). Stops on SIGINT/SIGTERM
// after the jobs in hand finish (their leases expire otherwise and another worker takes them).
import { pino } from 'pino';
import { loadSettingsOrExit } from '../config/settings.js';
import { openDatabase } from '../models/boot.js';
import { createStorage } from '../api/integrations/storage.js';
import { createMailer } from '../api/integrations/mail.js';
import { checkFfmpeg, ffmpegPath } from '../api/integrations/ffmpeg.js';
import { startJobs } from '../api/jobs/index.js';

async function main() {
  const settings = loadSettingsOrExit();
  const logger = pino({ level: settings.logLevel });
  try {
    await checkFfmpeg(ffmpegPath(settings));
  } catch (e) {
    // A worker without ffmpeg would fail every transcode: refuse to start, saying why.
    console.error(`ffmpeg is not usable: ${(e as Error).message} (set FFMPEG_PATH)`);
    process.exit(1);
  }
  const sequelize = await openDatabase(settings);
  const deps = { settings, storage: createStorage(settings), mailer: createMailer(settings), logger, clock: () => new Date() };
  const worker = startJobs(deps, { keepAlive: true });
  logger.info({ worker: worker.id, ffmpeg: ffmpegPath(settings), preset: settings.video.x264Preset }, 'job worker started');
  const stop = async (signal: string) => {
    logger.info({ signal }, 'job worker stopping');
    await worker.stop(settings.shutdown.timeoutMs);
    await sequelize.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
