// Hourly clean-up of rows that no longer matter: expired sessions, old sign-in attempts, and
// answered or expired SAML request ids, expired e-mail codes. Every process may run it; the deletes are idempotent.
import type { Logger } from 'pino';
import { purgeExpiredSessions } from '../auth/sessions.js';
import { purgeOldAttempts } from '../auth/throttle.js';
import { purgeSamlRequests } from '../auth/saml-cache.js';
import { purgeEmailCodes } from '../services/email-code.service.js';

export async function authHousekeeping(now: Date): Promise<void> {
  await purgeExpiredSessions(now);
  await purgeOldAttempts(now);
  await purgeSamlRequests(now);
  await purgeEmailCodes(now);
}

export function startAuthHousekeeping(clock: () => Date, logger: Logger, everyMs = 3600_000): () => void {
  const run = () => authHousekeeping(clock()).catch((err) => logger.warn({ err }, 'auth housekeeping failed'));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
