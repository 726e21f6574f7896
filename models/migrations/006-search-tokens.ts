// Search on token tables instead of FULLTEXT / FTS5 (docs/decisions/065-search-tokens.md), and the
// pending-wishlist counter the wishlist view filters on. The token rows of existing users and
// offers are written by 031 (decision 300), which always follows and rebuilds them with today's
// tokenizer.
import { DataTypes } from 'sequelize';
import type { MigrationContext } from './context.js';
import { WORDS_MAX } from '../search/tokens.js';
import { OFFER_SEARCH, USER_SEARCH } from '../search/specs.js';
import { addFullText, dropFullText } from './005-console-search.js';

const { STRING, INTEGER, BOOLEAN, DATE } = DataTypes;
const counter = { type: INTEGER, allowNull: false, defaultValue: 0 };
const LIST_INDEX = ['profile', 'created_at', 'id', 'closed_at', 'is_migration', 'applications_count', 'wishlist_count', 'contacts_count', 'offers_count', 'candidates_count'];

export async function up({ context: qi }: MigrationContext): Promise<void> {
  const sequelize = qi.sequelize;

  await qi.addColumn('users', 'wishlist_pending_count', counter);
  await sequelize.query(`UPDATE users SET wishlist_pending_count = (SELECT COUNT(*) FROM wishlist_entries w WHERE w.candidate_id = users.id AND w.state = 'pending')`);
  await qi.removeIndex('users', 'users_console_list');
  await qi.addIndex('users', [...LIST_INDEX, 'wishlist_pending_count'], { name: 'users_console_list' });

  // Token first, then the list order: `token = ? AND profile = ?` is walked newest first; `words`
  // holds all the record's words for the search's other words.
  await qi.createTable('user_search_tokens', {
    token: { type: STRING(32).BINARY, allowNull: false, primaryKey: true },
    profile: { type: STRING(16), allowNull: false, primaryKey: true },
    created_at: { type: DATE(3), allowNull: false, primaryKey: true },
    user_id: { type: STRING(36), allowNull: false, primaryKey: true, references: { model: 'users', key: 'id' }, onDelete: 'CASCADE', onUpdate: 'CASCADE' },
    words: { type: STRING(WORDS_MAX).BINARY, allowNull: false },
    closed_at: { type: DATE(3), allowNull: true },
    is_migration: { type: BOOLEAN, allowNull: false, defaultValue: false },
    applications_count: counter,
    wishlist_count: counter,
    wishlist_pending_count: counter,
    contacts_count: counter,
    offers_count: counter,
    candidates_count: counter,
  });
  await qi.addIndex(USER_SEARCH.table, [USER_SEARCH.key], { name: USER_SEARCH.keyIndex });
  await qi.createTable('offer_search_tokens', {
    token: { type: STRING(32).BINARY, allowNull: false, primaryKey: true },
    created_at: { type: DATE(3), allowNull: false, primaryKey: true },
    offer_id: { type: INTEGER, allowNull: false, primaryKey: true, references: { model: 'offers', key: 'id' }, onDelete: 'CASCADE', onUpdate: 'CASCADE' },
    words: { type: STRING(WORDS_MAX).BINARY, allowNull: false },
    recruiter_id: { type: STRING(36), allowNull: false },
    state: { type: STRING(16), allowNull: false },
  });
  await qi.addIndex(OFFER_SEARCH.table, [OFFER_SEARCH.key], { name: OFFER_SEARCH.keyIndex });

  await dropFullText(qi);
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.dropTable('offer_search_tokens');
  await qi.dropTable('user_search_tokens');
  await qi.removeIndex('users', 'users_console_list');
  await qi.addIndex('users', LIST_INDEX, { name: 'users_console_list' });
  await qi.removeColumn('users', 'wishlist_pending_count');
  await addFullText(qi);
}
