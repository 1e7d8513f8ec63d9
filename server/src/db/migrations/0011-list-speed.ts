import { type Kysely, sql } from 'kysely';
import { dialectOf, dropIndexOn } from '../dialects/dialect-of.js';
import { mysqlKeyPart } from '../dialects/mysql.js';
import { createGramSupport, indexGrams } from '../dialects/mysql-grams.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * List speed without a cache (see crud/list-support.ts for how lists use what this builds):
 *
 * - `app_list_count` (+ `app_list_delta`, changes not folded in yet): the live rows
 *   (is_deleted = 0) of every soft-deleting table, per tenant and per day of create_time, kept by
 *   triggers in the transaction of each insert, soft delete, restore and delete, whatever module
 *   or statement makes it. Their sum is a list's exact total; the days let a deep page start
 *   near its offset instead of stepping over it.
 * - Contains indexes for `like` searches on large lists: an FTS5 table of the text's characters
 *   and character pairs on SQLite, a GIN index of the same on PostgreSQL. Pairs, not trigrams:
 *   Chinese names are two or three characters, and a two-character search must be indexed.
 * - `app_list_support`: what of the above this database has, read by the server at first use;
 *   a table without a row there is counted the slow way, never wrongly.
 * - Narrower, live-rows-only indexes for the user list.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('app_list_count')
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('bucket', 'varchar(10)', (c) => c.notNull())
    .addColumn('live', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_app_list_count', ['table_name', 'tenant_id', 'bucket'])
    .execute();
  await db.schema
    .createTable('app_list_delta')
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('bucket', 'varchar(10)', (c) => c.notNull())
    .addColumn('change', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_app_list_delta')
    .on('app_list_delta')
    .columns(['table_name', 'tenant_id'])
    .execute();
  await db.schema
    .createTable('app_gram_count')
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('column_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('gram', 'varchar(64)', (c) => c.notNull())
    .addColumn('live', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_app_gram_count', ['table_name', 'column_name', 'gram'])
    .execute();
  await db.schema
    .createTable('app_gram_delta')
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('column_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('gram', 'varchar(64)', (c) => c.notNull())
    .addColumn('change', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_app_gram_delta')
    .on('app_gram_delta')
    .columns(['table_name', 'column_name', 'gram'])
    .execute();
  await db.schema
    .createTable('app_list_support')
    .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('column_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('per_tenant', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_app_list_support', ['table_name', 'kind', 'column_name'])
    .execute();
  if (dialectOf(db) === 'mysql') {
    // A sequence of each change, so that a fold deletes exactly the changes it read and skips
    // those of transactions still open (db/list-counts.ts).
    for (const table of ['app_list_delta', 'app_gram_delta'])
      await sql.raw(`alter table ${table} add column seq bigint auto_increment primary key`).execute(db);
    await createGramSupport(db);
  } else if (onPostgres(db)) {
    await sql`
      create function app_grams(owner text, body text) returns text[]
      language sql immutable parallel safe as $$
        select coalesce(array_agg(distinct owner || chr(31) || g), '{}')
        from (
          select substr(body, i, 1) as g from generate_series(1, char_length(body)) i
          union all
          select substr(body, i, 2) from generate_series(1, char_length(body) - 1) i
        ) grams
      $$`.execute(db);
  } else {
    // Positions 1..n for the triggers that split text into characters (no loops in SQLite SQL).
    await db.schema
      .createTable('app_seq')
      .addColumn('n', 'integer', (c) => c.primaryKey())
      .execute();
    await sql`
      with recursive s(n) as (select 1 union all select n + 1 from s where n < ${sql.lit(SEQ_MAX)})
      insert into app_seq (n) select n from s`.execute(db);
  }

  // Every table that soft-deletes rows at this point of history is counted.
  for (const table of await tablesWith(db, 'is_deleted')) await countLiveRows(db, table);

  await userIndexes(db);
  // The names people search large lists by. Not nicknames and not log text: their index would
  // cost more to keep (an ASCII nickname is ~20 grams a row) than their searches save.
  for (const [table, column] of [
    ['blade_user', 'real_name'],
    ['mall_order', 'receiver'],
    ['mall_user', 'real_name'],
  ] as const)
    await indexContains(db, table, column);
  // Fresh statistics for the new indexes, or the planners choose among them blind until the
  // next analysis (SQLite never analyses by itself).
  for (const table of ['blade_user', 'mall_order', 'mall_user'])
    await sql.raw(`analyze ${dialectOf(db) === 'mysql' ? 'table ' : ''}${table}`).execute(db);
}

/**
 * Longest text a contains index splits on SQLite: the indexed columns hold at most a few hundred
 * characters (indexContains refuses wider ones), so every character of a value is indexed.
 */
const SEQ_MAX = 4000;

const onPostgres = (db: Db): boolean => dialectOf(db) === 'postgres';

const plain = (name: string): string => {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain name: ${name}`);
  return name;
};

async function tablesWith(db: Db, column: string): Promise<string[]> {
  const rows = onPostgres(db)
    ? await sql<{ name: string }>`
        select table_name as name from information_schema.columns
        where table_schema = current_schema() and column_name = ${column} order by table_name`.execute(db)
    : dialectOf(db) === 'mysql'
      ? await sql<{ name: string }>`
        select table_name as name from information_schema.columns
        where table_schema = database() and column_name = ${column} order by table_name`.execute(db)
      : await sql<{ name: string }>`
        select m.name from sqlite_master m join pragma_table_info(m.name) p
        where m.type = 'table' and p.name = ${column} order by m.name`.execute(db);
  return rows.rows.map((r) => r.name);
}

/**
 * Whether a table's rows belong to tenants: it has tenant_id, except the tenant table, whose
 * tenant_id names the tenant itself.
 */
async function perTenant(db: Db, table: string): Promise<boolean> {
  return table !== 'blade_tenant' && (await tablesWith(db, 'tenant_id')).includes(table);
}

/**
 * Counts a table's live rows from now on: triggers that run inside every writing statement's
 * transaction, and the rows already there. SQLite (one writer at a time) adds to app_list_count
 * directly; PostgreSQL appends to app_list_delta. Later migrations call it for tables they create.
 */
export async function countLiveRows(db: Db, table: string): Promise<void> {
  const t = plain(table);
  const tenant = await perTenant(db, t);
  const owner = (row: string) => (tenant ? `${row}.tenant_id` : `''`);
  const watched = ['is_deleted', 'create_time', ...(tenant ? ['tenant_id'] : [])];
  const changed = (compare: string) => watched.map((c) => `old.${c} ${compare} new.${c}`).join(' or ');
  if (onPostgres(db)) {
    // Writers append changes to app_list_delta and never wait on a shared counter row (nor
    // deadlock over two of them); db/list-counts.ts folds the changes into app_list_count.
    const day = (row: string) => `coalesce(to_char(${row}.create_time, 'YYYY-MM-DD'), '')`;
    await sql
      .raw(`
      create function app_count_${t}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into app_list_delta (table_name, tenant_id, bucket, change)
          select '${t}', ${owner('added')}, ${day('added')}, count(*) from added
          where added.is_deleted = 0 group by 2, 3;
          return null;
        end if;
        if tg_op <> 'INSERT' and old.is_deleted = 0 then
          insert into app_list_delta (table_name, tenant_id, bucket, change)
          values ('${t}', ${owner('old')}, ${day('old')}, -1);
        end if;
        if tg_op = 'UPDATE' and new.is_deleted = 0 then
          insert into app_list_delta (table_name, tenant_id, bucket, change)
          values ('${t}', ${owner('new')}, ${day('new')}, 1);
        end if;
        return null;
      end $$`)
      .execute(db);
    // Inserts once per statement (a batch of a thousand rows is one change per day); updates
    // and deletes per row, and only when they change what is counted.
    await sql
      .raw(`
      create trigger app_count_${t}_ins after insert on ${t}
      referencing new table as added for each statement execute function app_count_${t}()`)
      .execute(db);
    await sql
      .raw(`
      create trigger app_count_${t}_upd after update of ${watched.join(', ')} on ${t}
      for each row when (${changed('is distinct from')}) execute function app_count_${t}()`)
      .execute(db);
    await sql
      .raw(`
      create trigger app_count_${t}_del after delete on ${t}
      for each row when (old.is_deleted = 0) execute function app_count_${t}()`)
      .execute(db);
    await seedCounts(db, t, tenant ? 'tenant_id' : `''`, day(t));
  } else if (dialectOf(db) === 'mysql') {
    // As on PostgreSQL, changes are appended, one per row (MySQL has no statement triggers).
    const day = (row: string) => `coalesce(date_format(${row}.create_time, '%Y-%m-%d'), '')`;
    const change = (row: string, by: number) => `
      if ${row}.is_deleted = 0 then
        insert into app_list_delta (table_name, tenant_id, bucket, "change")
        values ('${t}', ${owner(row)}, ${day(row)}, ${by});
      end if;`;
    const trigger = (event: string, body: string) =>
      sql
        .raw(
          `create trigger app_count_${t}_${event.slice(0, 3)} after ${event} on ${t} for each row begin ${body} end`,
        )
        .execute(db);
    await trigger('insert', change('new', 1));
    const moved = watched.map((c) => `not (old.${c} <=> new.${c})`).join(' or ');
    await trigger('update', `if ${moved} then ${change('old', -1)} ${change('new', 1)} end if;`);
    await trigger('delete', change('old', -1));
    await seedCounts(db, t, tenant ? 'tenant_id' : `''`, day(t));
  } else {
    const day = (row: string) => `coalesce(substr(${row}.create_time, 1, 10), '')`;
    const add = (row: string) => `
      insert into app_list_count (table_name, tenant_id, bucket, live)
      select '${t}', ${owner(row)}, ${day(row)}, 1 where ${row}.is_deleted = 0
      on conflict (table_name, tenant_id, bucket) do update set live = live + 1;`;
    const remove = (row: string) => `
      update app_list_count set live = live - 1
      where ${row}.is_deleted = 0 and table_name = '${t}' and tenant_id = ${owner(row)}
        and bucket = ${day(row)};`;
    await sql
      .raw(`create trigger app_count_${t}_ins after insert on ${t} begin ${add('new')} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger app_count_${t}_upd after update of ${watched.join(', ')} on ${t}
         when ${changed('is not')} begin ${remove('old')} ${add('new')} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger app_count_${t}_del after delete on ${t} begin ${remove('old')} end`)
      .execute(db);
    await seedCounts(db, t, tenant ? 'tenant_id' : `''`, day(t));
  }
  await db
    .insertInto('app_list_support')
    .values({ table_name: t, kind: 'count', column_name: '', per_tenant: tenant ? 1 : 0 })
    .execute();
}

async function seedCounts(db: Db, table: string, owner: string, day: string): Promise<void> {
  await sql
    .raw(`
    insert into app_list_count (table_name, tenant_id, bucket, live)
    select '${table}', ${owner}, ${day}, count(*) from ${table} where is_deleted = 0
    group by ${owner === `''` ? '' : `${owner}, `}${day}`)
    .execute(db);
}

/**
 * Indexes a text column for `like '%…%'` searches of live rows: every character and every pair
 * of adjacent characters, each prefixed with the row's tenant so that a tenant's matches are one
 * posting list. A search of one character looks up that character; a longer one looks up its
 * pairs (on SQLite as a phrase of consecutive pairs, which is exactly a substring match).
 * SQLite lower-cases ASCII as its LIKE does; PostgreSQL keeps case as its LIKE does.
 */
export async function indexContains(db: Db, table: string, column: string): Promise<void> {
  const t = plain(table);
  const c = plain(column);
  const tenant = await perTenant(db, t);
  if (dialectOf(db) === 'mysql') {
    await indexGrams(db, t, c, tenant);
  } else if (onPostgres(db)) {
    await sql
      .raw(`
      create index app_grams_${t}_${c} on ${t}
      using gin (app_grams(${tenant ? 'tenant_id' : `''`}, ${c})) where is_deleted = 0`)
      .execute(db);
  } else {
    const declared = await sql<{ type: string }>`
      select type from pragma_table_info(${t}) where name = ${c}`.execute(db);
    const width = Number(/^varchar\((\d+)\)$/i.exec(declared.rows[0]?.type ?? '')?.[1]);
    if (!(width <= SEQ_MAX)) throw new Error(`${t}.${c} is not a varchar of at most ${SEQ_MAX}`);
    const fts = `app_fts_${t}_${c}`;
    await sql
      .raw(`create virtual table ${fts} using fts5(bi, uni, content='', columnsize=0, tokenize='ascii')`)
      .execute(db);
    // Tokens are hex, so no tokenizer rule can split or drop one: hex(owner) 'x' hex(gram).
    const grams = (row: string, size: 1 | 2) => `(
      select group_concat(hex(${tenant ? `${row}.tenant_id` : `''`}) || 'x' || hex(lower(substr(${row}.${c}, n, ${size}))), ' ')
      from app_seq where n <= length(${row}.${c}) - ${size - 1})`;
    const put = (row: string) => `
      insert into ${fts} (rowid, bi, uni)
      select ${row}.id, ${grams(row, 2)}, ${grams(row, 1)}
      where ${row}.is_deleted = 0 and length(${row}.${c}) > 0;`;
    // A contentless table forgets a row only when told exactly the tokens it was given.
    const drop = (row: string) => `
      insert into ${fts} (${fts}, rowid, bi, uni)
      select 'delete', ${row}.id, ${grams(row, 2)}, ${grams(row, 1)}
      where ${row}.is_deleted = 0 and length(${row}.${c}) > 0;`;
    const watched = [c, 'is_deleted', ...(tenant ? ['tenant_id'] : [])];
    await sql.raw(`create trigger ${fts}_ins after insert on ${t} begin ${put('new')} end`).execute(db);
    await sql
      .raw(
        `create trigger ${fts}_upd after update of ${watched.join(', ')} on ${t}
         when ${watched.map((w) => `old.${w} is not new.${w}`).join(' or ')}
         begin ${drop('old')} ${put('new')} end`,
      )
      .execute(db);
    await sql.raw(`create trigger ${fts}_del after delete on ${t} begin ${drop('old')} end`).execute(db);
    await sql
      .raw(`
      insert into ${fts} (rowid, bi, uni)
      select r.id, ${grams('r', 2)}, ${grams('r', 1)} from ${t} r
      where r.is_deleted = 0 and length(r.${c}) > 0`)
      .execute(db);
  }
  // MySQL's gram postings and counters are kept by the same triggers (indexGrams).
  if (dialectOf(db) !== 'mysql') await countGrams(db, t, c, tenant);
  await db
    .insertInto('app_list_support')
    .values({ table_name: t, kind: 'contains', column_name: c, per_tenant: tenant ? 1 : 0 })
    .execute();
}

/**
 * Counts, per owner and gram (a character or a pair, as the contains index has them), the live
 * rows whose column holds it: the exact total of a search of one or two characters, the most
 * common kind (a surname, a given name), without reading its matches. Kept like the live-row
 * counters: upserts on SQLite, appended changes on PostgreSQL (db/list-counts.ts folds them).
 */
async function countGrams(db: Db, t: string, c: string, tenant: boolean): Promise<void> {
  const owner = (row: string) => (tenant ? `${row}.tenant_id` : `''`);
  const watched = [c, 'is_deleted', ...(tenant ? ['tenant_id'] : [])];
  if (onPostgres(db)) {
    const grams = (row: string) => `unnest(app_grams(${owner(row)}, ${row}.${c})) g`;
    const change = (row: string, by: number) => `
      insert into app_gram_delta (table_name, column_name, gram, change)
      select '${t}', '${c}', g, ${by} from ${grams(row)};`;
    await sql
      .raw(`
      create function app_gram_count_${t}_${c}() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into app_gram_delta (table_name, column_name, gram, change)
          select '${t}', '${c}', g, count(*) from added, ${grams('added')}
          where added.is_deleted = 0 group by g;
          return null;
        end if;
        if old.is_deleted = 0 then ${change('old', -1)} end if;
        if tg_op = 'UPDATE' and new.is_deleted = 0 then ${change('new', 1)} end if;
        return null;
      end $$`)
      .execute(db);
    const name = `app_gram_count_${t}_${c}`;
    await sql
      .raw(`
      create trigger ${name}_ins after insert on ${t}
      referencing new table as added for each statement execute function ${name}()`)
      .execute(db);
    await sql
      .raw(`
      create trigger ${name}_upd after update of ${watched.join(', ')} on ${t} for each row
      when (${watched.map((w) => `old.${w} is distinct from new.${w}`).join(' or ')}) execute function ${name}()`)
      .execute(db);
    await sql
      .raw(`
      create trigger ${name}_del after delete on ${t}
      for each row when (old.is_deleted = 0) execute function ${name}()`)
      .execute(db);
    await sql
      .raw(`
      insert into app_gram_count (table_name, column_name, gram, live)
      select '${t}', '${c}', g, count(*) from ${t} r, ${grams('r')} where r.is_deleted = 0 group by g`)
      .execute(db);
    return;
  }
  // The distinct characters and pairs of a row's text, lower-cased as its LIKE compares them.
  const grams = (row: string) => `
    select ${owner(row)} || char(31) || g as gram from (
      select lower(substr(${row}.${c}, n, 1)) as g from app_seq where n <= length(${row}.${c})
      union
      select lower(substr(${row}.${c}, n, 2)) from app_seq where n < length(${row}.${c}))`;
  const add = (row: string) => `
    insert into app_gram_count (table_name, column_name, gram, live)
    select '${t}', '${c}', gram, 1 from (${grams(row)}) where ${row}.is_deleted = 0
    on conflict (table_name, column_name, gram) do update set live = live + 1;`;
  const remove = (row: string) => `
    update app_gram_count set live = live - 1
    where ${row}.is_deleted = 0 and table_name = '${t}' and column_name = '${c}'
      and gram in (${grams(row)});`;
  const name = `app_gram_count_${t}_${c}`;
  await sql.raw(`create trigger ${name}_ins after insert on ${t} begin ${add('new')} end`).execute(db);
  await sql
    .raw(
      `create trigger ${name}_upd after update of ${watched.join(', ')} on ${t}
       when ${watched.map((w) => `old.${w} is not new.${w}`).join(' or ')}
       begin ${remove('old')} ${add('new')} end`,
    )
    .execute(db);
  await sql.raw(`create trigger ${name}_del after delete on ${t} begin ${remove('old')} end`).execute(db);
  // SQLite has no lateral joins: the rows already there are split by joining the positions.
  const split = (size: 1 | 2) => `
    select r.id, ${owner('r')} || char(31) || lower(substr(r.${c}, s.n, ${size})) as gram
    from ${t} r join app_seq s on s.n <= length(r.${c}) - ${size - 1} where r.is_deleted = 0`;
  await sql
    .raw(`
    insert into app_gram_count (table_name, column_name, gram, live)
    select '${t}', '${c}', gram, count(*) from (${split(1)} union ${split(2)}) group by gram`)
    .execute(db);
}

/**
 * The user list's indexes hold live rows only and end in id (the lists' tie-break), so a
 * department's count and a page of it read the index alone; the real name is searched through
 * its contains index instead of a whole-text index that no `like '%…%'` could use.
 */
async function userIndexes(db: Db): Promise<void> {
  for (const name of [
    'idx_user_tenant_id_is_deleted_create_time_id',
    'idx_user_tenant_id_dept_id_create_time',
    'idx_user_tenant_id_real_name',
    'idx_user_tenant_id_phone',
  ])
    await dropIndexOn(db, name, 'blade_user');
  // MySQL has no partial indexes: its index covers every row, and answers the same queries.
  const liveRows = dialectOf(db) === 'mysql' ? '' : ' where is_deleted = 0';
  const live = (name: string, columns: string) =>
    sql.raw(`create index ${name} on blade_user (${columns})${liveRows}`).execute(db);
  await live('idx_user_live_time', 'tenant_id, create_time, id');
  const dept = dialectOf(db) === 'mysql' ? mysqlKeyPart('blade_user', 'dept_id') : 'dept_id';
  await live('idx_user_live_dept', `tenant_id, ${dept}, create_time, id`);
  if (onPostgres(db)) {
    // Pattern operator classes answer prefix searches (LIKE 'x%') and equality alike.
    for (const name of ['idx_user_account_prefix', 'idx_user_phone_prefix'])
      await dropIndexOn(db, name, 'blade_user');
    await live('idx_user_live_account_prefix', 'tenant_id, account varchar_pattern_ops');
    await live('idx_user_live_phone_prefix', 'tenant_id, phone varchar_pattern_ops');
  } else {
    await live('idx_user_live_phone', 'tenant_id, phone');
  }
}
