// The one process: reads settings, opens and migrates the database, seeds demo data when asked,
// then serves the API, the consoles and the portal on PORT. Stops cleanly on SIGINT/SIGTERM.
import { pino } from 'pino';
import { loadSettings, SettingsError } from '../config/settings.js';
import { openDatabase, isEmpty } from '../models/boot.js';
import { seedDemo } from '../seeders/demo.js';
import { createApp } from './app.js';
import { createHttpServer } from './http-server.js';
import { LocalDiskStorage } from './integrations/storage.js';
import { createMailer } from './integrations/mail.js';
import { startAuthHousekeeping } from './jobs/auth-housekeeping.js';
import { frontends } from './frontends.js';

async function main() {
  let settings;
  try {
    settings = loadSettings();
  } catch (e) {
    if (e instanceof SettingsError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const logger = pino({ level: settings.logLevel });
  const sequelize = await openDatabase(settings);
  const storage = new LocalDiskStorage(settings.storageDir, `${settings.publicUrl}/files`);
  if (settings.demoData && (await isEmpty())) {
    await seedDemo({ storage });
    logger.info('demo data loaded');
  }
  const deps = { settings, storage, mailer: createMailer(settings), logger, clock: () => new Date() };
  const app = createApp(deps, await frontends(deps));
  startAuthHousekeeping(deps.clock, logger);
  const server = createHttpServer(app);
  server.listen(settings.port, settings.host, () => {
    logger.info(`serving ${settings.publicUrl} (${settings.database.dialect})`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    // Finish requests in flight, then close the database; give up after 10 s.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await sequelize.close().catch(() => undefined);
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
