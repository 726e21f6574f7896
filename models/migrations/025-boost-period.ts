// Boosts last a period (docs/decisions/251-boosts-for-a-period.md): the offer keeps when its boost
// ends, the account how many days its boosts last (null: 7). Offers boosted before this migration
// end 7 days after their boost (or 7 days from now when its date is unknown).
import { DataTypes, QueryTypes } from 'sequelize';
import type { MigrationContext } from './context.js';

const DAY_MS = 24 * 3600_000;

export async function up({ context: qi }: MigrationContext): Promise<void> {
  await qi.addColumn('offers', 'boost_ends_at', { type: DataTypes.DATE(3), allowNull: true });
  await qi.addColumn('users', 'boost_days', { type: DataTypes.INTEGER, allowNull: true });
  // The sweep of ended boosts reads the boosted offers by their end.
  await qi.addIndex('offers', ['is_boosted', 'boost_ends_at'], { name: 'offers_boost_end' });
  const boosted = await qi.sequelize.query<{ id: number; boosted_at: string | Date | null }>('SELECT id, boosted_at FROM offers WHERE is_boosted = 1', { type: QueryTypes.SELECT });
  const now = Date.now();
  for (const o of boosted) {
    const start = o.boosted_at
      ? new Date(
          o.boosted_at instanceof Date
            ? o.boosted_at
            : String(o.boosted_at)
                .replace(' ', 'T')
                .replace(/ ?\+00:00$/, 'Z'),
        ).getTime()
      : now;
    const ends = new Date((Number.isNaN(start) ? now : start) + 7 * DAY_MS);
    await qi.sequelize.query('UPDATE offers SET boost_ends_at = ? WHERE id = ?', { replacements: [ends, o.id] });
  }
}

export async function down({ context: qi }: MigrationContext): Promise<void> {
  await qi.removeIndex('offers', 'offers_boost_end');
  await qi.sequelize.query('ALTER TABLE users DROP COLUMN boost_days');
  await qi.sequelize.query('ALTER TABLE offers DROP COLUMN boost_ends_at');
}
