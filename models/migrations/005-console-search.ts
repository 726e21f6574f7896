// Indexes the staff console lists need at a million users (docs/decisions/061-console-lists-at-scale.md):
// text search without scanning (FULLTEXT on MariaDB, an FTS5 table kept by triggers on SQLite),
// a covering index for the users list filters and counts, and lead/offer search indexes.
import type { MigrationContext } from './context.js';

const FTS = {
  users: { columns: ['email', 'name', 'phone'], rowid: 'rowid' },
  offers: { columns: ['job_code', 'title', 'company_name', 'city', 'zip_code'], rowid: 'id' },
} as const;

export async function up({ context: qi }: MigrationContext): Promise<void> {
  // The users list: profile, then newest first with id as tie-breaker (keyset order), then every
  // quick filter, so that pages and counts are answered from the index alone.
  await qi.addIndex('users', ['profile', 'created_at', 'id', 'closed_at', 'is_migration', 'applications_count', 'wishlist_count', 'contacts_count', 'offers_count', 'candidates_count'], {
    name: 'users_console_list',
  });
  await qi.removeIndex('users', 'users_profile_created');
  await qi.addIndex('landing_interests', ['notif', 'user_id', 'created_at'], { name: 'landing_interests_leads' });
  await qi.addIndex('offers', ['created_at'], { name: 'offers_created' });
  await qi.addIndex('landing_interests', ['lastname'], { name: 'landing_interests_lastname' });
  await qi.addIndex('landing_interests', ['firstname'], { name: 'landing_interests_firstname' });
  await qi.addIndex('landing_interests', ['phone_number'], { name: 'landing_interests_phone' });
  await qi.addIndex('custom_landings', ['name'], { name: 'custom_landings_name' });

  await addFullText(qi);
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await dropFullText(qi);
  for (const [t, n] of [
    ['custom_landings', 'custom_landings_name'],
    ['offers', 'offers_created'],
    ['landing_interests', 'landing_interests_phone'],
    ['landing_interests', 'landing_interests_firstname'],
    ['landing_interests', 'landing_interests_lastname'],
    ['landing_interests', 'landing_interests_leads'],
  ]) {
    await qi.removeIndex(t, n);
  }
  await qi.addIndex('users', ['profile', 'created_at'], { name: 'users_profile_created' });
  await qi.removeIndex('users', 'users_console_list');
}

/** The FULLTEXT indexes (MariaDB) or FTS5 tables kept by triggers (SQLite); 006 replaced them. */
export async function addFullText(qi: MigrationContext['context']): Promise<void> {
  const dialect = qi.sequelize.getDialect();
  for (const [table, { columns, rowid }] of Object.entries(FTS)) {
    if (dialect === 'mysql' || dialect === 'mariadb') {
      await qi.sequelize.query(`ALTER TABLE \`${table}\` ADD FULLTEXT INDEX \`${table}_fts\` (${columns.map((c) => `\`${c}\``).join(', ')})`);
      continue;
    }
    const cols = columns.join(', ');
    const newVals = columns.map((c) => `new.${c}`).join(', ');
    const oldVals = columns.map((c) => `old.${c}`).join(', ');
    await qi.sequelize.query(`CREATE VIRTUAL TABLE ${table}_fts USING fts5(${cols}, content='${table}', content_rowid='${rowid}')`);
    await qi.sequelize.query(`CREATE TRIGGER ${table}_fts_ai AFTER INSERT ON ${table} BEGIN INSERT INTO ${table}_fts(rowid, ${cols}) VALUES (new.${rowid}, ${newVals}); END`);
    await qi.sequelize.query(`CREATE TRIGGER ${table}_fts_ad AFTER DELETE ON ${table} BEGIN INSERT INTO ${table}_fts(${table}_fts, rowid, ${cols}) VALUES ('delete', old.${rowid}, ${oldVals}); END`);
    await qi.sequelize.query(
      `CREATE TRIGGER ${table}_fts_au AFTER UPDATE ON ${table} BEGIN INSERT INTO ${table}_fts(${table}_fts, rowid, ${cols}) VALUES ('delete', old.${rowid}, ${oldVals}); INSERT INTO ${table}_fts(rowid, ${cols}) VALUES (new.${rowid}, ${newVals}); END`,
    );
    await qi.sequelize.query(`INSERT INTO ${table}_fts(${table}_fts) VALUES ('rebuild')`);
  }
}

export async function dropFullText(qi: MigrationContext['context']): Promise<void> {
  const dialect = qi.sequelize.getDialect();
  for (const table of Object.keys(FTS)) {
    if (dialect === 'mysql' || dialect === 'mariadb') await qi.removeIndex(table, `${table}_fts`);
    else {
      for (const s of ['ai', 'ad', 'au']) await qi.sequelize.query(`DROP TRIGGER IF EXISTS ${table}_fts_${s}`);
      await qi.sequelize.query(`DROP TABLE IF EXISTS ${table}_fts`);
    }
  }
}
