import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TenantScopeError, TenantScopePlugin } from './tenant-scope.js';

interface Db {
  note: { id: number; tenant_id: string; title: string; owner_id: number | null };
  person: { id: number; tenant_id: string; name: string };
  kind: { id: number; label: string };
}

describe('tenant scope plugin', () => {
  let root: Kysely<Db>;
  let a: Kysely<Db>;
  let b: Kysely<Db>;

  beforeAll(async () => {
    root = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    await sql`create table note (id integer primary key, tenant_id text not null, title text, owner_id integer)`.execute(
      root,
    );
    await sql`create table person (id integer primary key, tenant_id text not null, name text)`.execute(root);
    await sql`create table kind (id integer primary key, label text)`.execute(root);
    const tables = new Set(['note', 'person']);
    a = root.withPlugin(new TenantScopePlugin('A', tables));
    b = root.withPlugin(new TenantScopePlugin('B', tables));
    await a.insertInto('person').values({ id: 1, tenant_id: 'A', name: 'Ann' }).execute();
    // A forged tenant id in the values is overridden by the scope.
    await b.insertInto('person').values({ id: 2, tenant_id: 'A', name: 'Bob' }).execute();
    await a
      .insertInto('note')
      .values([{ id: 10, title: 'a1', owner_id: 1 } as Db['note']])
      .execute();
    await b.insertInto('note').values({ id: 20, tenant_id: 'B', title: 'b1', owner_id: 2 }).execute();
    await root.insertInto('kind').values({ id: 1, label: 'shared' }).execute();
  });
  afterAll(() => root.destroy());

  it('stamps inserts with the scope tenant, whatever the caller wrote', async () => {
    const rows = await root.selectFrom('person').select(['id', 'tenant_id']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 1, tenant_id: 'A' },
      { id: 2, tenant_id: 'B' },
    ]);
    expect(
      (await root.selectFrom('note').select('tenant_id').where('id', '=', 10).executeTakeFirst())?.tenant_id,
    ).toBe('A');
  });

  it('filters plain selects, aliases, joins and sub-queries', async () => {
    expect(await a.selectFrom('person').select('name').execute()).toEqual([{ name: 'Ann' }]);
    expect(await b.selectFrom('person as p').select('p.name').execute()).toEqual([{ name: 'Bob' }]);
    const joined = await a
      .selectFrom('kind')
      .leftJoin('person', (j) => j.onTrue())
      .select(['kind.label', 'person.name'])
      .execute();
    expect(joined).toEqual([{ label: 'shared', name: 'Ann' }]);
    const inner = await b
      .selectFrom('note')
      .innerJoin('person', 'person.id', 'note.owner_id')
      .select(['note.title', 'person.name'])
      .execute();
    expect(inner).toEqual([{ title: 'b1', name: 'Bob' }]);
    const sub = await a
      .selectFrom('kind')
      .select((eb) => eb.selectFrom('person').select(eb.fn.countAll<number>().as('n')).as('people'))
      .executeTakeFirst();
    expect(Number(sub?.people)).toBe(1);
    // Even asking for the other tenant explicitly finds nothing.
    expect(await a.selectFrom('person').selectAll().where('tenant_id', '=', 'B').execute()).toEqual([]);
  });

  it('keeps updates and deletes inside the tenant', async () => {
    await a.updateTable('person').set({ name: 'changed' }).execute();
    expect(
      (await root.selectFrom('person').select('name').where('id', '=', 2).executeTakeFirst())?.name,
    ).toBe('Bob');
    const deleted = await a.deleteFrom('note').where('id', '=', 20).executeTakeFirst();
    expect(Number(deleted.numDeletedRows)).toBe(0);
    expect(await root.selectFrom('note').select('id').where('id', '=', 20).execute()).toEqual([{ id: 20 }]);
  });

  it('leaves global tables alone and refuses what it cannot scope', async () => {
    expect(await a.selectFrom('kind').select('label').execute()).toEqual([{ label: 'shared' }]);
    expect(() =>
      a
        .insertInto('person')
        .columns(['id', 'name'])
        .expression((eb) => eb.selectFrom('kind').select(['id', 'label']))
        .compile(),
    ).toThrow(TenantScopeError);
    expect(() => new TenantScopePlugin('', new Set())).toThrow(TenantScopeError);
  });
});
