import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialects/dialect-of.js';
import { createGramPut } from '../dialects/mysql-grams.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * MySQL only: a gram's counter moves only when its posting does (db/dialects/mysql-grams.ts).
 * Before, a letter again with another case or accent, or a letter before a space, counted a row
 * twice under one key, so one- and two-character searches answered too high a total. The
 * counters are counted again from the postings, which were right.
 */
export async function up(db: Db): Promise<void> {
  if (dialectOf(db) !== 'mysql') return;
  await sql`drop procedure app_gram_put`.execute(db);
  await createGramPut(db);
  await sql`delete from app_gram_delta`.execute(db);
  await sql`delete from app_gram_count`.execute(db);
  await sql`
    insert into app_gram_count (table_name, column_name, gram, live)
    select table_name, column_name, gram, count(*) from app_gram_row group by table_name, column_name, gram`.execute(
    db,
  );
}

/** The corrected procedure stays: the counters it keeps are the right ones either way. */
export async function down(): Promise<void> {}
