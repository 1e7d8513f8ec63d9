import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { idsChange, recordChange } from '../../crud/history.js';
import { dynamic } from '../../db/dynamic-db.js';
import { liveRowsAmong } from '../../db/live-row.js';
import { type Holding, mergeGrant } from './authority-holding.js';

/**
 * Sets the top menus' menus; menus the caller does not hold can be neither added nor removed.
 */
export async function grantTopMenus(
  auth: AuthContext,
  holding: (auth: AuthContext) => Promise<Holding>,
  topMenuIds: number[],
  menuIds: number[],
  requestId?: string,
): Promise<void> {
  if (topMenuIds.length === 0) throw new AppError(400, 'requiredField', { field: 'topMenuIds' });
  const tops = await liveRowsAmong(auth.db, 'blade_top_menu', 'id', topMenuIds);
  if (tops.length !== new Set(topMenuIds).size) throw new AppError(404, 'rowNotFound');
  const mine = await holding(auth);
  const settings = await auth.db
    .selectFrom('blade_top_menu_setting')
    .select(['top_menu_id', 'menu_id'])
    .where('top_menu_id', 'in', topMenuIds)
    .execute();
  const plans = topMenuIds.map((topMenuId) => ({
    topMenuId,
    menus: mergeGrant(
      mine.everything,
      mine.menus,
      settings.filter((s) => s.top_menu_id === topMenuId).map((s) => s.menu_id),
      menuIds,
      'grantMenuBeyond',
    ),
  }));
  await auth.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('blade_top_menu_setting').where('top_menu_id', 'in', topMenuIds).execute();
    const rows = plans.flatMap((p) =>
      p.menus.map((menuId) => ({
        id: nextId(),
        tenant_id: auth.tenantId,
        top_menu_id: p.topMenuId,
        menu_id: menuId,
      })),
    );
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('blade_top_menu_setting')
        .values(rows.slice(i, i + 200))
        .execute();
    // Each top menu's menus before and after, in the top menu's history.
    const writer = { db: dynamic(trx), auth, resource: { name: 'topMenu' }, requestId };
    for (const p of plans) {
      const had = settings.filter((s) => s.top_menu_id === p.topMenuId).map((s) => s.menu_id);
      const change = idsChange('menuIds', had, p.menus);
      if (change) await recordChange(writer, p.topMenuId, 'grant', [change]);
    }
  });
}

/** The menus of the top menus together, as the dialog's checked keys. */
export async function topMenuKeys(auth: AuthContext, topMenuIds: number[]): Promise<string[]> {
  if (topMenuIds.length === 0) return [];
  const rows = await auth.db
    .selectFrom('blade_top_menu_setting')
    .select('menu_id')
    .distinct()
    .where('top_menu_id', 'in', topMenuIds)
    .execute();
  return rows.map((r) => String(r.menu_id));
}
