import type { Kysely } from 'kysely';
import { nextId } from '../../core/ids.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

const LOG = '/api/blade-log';

/** The 数据变更 screen and its buttons as the seed of this version declares them (menu-tree.ts). */
const SCREEN = {
  code: 'log_change',
  name: '数据变更',
  alias: 'Data Changes',
  path: '/monitor/log/change',
  source: 'HistoryOutlined',
  sort: 4,
  category: 1,
  action: 0,
};
const TOOLBAR = 0;
const ROW = 2;
const BUTTONS = [
  { code: 'log_change_view', name: '历史', alias: 'History', path: `${LOG}/history/timeline`, action: ROW },
  { code: 'log_change_restore', name: '恢复', alias: 'Restore', path: `${LOG}/history/restore`, action: ROW },
  {
    code: 'log_change_recycle',
    name: '回收站',
    alias: 'Recycle Bin',
    path: `${LOG}/recycle/page`,
    action: TOOLBAR,
  },
  {
    code: 'log_change_purge',
    name: '彻底删除',
    alias: 'Purge',
    path: `${LOG}/recycle/purge`,
    action: TOOLBAR,
  },
  { code: 'log_change_export', name: '导出', alias: 'Export', path: `${LOG}/data/export`, action: TOOLBAR },
  { code: 'log_change_import', name: '导入', alias: 'Import', path: `${LOG}/data/import`, action: TOOLBAR },
].map((b, i) => ({ ...b, source: null, sort: i + 1, category: 2 }));

/**
 * Databases seeded before change history: the seed adds missing menus at every start, but grants
 * only to roles it creates, so existing installations would have the 数据变更 screen and the
 * 历史, 回收站, 导入 and 导出 buttons of every list with nobody holding them. This adds them
 * (when missing) under 日志管理 and hands them to whoever already holds 日志管理: each role
 * granted it, each tenant package listing it, each top menu showing it. A fresh database (no
 * 日志管理 yet) is left to the seed.
 */
export async function up(db: Db): Promise<void> {
  const log = await db
    .selectFrom('blade_menu')
    .select('id')
    .where('code', '=', 'log')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!log) return;
  const now = new Date().toISOString().replace('T', ' ').replace('Z', '');
  const audit = {
    create_user: null,
    create_dept: null,
    create_time: now,
    update_user: null,
    update_time: now,
  };
  const existing = new Map<string, number>(
    (
      await db
        .selectFrom('blade_menu')
        .select(['id', 'code'])
        .where('code', 'in', [SCREEN.code, ...BUTTONS.map((b) => b.code)])
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r: { id: number | string; code: string }) => [r.code, Number(r.id)]),
  );
  const ensure = async (
    menu: typeof SCREEN | (typeof BUTTONS)[number],
    parentId: number,
  ): Promise<number> => {
    const found = existing.get(menu.code);
    if (found !== undefined) return found;
    const id = nextId();
    await db
      .insertInto('blade_menu')
      .values({
        id,
        parent_id: parentId,
        ...menu,
        is_open: 1,
        remark: null,
        ...audit,
        status: 1,
        is_deleted: 0,
      })
      .execute();
    return id;
  };
  const screenId = await ensure(SCREEN, Number(log.id));
  const ids = [screenId];
  for (const button of BUTTONS) ids.push(await ensure(button, screenId));

  const holders = await db
    .selectFrom('blade_role_menu')
    .select(['role_id', 'tenant_id'])
    .where('menu_id', '=', log.id)
    .execute();
  for (const holder of holders) {
    const held = new Set(
      (
        await db
          .selectFrom('blade_role_menu')
          .select('menu_id')
          .where('role_id', '=', holder.role_id)
          .where('menu_id', 'in', ids)
          .execute()
      ).map((r: { menu_id: number | string }) => Number(r.menu_id)),
    );
    const grants = ids
      .filter((id) => !held.has(id))
      .map((menuId) => ({
        id: nextId(),
        tenant_id: holder.tenant_id,
        role_id: holder.role_id,
        menu_id: menuId,
      }));
    if (grants.length) await db.insertInto('blade_role_menu').values(grants).execute();
  }

  const packages = await db.selectFrom('blade_tenant_package').select(['id', 'menu_id']).execute();
  for (const pkg of packages as Array<{ id: number; menu_id: string | null }>) {
    const listed = (pkg.menu_id ?? '').split(',').filter(Boolean);
    if (!listed.includes(String(log.id))) continue;
    const more = ids.map(String).filter((id) => !listed.includes(id));
    if (more.length)
      await db
        .updateTable('blade_tenant_package')
        .set({ menu_id: [...listed, ...more].join(',') })
        .where('id', '=', pkg.id)
        .execute();
  }

  const shown = await db
    .selectFrom('blade_top_menu_setting')
    .select(['top_menu_id', 'tenant_id'])
    .where('menu_id', '=', log.id)
    .execute();
  for (const top of shown) {
    const has = new Set(
      (
        await db
          .selectFrom('blade_top_menu_setting')
          .select('menu_id')
          .where('top_menu_id', '=', top.top_menu_id)
          .where('menu_id', 'in', ids)
          .execute()
      ).map((r: { menu_id: number | string }) => Number(r.menu_id)),
    );
    const rows = ids
      .filter((id) => !has.has(id))
      .map((menuId) => ({
        id: nextId(),
        tenant_id: top.tenant_id,
        top_menu_id: top.top_menu_id,
        menu_id: menuId,
      }));
    if (rows.length) await db.insertInto('blade_top_menu_setting').values(rows).execute();
  }
}
