// `npx tsx tests/bench/search-fulltext.bench.ts` (DATABASE_URL: the volume database, after
// `npm run db:seed:volume`): the alternative of decision 300 measured on the same data. MariaDB has
// no n-gram parser, so the FULLTEXT way to "contains" is a column holding each user's three-letter
// sequences as words, with an empty stopword list, asked for all of the searched word's sequences in
// boolean mode, then the real substring checked. This builds that table (`bench_ft_users`, the first
// BENCH_FT_USERS users by id, all by default), its FULLTEXT index, and times the bench's
// user searches on it the way the console asks them (profile, newest first, page of 25, count
// capped at 10 001), beside the same searches through the token walk's SQL. Drops the table after.
import mysql from 'mysql2/promise';
import { loadSettings } from '../../config/settings.js';
import { gramsOf, searchTerms, tokensOf, userWords, wordsText } from '../../models/search-index.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const LIMIT_USERS = Number(process.env.BENCH_FT_USERS ?? 0);
const SEARCHES = ['martin', 'dupont', 'mar', 'jean martin', 'emma lambert', '0610 12', 'langer', 'artin'];

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

async function time(conn: mysql.Connection, sqls: Array<[string, unknown[]]>): Promise<number> {
  const times: number[] = [];
  for (let r = 0; r < RUNS + 2; r++) {
    const t = performance.now();
    for (const [sql, params] of sqls) await conn.query(sql, params);
    if (r >= 2) times.push(performance.now() - t);
  }
  return median(times);
}

async function main() {
  const settings = loadSettings({ ...process.env, LOG_LEVEL: 'silent' });
  if (settings.database.dialect !== 'mysql') throw new Error('needs DATABASE_URL=mysql://... (the volume database)');
  const conn = await mysql.createConnection({ uri: settings.database.url });
  const t0 = performance.now();
  const log = (m: string) => console.log(`[${((performance.now() - t0) / 1000).toFixed(1)}s] ${m}`);
  // An empty stopword list (InnoDB's default drops com, the, and, ... which are sequences too).
  await conn.query('CREATE TABLE IF NOT EXISTS bench_ft_stopwords (value VARCHAR(30)) ENGINE = InnoDB');
  await conn.query(`SET SESSION innodb_ft_user_stopword_table = '${new URL(settings.database.url).pathname.slice(1)}/bench_ft_stopwords'`);
  await conn.query('DROP TABLE IF EXISTS bench_ft_users');
  await conn.query(
    'CREATE TABLE bench_ft_users (user_id VARCHAR(36) NOT NULL PRIMARY KEY, profile VARCHAR(16) NOT NULL, created_at DATETIME(3) NOT NULL, closed_at DATETIME(3) NULL, words VARCHAR(640) NOT NULL, grams MEDIUMTEXT NOT NULL) ENGINE = InnoDB',
  );
  // The same words and sequences as the token rows (models/search-index.ts), one row per user.
  let after = '';
  for (let done = 0; !LIMIT_USERS || done < LIMIT_USERS;) {
    const [users] = await conn.query<mysql.RowDataPacket[]>('SELECT id, name, email, phone, profile, created_at, closed_at FROM users WHERE id > ? ORDER BY id LIMIT 5000', [after]);
    if (!users.length) break;
    after = users[users.length - 1].id;
    done += users.length;
    const rows = users.map((u) => {
      const words = userWords(u as { name: string; email: string; phone: string | null });
      return [
        u.id,
        u.profile,
        u.created_at,
        u.closed_at,
        wordsText(words).slice(0, 640),
        tokensOf(words)
          .filter((t) => Array.from(t).length === 3)
          .join(' '),
      ];
    });
    await conn.query('INSERT INTO bench_ft_users (user_id, profile, created_at, closed_at, words, grams) VALUES ?', [rows]);
  }
  const [[{ n }]] = await conn.query<mysql.RowDataPacket[]>('SELECT COUNT(*) AS n FROM bench_ft_users');
  log(`bench_ft_users: ${n} users`);
  await conn.query('ALTER TABLE bench_ft_users ADD FULLTEXT INDEX bench_ft_grams (grams)');
  log('FULLTEXT index built');
  const [[size]] = await conn.query<mysql.RowDataPacket[]>(
    "SELECT ROUND(SUM(stat_value) * @@innodb_page_size / 1e6) AS mb FROM mysql.innodb_index_stats WHERE database_name = DATABASE() AND table_name LIKE 'bench_ft_users%' AND stat_name = 'size'",
  );
  log(`size (InnoDB stats, the FULLTEXT auxiliary tables are apart): ${size?.mb ?? '?'} MB`);

  console.log(`\n| search | FULLTEXT matches | FULLTEXT page+count ms | token walk page+count ms |\n|---|---|---|---|`);
  for (const q of SEARCHES) {
    const terms = searchTerms(q);
    const words = terms.map((t) => t.pattern);
    const against = [...new Set(terms.flatMap((t) => (t.pattern.startsWith('% ') ? [] : gramsOf(t.pattern.slice(1, -1)))))].map((g) => `+${g}`).join(' ');
    const like = words.map(() => 'words LIKE ?').join(' AND ');
    const ftWhere = `MATCH(grams) AGAINST(? IN BOOLEAN MODE) AND profile = 'candidate' AND closed_at IS NULL AND ${like}`;
    const ft: Array<[string, unknown[]]> = [
      [`SELECT user_id FROM bench_ft_users WHERE ${ftWhere} ORDER BY created_at DESC, user_id DESC LIMIT 25`, [against, ...words]],
      [`SELECT COUNT(*) FROM (SELECT 1 FROM bench_ft_users WHERE ${ftWhere} LIMIT 10001) c`, [against, ...words]],
    ];
    const [[{ m }]] = await conn.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS m FROM bench_ft_users WHERE MATCH(grams) AGAINST(? IN BOOLEAN MODE)`, [against]);
    // The token walk on the same users: the rarest sequence by the optimizer's estimate, as the app picks it.
    let walked = terms[0].tokens[0];
    let best = Infinity;
    for (const token of terms.flatMap((t) => t.tokens).slice(0, 12)) {
      const [[plan]] = await conn.query<mysql.RowDataPacket[]>("EXPLAIN SELECT 1 FROM user_search_tokens WHERE token = ? AND profile = 'candidate'", [token]);
      if (Number(plan.rows) < best) [walked, best] = [token, Number(plan.rows)];
    }
    const twWhere = `token = ? AND profile = 'candidate' AND closed_at IS NULL AND ${like}`;
    const tw: Array<[string, unknown[]]> = [
      [`SELECT user_id FROM user_search_tokens WHERE ${twWhere} ORDER BY created_at DESC, user_id DESC LIMIT 25`, [walked, ...words]],
      [`SELECT COUNT(*) FROM (SELECT 1 FROM user_search_tokens WHERE ${twWhere} LIMIT 10001) c`, [walked, ...words]],
    ];
    const a = await time(conn, ft);
    const b = await time(conn, tw);
    console.log(`| ${q} | ${m} | ${a.toFixed(1)} | ${b.toFixed(1)} |`);
  }
  await conn.query('DROP TABLE bench_ft_users');
  await conn.query('DROP TABLE bench_ft_stopwords');
  await conn.end();
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
