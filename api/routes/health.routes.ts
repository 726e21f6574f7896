// GET /apis/health (kept for the apps and monitors that use it) and the root /livez and /readyz
// (docs/decisions/092-health-livez-readyz.md). None of them is cached.
import { Router, type Express } from 'express';
import type { Logger } from 'pino';
import type { AppDeps } from '../deps.js';
import { boundSequelize } from '../../models/index.js';
import { t } from '../../config/i18n/index.js';
import { Readiness } from '../lib/readiness.js';

/** The database answers a trivial query. */
export const databaseCheck = async (): Promise<void> => {
  await boundSequelize().query('SELECT 1');
};

/** The readiness of this app: the database and the storage, plus what the caller added. */
export function readinessOf(deps: AppDeps): Readiness {
  const readiness = deps.readiness ?? new Readiness();
  readiness.addCheck('database', databaseCheck);
  readiness.addCheck('storage', () => deps.storage.ping());
  return readiness;
}

export function healthRoutes(_deps: AppDeps): Router {
  const router = Router();
  router.get('/health', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    try {
      await databaseCheck();
    } catch {
      res
        .status(503)
        .set('Retry-After', '5')
        .json({ ok: false, error: 'database_unavailable', message: t(req.lang, 'database_unavailable') });
      return;
    }
    res.json({ ok: true });
  });
  return router;
}

/**
 * /livez and /readyz at the root, mounted before the portal's catch-all. /readyz names the failed
 * checks only: what went wrong (a database error, a bucket's name) goes to the node's log.
 */
export function mountProbes(app: Express, readiness: Readiness, logger: Logger): void {
  app.get('/livez', (_req, res) => {
    res.set('Cache-Control', 'no-store').json({ ok: true });
  });
  app.get('/readyz', async (_req, res) => {
    const { report, errors } = await readiness.report();
    if (!report.ready) logger.warn({ errors }, 'not ready');
    res
      .status(report.ready ? 200 : 503)
      .set('Cache-Control', 'no-store')
      .json(report);
  });
}
