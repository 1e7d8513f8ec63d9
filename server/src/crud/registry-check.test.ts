import { resources } from '@blade/schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataAccess } from '../db/database.js';
import { seededDictionaryKeys } from '../db/seed/dictionaries.js';
import { SCOPED_TABLES } from '../db/tables.js';
import { build, type TestServer } from '../test/harness.js';
import { checkRegistry, expectedColumns } from './registry-check.js';

const facts = {
  dictionaries: seededDictionaryKeys,
  tenantTables: SCOPED_TABLES,
};

/** Columns that lead an index of the table (or follow tenant_id in one). */
async function indexedColumns(data: DataAccess, table: string): Promise<Set<string>> {
  const db = data.unscoped();
  const leading = new Set<string>();
  const add = (columns: string[]) => {
    // Skip the columns every list query fixes (tenant, live rows) to find the one it orders by.
    const rest = columns.filter((c, i) => !(['tenant_id', 'is_deleted'].includes(c) && i < 2));
    if (columns[0]) leading.add(columns[0]);
    if (rest[0]) leading.add(rest[0]);
  };
  if (data.dialect === 'sqlite') {
    const list = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db);
    for (const index of list.rows) {
      const info = await sql<{
        name: string;
      }>`select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
      add(info.rows.map((r) => r.name));
    }
  } else if (data.dialect === 'mysql') {
    const list = await sql<{ name: string; columns: string }>`
      select index_name as name, group_concat(column_name order by seq_in_index) as columns
      from information_schema.statistics where table_schema = database() and table_name = ${table}
      group by index_name`.execute(db);
    for (const index of list.rows) add(index.columns.split(','));
  } else {
    const list = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where tablename = ${table}`.execute(db);
    for (const index of list.rows) {
      const columns = /\(([^)]+)\)/.exec(index.indexdef)?.[1] ?? '';
      add(columns.split(',').map((c) => c.trim().replace(/"/g, '')));
    }
  }
  return leading;
}

describe('the registry', () => {
  it('is consistent', () => {
    expect(checkRegistry(resources, facts)).toEqual([]);
  });

  it('catches broken declarations', () => {
    const param = resources.param!;
    const broken = {
      param: {
        ...param,
        order: { field: 'nope', direction: 'asc' as const },
        fields: [
          ...param.fields,
          { name: 'kind', type: 'enum' as const, label: { zh: '类', en: 'Kind' }, dict: 'no_such_dict' },
          // A number field on a dictionary of word keys (how banner positions once travelled as null).
          { name: 'target', type: 'int' as const, label: { zh: '打开', en: 'Open' }, dict: 'link_target' },
          param.fields[0]!,
        ],
      },
    };
    const problems = checkRegistry(
      { ...broken, global: { ...param, name: 'global', path: '/x/global', table: 'blade_user' } },
      facts,
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('unknown dictionary no_such_dict'),
        expect.stringContaining('declared twice'),
        expect.stringContaining('number field target uses dictionary link_target with keys _self, _blank'),
        expect.stringContaining('order field nope'),
        expect.stringContaining('global but in the tenant scope'),
      ]),
    );
  });
});

describe('declarations against migrated tables', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  it('every declared column exists, and every sortable or searched-by-equality column is indexed', async () => {
    const tables = await t.services.data.unscoped().introspection.getTables();
    for (const r of Object.values(resources)) {
      const table = tables.find((x) => x.name === r.table);
      expect(table, r.table).toBeDefined();
      const columns = new Set(table!.columns.map((c) => c.name));
      for (const column of expectedColumns(r)) expect(columns.has(column), `${r.table}.${column}`).toBe(true);
      const indexed = await indexedColumns(t.services.data, r.table);
      expect(indexed.has('create_time') || indexed.has('id'), `${r.table} create_time index`).toBe(true);
      for (const f of r.fields.filter((x) => x.sortable)) {
        const column = f.name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
        expect(indexed.has(column), `${r.table}.${column} is sortable but not indexed`).toBe(true);
      }
    }
  });
});
