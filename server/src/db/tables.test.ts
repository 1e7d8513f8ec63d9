import { resources } from '@blade/schema';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestServer } from '../test/harness.js';
import { BUSINESS_TABLES, type GlobalDatabase, SCOPED_TABLES, TENANT_KEYED_TABLES } from './tables.js';

describe('table sets derived from the declarations', () => {
  it('scopes every tenant-owned declaration and no global one, without a list to keep', () => {
    for (const r of Object.values(resources))
      expect([r.name, SCOPED_TABLES.has(r.table)]).toEqual([r.name, r.tenant]);
  });

  it('keeps business data (mall and learning, with order lines) tenant-scoped and nothing else', () => {
    expect(BUSINESS_TABLES.has('mall_banner')).toBe(true);
    expect(BUSINESS_TABLES.has('mall_order_item')).toBe(true);
    expect(BUSINESS_TABLES.has('blade_user')).toBe(false);
    for (const table of BUSINESS_TABLES) expect([table, SCOPED_TABLES.has(table)]).toEqual([table, true]);
  });

  it('the global handle cannot name a table whose rows carry a tenant, declared or not', () => {
    const names = (global: Kysely<GlobalDatabase>) => [
      global.selectFrom('blade_tenant'),
      global.selectFrom('blade_auth_session'),
      global.selectFrom('blade_menu'),
      // @ts-expect-error a declared tenant table (user: tenant true)
      global.selectFrom('blade_user'),
      // @ts-expect-error a tenant table no declaration names
      global.selectFrom('blade_job_run'),
    ];
    expect(names).toBeTypeOf('function');
  });
});

describe('the tenant scope against the migrated tables', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  // app_* tables are the server's own bookkeeping (migrations, list counters), read by raw SQL.
  it('filters exactly the tables with a tenant_id column, but the tenants, the sessions and app_*', async () => {
    const tables = await t.services.data.unscoped().introspection.getTables();
    const withTenant = tables
      .filter((table) => !table.name.startsWith('app_'))
      .filter((table) => table.columns.some((c) => c.name === 'tenant_id'))
      .map((table) => table.name);
    expect(withTenant.sort()).toEqual([...SCOPED_TABLES, ...TENANT_KEYED_TABLES].sort());
  });
});
