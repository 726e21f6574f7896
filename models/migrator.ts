// Runs the numbered migrations in models/migrations/ with umzug; the same files on SQLite and MariaDB.
// Applied names are kept in the SequelizeMeta table, so running again is a no-op.
import { Umzug, SequelizeStorage } from 'umzug';
import type { Sequelize } from 'sequelize';
import * as m001 from './migrations/001-initial-schema.js';
import * as m002 from './migrations/002-sessions.js';
import * as m003 from './migrations/003-auth-throttle.js';
import * as m004 from './migrations/004-saml-requests.js';
import * as m005 from './migrations/005-console-search.js';
import * as m006 from './migrations/006-search-tokens.js';
import * as m007 from './migrations/007-offer-company-from-account.js';
import * as m009 from './migrations/009-utf8mb4.js';
import * as m010 from './migrations/010-manager-area-indexes.js';
import * as m011 from './migrations/011-jobs-and-answer-uploads.js';
import * as m012 from './migrations/012-email-codes.js';
import * as m013 from './migrations/013-plans-and-stripe.js';
import * as m014 from './migrations/014-offer-counters.js';
import * as m015 from './migrations/015-meeting-signals.js';
import * as m016 from './migrations/016-lead-notifications.js';
import * as m017 from './migrations/017-data-lifecycle.js';
import * as m020 from './migrations/020-offer-candidates-paging.js';
import * as m025 from './migrations/025-boost-period.js';
import * as m029 from './migrations/029-meetings.js';
import * as m031 from './migrations/031-search-trigrams.js';
import * as m035 from './migrations/035-interview-settings.js';
import * as m036 from './migrations/036-invitations.js';
import * as m040 from './migrations/040-question-types.js';
import * as m041 from './migrations/041-search-email-keys.js';
import * as m044 from './migrations/044-webhooks.js';
import * as m045 from './migrations/045-api-keys.js';
import { utf8mb4Tables } from './charset.js';
import type { Migration } from './migrations/context.js';

/** Every migration, in order. A new one is a new file and a new line here. */
export const migrations: Array<[string, Migration]> = [
  ['001-initial-schema', m001],
  ['002-sessions', m002],
  ['003-auth-throttle', m003],
  ['004-saml-requests', m004],
  ['005-console-search', m005],
  ['006-search-tokens', m006],
  ['007-offer-company-from-account', m007],
  ['009-utf8mb4', m009],
  ['010-manager-area-indexes', m010],
  ['011-jobs-and-answer-uploads', m011],
  ['012-email-codes', m012],
  ['013-plans-and-stripe', m013],
  ['014-offer-counters', m014],
  ['015-meeting-signals', m015],
  ['016-lead-notifications', m016],
  ['017-data-lifecycle', m017],
  ['020-offer-candidates-paging', m020],
  ['025-boost-period', m025],
  ['029-meetings', m029],
  ['031-search-trigrams', m031],
  ['035-interview-settings', m035],
  ['036-invitations', m036],
  ['040-question-types', m040],
  ['041-search-email-keys', m041],
  ['044-webhooks', m044],
  ['045-api-keys', m045],
];

export function createMigrator(sequelize: Sequelize) {
  return new Umzug({
    migrations: migrations.map(([name, m]) => ({ name, up: m.up, down: m.down })),
    // On MariaDB every createTable is utf8mb4 whatever the database's default (models/charset.ts).
    context: utf8mb4Tables(sequelize.getQueryInterface()),
    storage: new SequelizeStorage({ sequelize }),
    logger: undefined,
  });
}

export async function migrate(sequelize: Sequelize): Promise<string[]> {
  const done = await createMigrator(sequelize).up();
  return done.map((m) => m.name);
}
