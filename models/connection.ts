// Opens the Sequelize connection the settings describe (SQLite file or MySQL/MariaDB).
import fs from 'node:fs';
import path from 'node:path';
import { Sequelize, type Options } from 'sequelize';
import type { Database } from '../config/settings.js';

export async function connect(database: Database, extra: Options = {}): Promise<Sequelize> {
  const common: Options = {
    logging: false,
    define: { underscored: true, timestamps: true, createdAt: 'created_at', updatedAt: 'updated_at' },
    ...extra,
  };
  let sequelize: Sequelize;
  if (database.dialect === 'sqlite') {
    if (database.storage !== ':memory:') fs.mkdirSync(path.dirname(database.storage), { recursive: true });
    sequelize = new Sequelize({ ...common, dialect: 'sqlite', storage: database.storage, pool: { max: 1, min: 0 } });
    await sequelize.authenticate();
    // WAL lets readers go on while one writer writes; foreign keys are off by default in SQLite.
    await sequelize.query('PRAGMA journal_mode = WAL');
    await sequelize.query('PRAGMA foreign_keys = ON');
    await sequelize.query('PRAGMA busy_timeout = 5000');
  } else {
    sequelize = new Sequelize(database.url, {
      ...common,
      dialect: 'mysql',
      timezone: '+00:00',
      dialectOptions: { dateStrings: false, supportBigNumbers: true, charset: 'utf8mb4' },
      pool: { max: 10, min: 0, idle: 10_000 },
    });
    await sequelize.authenticate();
  }
  return sequelize;
}
