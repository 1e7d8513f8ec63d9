import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { PasswordHasher } from '../../modules/auth/passwords.js';
import { build, type TestServer } from '../../test/harness.js';
import { migrateToLatest } from '../migrate.js';
import { SCOPED_TABLES } from '../tables.js';
import { menuTree } from './menu-tree.js';
import { seed } from './seed.js';

const tables = [
  'blade_tenant',
  'blade_client',
  'blade_dept',
  'blade_role',
  'blade_user',
  'blade_menu',
  'blade_role_menu',
  'blade_top_menu',
  'blade_top_menu_setting',
  'blade_dict',
  'blade_dict_biz',
] as const;

describe('migrations and seed', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build();
  });
  afterAll(() => t.close());

  const counts = async () => {
    const db = t.services.data.unscoped();
    const out: Record<string, number> = {};
    for (const table of tables) {
      const row = await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
      out[table] = Number(row.n);
    }
    return out;
  };

  it('creates every table and seeds the whole menu tree', async () => {
    const before = await counts();
    const seeded = (nodes: typeof menuTree): number =>
      nodes.reduce((n, m) => n + 1 + seeded(m.children ?? []), 0);
    expect(before.blade_menu).toBe(seeded(menuTree));
    expect(before.blade_tenant).toBe(1);
    expect(before.blade_user).toBe(1);
    expect(before.blade_dict).toBeGreaterThan(50);
    for (const table of SCOPED_TABLES) {
      const columns = await t.services.data.unscoped().introspection.getTables();
      expect(
        columns.find((c) => c.name === table)?.columns.some((c) => c.name === 'tenant_id'),
        table,
      ).toBe(true);
    }
  });

  it('is idempotent and keeps changes people made', async () => {
    const db = t.services.data.unscoped();
    await db.updateTable('blade_menu').set({ name: '用户列表' }).where('code', '=', 'user').execute();
    const before = await counts();
    const config = loadConfig({
      ...process.env,
      DATA_DIR: t.config.dataDir,
      DATABASE_URL: t.config.databaseUrl,
    });
    expect(await migrateToLatest(t.services.data)).toEqual([]);
    await seed(t.services.data, config, new PasswordHasher(1024));
    expect(await counts()).toEqual(before);
    const menu = await db
      .selectFrom('blade_menu')
      .select('name')
      .where('code', '=', 'user')
      .executeTakeFirstOrThrow();
    expect(menu.name).toBe('用户列表');
  });
});
