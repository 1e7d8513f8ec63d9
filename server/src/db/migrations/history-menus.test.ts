import { describe, expect, it } from 'vitest';
import { nextId } from '../../core/ids.js';
import { auditColumns, unmigratedDatabase } from '../../test/harness.js';
import { storedMenu } from '../../test/stored-menus.js';
import { migrateTo, migrateToLatest } from '../migrate.js';

const audit = { ...auditColumns(), status: 1, is_deleted: 0 };

const CODES = [
  'log_change',
  'log_change_view',
  'log_change_restore',
  'log_change_recycle',
  'log_change_purge',
  'log_change_export',
  'log_change_import',
];

describe('migration 0024 on a database seeded before change history', () => {
  const database = unmigratedDatabase();

  it('adds the 数据变更 screen and its buttons for whoever holds 日志管理', async () => {
    const data = database();
    await migrateTo(data, '0023-import-jobs');
    const db = data.unscoped();
    const log = storedMenu('log');
    const logApi = storedMenu('log_api', { parentId: log.id });
    const other = storedMenu('desk');
    await db.insertInto('blade_menu').values([log, logApi, other]).execute();
    const [keeper, clerk] = [nextId(), nextId()];
    await db
      .insertInto('blade_role_menu')
      .values([
        { id: nextId(), tenant_id: '000000', role_id: keeper, menu_id: log.id },
        { id: nextId(), tenant_id: '000000', role_id: keeper, menu_id: logApi.id },
        { id: nextId(), tenant_id: '000000', role_id: clerk, menu_id: other.id },
      ])
      .execute();
    const [withLogs, without] = [nextId(), nextId()];
    await db
      .insertInto('blade_tenant_package')
      .values([
        { id: withLogs, package_name: 'logs', menu_id: `${log.id},${logApi.id}`, remark: null, ...audit },
        { id: without, package_name: 'desk', menu_id: String(other.id), remark: null, ...audit },
      ])
      .execute();
    const top = nextId();
    await db
      .insertInto('blade_top_menu_setting')
      .values({ id: nextId(), tenant_id: '000000', top_menu_id: top, menu_id: log.id })
      .execute();

    await migrateToLatest(data);

    const added = await db
      .selectFrom('blade_menu')
      .select(['id', 'code', 'parent_id', 'path', 'category'])
      .where('code', 'in', CODES)
      .execute();
    expect(added.map((m) => m.code).sort()).toEqual([...CODES].sort());
    const screen = added.find((m) => m.code === 'log_change')!;
    expect(Number(screen.parent_id)).toBe(log.id);
    expect(screen.path).toBe('/monitor/log/change');
    expect(added.filter((m) => m.code !== 'log_change').every((m) => m.category === 2)).toBe(true);
    const ids = added.map((m) => Number(m.id)).sort();

    const held = async (role: number) =>
      (await db.selectFrom('blade_role_menu').select('menu_id').where('role_id', '=', role).execute()).map(
        (r) => Number(r.menu_id),
      );
    expect(await held(keeper)).toEqual(expect.arrayContaining(ids));
    expect(await held(clerk)).toEqual([other.id]);
    const packages = await db.selectFrom('blade_tenant_package').select(['id', 'menu_id']).execute();
    const listed = (id: number) =>
      packages
        .find((p) => Number(p.id) === id)!
        .menu_id.split(',')
        .map(Number);
    expect(listed(withLogs)).toEqual(expect.arrayContaining(ids));
    expect(listed(without)).toEqual([other.id]);
    const shown = await db
      .selectFrom('blade_top_menu_setting')
      .select('menu_id')
      .where('top_menu_id', '=', top)
      .execute();
    expect(shown.map((s) => Number(s.menu_id))).toEqual(expect.arrayContaining(ids));
  });
});
