import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../test/harness.js';
import { openDatabase } from './database.js';
import { preparingPool } from './pg-prepared.js';

const PG_URL = process.env.TEST_DATABASE_URL;

describe.skipIf(!PG_URL)('statements kept prepared on a PostgreSQL connection', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  let db: Kysely<Record<string, Record<string, unknown>>>;

  beforeAll(async () => {
    database = await freshDatabase();
    // One connection, so every statement below meets the same kept set.
    pool = new pg.Pool({ connectionString: database.url, max: 1 });
    db = new Kysely({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
    await sql`create table item (id int primary key, name text)`.execute(db);
    await sql`insert into item values (1, 'one'), (2, 'two')`.execute(db);
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  /** A connection of its own, so nothing kept by the other tests counts. */
  const ownConnection = () =>
    new Kysely<Record<string, Record<string, unknown>>>({
      dialect: new PostgresDialect({
        pool: preparingPool(new pg.Pool({ connectionString: database.url, max: 1 })),
      }),
    });

  const kept = async () =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (r) => r.statement,
    );

  it('keeps a statement from its second run on and answers the same rows', async () => {
    const byId = (id: number) => db.selectFrom('item').select('name').where('id', '=', id).executeTakeFirst();
    expect(await byId(1)).toEqual({ name: 'one' });
    expect((await kept()).some((s) => s.includes('from "item"'))).toBe(false);
    expect(await byId(2)).toEqual({ name: 'two' });
    expect(await byId(3)).toBeUndefined();
    expect((await kept()).filter((s) => s.includes('from "item"'))).toHaveLength(1);
  });

  it('answers a kept `select *` with the new columns after its table changes', async () => {
    const all = () => db.selectFrom('item').selectAll().where('id', '=', 1).executeTakeFirst();
    await all();
    await all();
    await sql`alter table item add column price int default 7`.execute(db);
    // PostgreSQL refuses a kept plan whose row shape changed; the statement is prepared afresh.
    expect(await all()).toEqual({ id: 1, name: 'one', price: 7 });
    expect(await all()).toEqual({ id: 1, name: 'one', price: 7 });
  });

  it('keeps a failing statement failing with its own error, and the connection usable', async () => {
    const missing = () => sql`select * from no_such_table`.execute(db);
    await expect(missing()).rejects.toThrow(/no_such_table/);
    await expect(missing()).rejects.toThrow(/no_such_table/);
    expect((await db.selectFrom('item').select('id').where('id', '=', 2).executeTakeFirst())?.id).toBe(2);
  });

  it('takes only the changed-table refusal for a schema change, not others of its class', async () => {
    const own = ownConnection();
    const byId = () => own.selectFrom('item').select('name').where('id', '=', 1).execute();
    for (let i = 0; i < 2; i++) await byId();
    // 0A000 as well, but the statement's own fault: the kept statements stay as they are.
    const locking = sql`select id from item group by id for update`;
    for (let i = 0; i < 3; i++) await expect(locking.execute(own)).rejects.toThrow(/FOR UPDATE/);
    for (let i = 0; i < 2; i++) await byId();
    const { rows } = await sql<{ name: string }>`select name from pg_prepared_statements`.execute(own);
    expect(rows.map((r) => r.name.split('_')[0])).toEqual(['k0']);
    await own.destroy();
  });

  it('serves transactions and streams as before', async () => {
    await db.transaction().execute(async (trx) => {
      for (let i = 10; i < 14; i++)
        await trx
          .insertInto('item')
          .values({ id: i, name: `n${i}` })
          .execute();
    });
    const names = await db.selectFrom('item').select('name').where('id', '>=', 10).orderBy('id').execute();
    expect(names.map((r) => r.name)).toEqual(['n10', 'n11', 'n12', 'n13']);
  });

  it('holds at most 400 statements a connection and never a very long text (a report query)', async () => {
    const own = ownConnection();
    const long = `select ${'1 + '.repeat(3_000)}1 as n`;
    for (let i = 0; i < 3; i++)
      expect((await sql.raw<{ n: number }>(long).execute(own)).rows[0]!.n).toBe(3_001);
    for (let round = 0; round < 2; round++)
      for (let i = 0; i < 450; i++) await sql.raw(`select ${i} as n from item limit 1`).execute(own);
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
      own,
    );
    expect(rows).toHaveLength(400);
    expect(rows.some((r) => r.statement.length > 8_000)).toBe(false);
    expect((await sql.raw<{ n: number }>('select 449 as n from item limit 1').execute(own)).rows[0]!.n).toBe(
      449,
    );
    await own.destroy();
  });

  it('keeps nothing when the setting is off (a pooler that cannot carry prepared statements)', async () => {
    for (const prepare of [false, true]) {
      const data = openDatabase(database.url, { poolSize: 1, prepare });
      const db = data.unscoped();
      for (let i = 0; i < 3; i++) await sql`select count(*) from item where id > ${i}`.execute(db);
      const { rows } = await sql<{
        n: number;
      }>`select count(*)::int as n from pg_prepared_statements`.execute(db);
      expect(rows[0]!.n > 0).toBe(prepare);
      expect(data.prepare).toBe(prepare);
      await data.close();
    }
  });
});
