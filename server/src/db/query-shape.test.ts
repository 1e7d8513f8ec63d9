import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DataAccess, openDatabase } from './database.js';
import { QueryShapes } from './query-shape.js';
import { TenantScopePlugin } from './tenant-scope.js';

interface Item {
  id: number;
  tenant_id: string;
  name: string;
}
type Db = Kysely<{ shape_item: Item }>;

const URL = process.env.TEST_MYSQL_URL ?? process.env.TEST_DATABASE_URL ?? 'sqlite::memory:';
const scoped = (db: Db, tenant: string): Db =>
  db.withPlugin(new TenantScopePlugin(tenant, new Set(['shape_item'])));

describe('QueryShapes', () => {
  let data: DataAccess;
  let db: Db;

  beforeAll(async () => {
    data = openDatabase(URL);
    db = data.unscoped() as unknown as Db;
    await sql`drop table if exists shape_item`.execute(db);
    await sql`create table shape_item (id integer primary key, tenant_id varchar(12) not null, name varchar(20) not null)`.execute(
      db,
    );
    await db
      .insertInto('shape_item')
      .values([
        { id: 1, tenant_id: 'a', name: 'one' },
        { id: 2, tenant_id: 'a', name: 'two' },
        { id: 3, tenant_id: 'b', name: 'three' },
        { id: 4, tenant_id: 'b', name: 'four' },
      ])
      .execute();
  });
  afterAll(async () => {
    await sql`drop table if exists shape_item`.execute(db);
    await data.close();
  });

  const above = (handle: Db) => (from: number, size: number) =>
    handle.selectFrom('shape_item').select(['id', 'name']).where('id', '>', from).orderBy('id').limit(size);

  it('compiles a shape once and answers each run with its own arguments', async () => {
    const shapes = new QueryShapes();
    let built = 0;
    const build = (from: number, size: number) => {
      built++;
      return above(db)(from, size);
    };
    for (const [from, size] of [
      [0, 2],
      [1, 3],
      [3, 10],
      [4, 1],
    ] as const) {
      const rows = await shapes.execute(db, 'above', build, [from, size]);
      expect(rows).toEqual(await above(db)(from, size).execute());
    }
    expect(built).toBe(1);
    expect(await shapes.execute(db, 'above', build, [1, 2])).toEqual([
      { id: 2, name: 'two' },
      { id: 3, name: 'three' },
    ]);
  });

  it('keeps shapes apart by key and by handle (a tenant scope is part of the handle)', async () => {
    const shapes = new QueryShapes();
    const [a, b] = [scoped(db, 'a'), scoped(db, 'b')];
    const named = (handle: Db) => (name: string) =>
      handle.selectFrom('shape_item').select('id').where('name', '=', name).orderBy('id');
    expect(await shapes.execute(a, 'list', above(a), [0, 10])).toEqual([
      { id: 1, name: 'one' },
      { id: 2, name: 'two' },
    ]);
    expect(await shapes.execute(b, 'list', above(b), [0, 10])).toEqual([
      { id: 3, name: 'three' },
      { id: 4, name: 'four' },
    ]);
    expect(await shapes.execute(a, 'named', named(a), ['two'])).toEqual([{ id: 2 }]);
    expect(await shapes.execute(a, 'named', named(a), ['three'])).toEqual([]);
    expect(await shapes.execute(b, 'named', named(b), ['three'])).toEqual([{ id: 3 }]);
  });

  it('starts over once it holds as many shapes as it keeps, over all handles', async () => {
    const shapes = new QueryShapes(3);
    const builds: string[] = [];
    const run = (handle: Db, key: string) =>
      shapes.execute(
        handle,
        key,
        (from: number) => {
          builds.push(key);
          return above(handle)(from, 1);
        },
        [0],
      );
    const other = scoped(db, 'a');
    for (const [handle, key] of [
      [db, 'k1'],
      [other, 'k2'],
      [db, 'k3'],
      [db, 'k1'],
      [other, 'k2'],
      [other, 'k4'],
      [db, 'k1'],
      [other, 'k4'],
    ] as const)
      await run(handle, key);
    // Kept until a fourth shape arrives; then only that one is, until others are built again.
    expect(builds).toEqual(['k1', 'k2', 'k3', 'k4', 'k1']);
  });

  it('refuses a shape whose placeholder does not reach the statement as a parameter', async () => {
    const shapes = new QueryShapes();
    await expect(
      shapes.execute(db, 'lost', (_unused: number) => db.selectFrom('shape_item').select('id'), [1]),
    ).rejects.toThrow(/not a parameter/);
  });
});
