// Opens the database, applies pending migrations and, when asked, loads the demo data into an
// empty database. Used by the server at start and by `npm run db:*`.
import type { Sequelize } from 'sequelize';
import type { Settings } from '../config/settings.js';
import { connect } from './connection.js';
import { migrate } from './migrator.js';
import { initModels, User } from './index.js';
import { assertUtf8mb4 } from './charset.js';

export async function openDatabase(settings: Pick<Settings, 'database'>): Promise<Sequelize> {
  const sequelize = await connect(settings.database);
  await migrate(sequelize);
  // MariaDB: refuse to serve when the connection or a table is not utf8mb4 (DatabaseCharsetError).
  await assertUtf8mb4(sequelize).catch(async (e) => {
    await sequelize.close().catch(() => undefined);
    throw e;
  });
  initModels(sequelize);
  return sequelize;
}

export async function isEmpty(): Promise<boolean> {
  return (await User.count()) === 0;
}
