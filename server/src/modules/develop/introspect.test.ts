import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../core/errors.js';
import { type DataAccess, openDatabase } from '../../db/database.js';
import { freshDatabase } from '../../test/harness.js';
import { mapType } from './code-plan.js';
import { createEveryTypeTable, EVERY_TYPE_TABLE } from './every-type-table.js';
import { introspectTable, type TableInfo } from './introspect.js';

/** What every column of the fixture table must read as, on each database, and the field type it maps to. */
const EXPECTED: Record<
  string,
  { type: string | undefined; nullable: boolean; length?: number; scale?: number; pgOnly?: boolean }
> = {
  id: { type: 'int', nullable: false },
  tenant_id: { type: 'text', nullable: false, length: 12 },
  title: { type: 'text', nullable: false, length: 64 },
  code: { type: 'text', nullable: true, length: 8 },
  body: { type: 'longtext', nullable: true },
  qty: { type: 'int', nullable: false },
  big: { type: 'int', nullable: true },
  small: { type: 'int', nullable: true },
  price: { type: 'decimal', nullable: true, length: 10, scale: 2 },
  ratio: { type: 'decimal', nullable: true },
  weight: { type: 'decimal', nullable: true },
  active: { type: 'flag', nullable: false },
  born: { type: 'date', nullable: true },
  seen_at: { type: 'datetime', nullable: true },
  stamped: { type: 'datetime', nullable: true },
  at_time: { type: 'text', nullable: true, pgOnly: true },
  payload: { type: 'json', nullable: true },
  doc: { type: 'json', nullable: true, pgOnly: true },
  uid: { type: 'text', nullable: true, pgOnly: true },
  photo: { type: undefined, nullable: true },
  amount: { type: 'decimal', nullable: true, pgOnly: true },
  kind: { type: 'text', nullable: false, length: 16 },
  create_time: { type: 'datetime', nullable: false },
  is_deleted: { type: 'int', nullable: false },
};

describe('table introspection', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let data: DataAccess;
  let table: TableInfo;
  beforeAll(async () => {
    database = await freshDatabase();
    data = openDatabase(database.url, { poolSize: 2 });
    await createEveryTypeTable(data);
    table = await introspectTable(data, EVERY_TYPE_TABLE);
  });
  afterAll(async () => {
    await data.close();
    await database.drop();
  });

  it('reads every column with its type, nullability, size and field type', () => {
    const pg = data.dialect === 'postgres';
    const byName = new Map(table.columns.map((c) => [c.name, c]));
    for (const [name, want] of Object.entries(EXPECTED)) {
      const column = byName.get(name);
      if (want.pgOnly && !pg) {
        expect(column, name).toBeUndefined();
        continue;
      }
      expect(column, name).toBeDefined();
      expect(column!.nullable, `${name} nullable`).toBe(want.nullable);
      expect(mapType(column!, table.dialect)?.type, `${name} (${column!.dbType})`).toBe(want.type);
      if (want.length !== undefined) expect(column!.length, `${name} length`).toBe(want.length);
      if (want.scale !== undefined) expect(column!.scale, `${name} scale`).toBe(want.scale);
    }
    // Columns come in table order, the first being the key.
    expect(table.columns[0]).toMatchObject({ name: 'id', primaryKey: true });
    expect(table.columns.filter((c) => c.primaryKey).map((c) => c.name)).toEqual(['id']);
  });

  it('reads defaults as the database prints them', () => {
    const byName = new Map(table.columns.map((c) => [c.name, c]));
    expect(byName.get('qty')!.defaultValue).toBe('0');
    expect(byName.get('kind')!.defaultValue).toMatch(/^'basic'/);
    expect(byName.get('body')!.defaultValue).toBeNull();
  });

  it('reads column and table comments where the database keeps them', () => {
    const title = table.columns.find((c) => c.name === 'title')!;
    if (data.dialect === 'mysql') {
      expect(title.comment).toBe('标题，必填');
      expect(table.comment).toBe('全类型示例');
      expect(title.dbType).toBe('varchar(64)');
    } else if (data.dialect === 'postgres') {
      expect(title.comment).toBe('标题，必填');
      expect(table.comment).toBe('全类型示例');
      expect(table.columns.find((c) => c.name === 'uid')!.dbType).toBe('uuid');
      expect(table.columns.find((c) => c.name === 'stamped')!.dbType).toBe('timestamp with time zone');
    } else {
      expect(title.comment).toBeNull();
      expect(title.dbType).toBe('varchar(64)');
    }
  });

  it('refuses a table that is not there, and a name that is not a plain identifier', async () => {
    const missing = await introspectTable(data, 'no_such_table').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AppError);
    expect(missing).toMatchObject({
      status: 404,
      key: 'codeTableMissing',
      params: { table: 'no_such_table' },
    });
    const odd = await introspectTable(data, 'x; drop table demo_every_type').catch((e: unknown) => e);
    expect(odd).toMatchObject({ status: 400 });
    // Only read: the table is still there, unchanged.
    const again = await introspectTable(data, EVERY_TYPE_TABLE);
    expect(again.columns.length).toBe(table.columns.length);
  });

  it('reports a table without a primary key as having none', async () => {
    await sql.raw('create table demo_no_key (name varchar(20))').execute(data.unscoped());
    const info = await introspectTable(data, 'demo_no_key');
    expect(info.columns).toEqual([
      expect.objectContaining({ name: 'name', primaryKey: false, nullable: true }),
    ]);
  });
});
