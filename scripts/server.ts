// The one process: reads settings, opens and migrates the database, seeds demo data when asked,
// then serves the API, the consoles and the portal on PORT. Stops cleanly on SIGINT/SIGTERM.
import http from 'node:http';
import express from 'express';
import { pino } from 'pino';
import { loadSettingsOrExit } from '../config/settings.js';
import { openDatabase, isEmpty } from '../models/boot.js';
import { seedDemo } from '../seeders/demo.js';
import { createApp, earlyAnswers } from '../api/app.js';
import { createStorage } from '../api/integrations/storage.js';
import { HTTP_TIMEOUTS, createHttpServer } from '../api/http-server.js';
import { createMailer } from '../api/integrations/mail.js';
import { startAuthHousekeeping } from '../api/jobs/auth-housekeeping.js';
import { enqueueStartupJobs, startJobs } from '../api/jobs/index.js';
import { checkFfmpeg, ffmpegPath, ffmpegReadiness } from '../api/integrations/ffmpeg.js';
import { frontends } from './frontends.js';
import { metricsHandler } from '../api/lib/metrics.js';
import { Readiness } from '../api/lib/readiness.js';
import { gracefulStop } from '../api/lib/shutdown.js';
import { startBanner } from './banner.js';

async function main() {
  const settings = loadSettingsOrExit();
  const logger = pino({ level: settings.logLevel });
  const sequelize = await openDatabase(settings);
  // After the migrations: uploads whose last byte arrived before a crash are finished (any worker).
  await enqueueStartupJobs(new Date());
  const storage = createStorage(settings);
  if (settings.s3 && !settings.sessionSecret) {
    // Shared storage means several nodes: each would sign media with its own var/media-secret.
    logger.warn('STORAGE_URL is S3 but SESSION_SECRET is unset: set it on every node, or media addresses signed by one node fail on the others (docs/decisions/085-private-media-signed-urls.md)');
  }
  if (settings.demoData && (await isEmpty())) {
    await seedDemo({ storage });
    logger.info('demo data loaded');
  }
  const readiness = new Readiness();
  // Video answers need ffmpeg: a missing or broken one is said at start and on /readyz.
  readiness.addCheck('ffmpeg', ffmpegReadiness(settings));
  // ffmpegPath throws when no binary exists at all: inside the chain, so that it is logged, not fatal.
  await Promise.resolve()
    .then(() => checkFfmpeg(ffmpegPath(settings)))
    .then((bin) => logger.info({ ffmpeg: bin, preset: settings.video.x264Preset }, 'ffmpeg for video answers'))
    .catch((e: Error) => logger.error(`ffmpeg is not usable: ${e.message} (set FFMPEG_PATH); video answers cannot be processed and /readyz answers 503`));
  const deps = { settings, storage, mailer: createMailer(settings), logger, clock: () => new Date(), readiness };
  const app = createApp(deps, await frontends(deps));
  startAuthHousekeeping(deps.clock, logger);
  // The job queue's worker (transcoding, e-mails, the hourly upload clean-up): JOBS_WORKER=0 leaves
  // it to `npm run worker` processes (docs/decisions/125-durable-job-queue.md).
  const worker = settings.jobs.worker ? startJobs(deps) : undefined;
  const server = createHttpServer(app, HTTP_TIMEOUTS, earlyAnswers(app, deps));
  server.listen(settings.port, settings.host, () => {
    logger.info(`serving ${settings.publicUrl} (${settings.database.dialect})`);
    // For the person who ran `npm start` (a terminal, or the demo): not on production nodes' JSON logs.
    if (process.stdout.isTTY || settings.demoData) process.stdout.write(startBanner(settings));
  });
  // METRICS_PORT: /metrics alone on a port of its own (token still required when METRICS_TOKEN is set).
  const metricsServer = settings.metrics.port === undefined ? undefined : http.createServer(express().disable('x-powered-by').get('/metrics', metricsHandler(settings.metrics.token)));
  metricsServer?.listen(settings.metrics.port, settings.metrics.host);

  const stop = gracefulStop({
    server,
    readiness,
    delayMs: settings.shutdown.delayMs,
    timeoutMs: settings.shutdown.timeoutMs,
    close: async () => {
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      await worker?.stop(settings.shutdown.timeoutMs);
      await sequelize.close();
    },
    exit: (code) => process.exit(code),
    log: (message, fields) => logger.info(fields ?? {}, message),
  });
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
  // A refusal we explain (e.g. DatabaseCharsetError) prints its message, not a stack.
  console.error(e instanceof Error && e.name === 'DatabaseCharsetError' ? e.message : e);
  process.exit(1);
});
