import { type Kysely, sql } from 'kysely';

/**
 * MySQL's contains index and gram counters (migration 0011-list-speed), the equivalent of
 * SQLite's FTS5 table and PostgreSQL's GIN index of the same grams: every character and every
 * pair of adjacent characters of a live row's text, with the row's tenant before it.
 *
 * - `app_gram_row` holds a posting (table, column, gram, row id) per distinct gram of a row:
 *   a search looks up its grams there and LIKE decides among the rows found.
 * - Changes to `app_gram_count` are appended to `app_gram_delta`, as PostgreSQL's are
 *   (db/list-counts.ts folds them).
 *
 * MySQL's FULLTEXT ngram parser would index the same pairs, but MariaDB has none, and neither
 * answers a one-character search. Grams compare in the column's collation, as LIKE does there
 * (case- and accent-insensitive in utf8mb4's `_ci` collations), so counts and matches agree
 * with LIKE.
 */

type Db = Kysely<Record<string, unknown>>;

/** The posting table and the procedure the triggers call (once per database). */
export async function createGramSupport(db: Db): Promise<void> {
  await sql`
    create table app_gram_row (
      table_name varchar(64) not null, column_name varchar(64) not null, gram varchar(32) not null,
      id bigint not null, primary key (table_name, column_name, gram, id))`.execute(db);
  // Adds (by = 1) or takes away (by = -1) a row's distinct grams: a gram is written where it
  // first occurs in the text (`locate` in what comes before finds a repeat).
  await sql`
    create procedure app_gram_change(t varchar(64), c varchar(64), owner varchar(12), body text, row_id bigint, by_ int)
    begin
      declare i int default 1;
      declare n int default coalesce(char_length(body), 0);
      declare g varchar(32);
      while i <= n do
        set g = substr(body, i, 1);
        if locate(g, substr(body, 1, i - 1)) = 0 then call app_gram_put(t, c, owner, g, row_id, by_); end if;
        if i < n then
          set g = substr(body, i, 2);
          if locate(g, substr(body, 1, i)) = 0 then call app_gram_put(t, c, owner, g, row_id, by_); end if;
        end if;
        set i = i + 1;
      end while;
    end`.execute(db);
  await createGramPut(db);
}

/**
 * The procedure that adds or takes away one gram of a row. The counter moves only when the
 * posting does: the posting's key compares in the column's collation (case, accents and, in PAD
 * SPACE collations, trailing spaces ignored), so two grams the text tells apart but the key does
 * not ('A' after 'Á', 'b ' after 'b') count once, as LIKE finds the row once. (In a trigger
 * MariaDB's row_count() answers 0, so the insert's duplicate branch says whether it was there.)
 */
export async function createGramPut(db: Db): Promise<void> {
  await sql`
    create procedure app_gram_put(t varchar(64), c varchar(64), owner varchar(12), g varchar(2), row_id bigint, by_ int)
    begin
      declare key_ varchar(32) default concat(owner, char(31 using utf8mb4), g);
      declare had int default 0;
      if by_ > 0 then
        -- The duplicate branch marks the posting as there before: no read ahead of the write,
        -- which in a trigger would lock the gap other rows' postings go into.
        set @app_gram_posted = 0;
        insert into app_gram_row (table_name, column_name, gram, id) values (t, c, key_, row_id)
          on duplicate key update id = id + (@app_gram_posted := 1) - 1;
        if @app_gram_posted = 0 then
          insert into app_gram_delta (table_name, column_name, gram, "change") values (t, c, key_, 1);
        end if;
      else
        -- The row's own postings, which its trigger alone writes: only this row's locks are taken.
        select count(*) into had from app_gram_row where table_name = t and column_name = c and gram = key_ and id = row_id;
        if had > 0 then
          delete from app_gram_row where table_name = t and column_name = c and gram = key_ and id = row_id;
          insert into app_gram_delta (table_name, column_name, gram, "change") values (t, c, key_, -1);
        end if;
      end if;
    end`.execute(db);
}

/** Indexes and counts one text column's grams: triggers for what changes, a pass over what is there. */
export async function indexGrams(db: Db, table: string, column: string, tenant: boolean): Promise<void> {
  const owner = (row: string) => (tenant ? `${row}.tenant_id` : `''`);
  const change = (row: string, by: number) =>
    `if ${row}.is_deleted = 0 then call app_gram_change('${table}', '${column}', ${owner(row)}, ${row}.${column}, ${row}.id, ${by}); end if;`;
  const name = `app_gram_${table}_${column}`;
  const watched = [column, 'is_deleted', ...(tenant ? ['tenant_id'] : [])];
  const moved = watched.map((w) => `not (old.${w} <=> new.${w})`).join(' or ');
  const trigger = (event: string, body: string) =>
    sql
      .raw(
        `create trigger ${name}_${event.slice(0, 3)} after ${event} on ${table} for each row begin ${body} end`,
      )
      .execute(db);
  await trigger('insert', change('new', 1));
  await trigger('update', `if ${moved} then ${change('old', -1)} ${change('new', 1)} end if;`);
  await trigger('delete', change('old', -1));
  // The rows already there, by a procedure of this column's own (a procedure names its table).
  await sql
    .raw(`
    create procedure ${name}_fill()
    begin
      declare done int default 0;
      declare row_id bigint;
      declare owner varchar(12);
      declare body text;
      declare live cursor for select id, ${owner(table)}, ${column} from ${table} where is_deleted = 0;
      declare continue handler for not found set done = 1;
      open live;
      walk: loop
        fetch live into row_id, owner, body;
        if done then leave walk; end if;
        call app_gram_change('${table}', '${column}', owner, body, row_id, 1);
      end loop;
      close live;
    end`)
    .execute(db);
  await sql.raw(`call ${name}_fill()`).execute(db);
  await sql.raw(`drop procedure ${name}_fill`).execute(db);
}
