import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import type { MenuService } from './menu-service.js';

export const SCOPE_DATA = 1;
export const SCOPE_API = 2;

export interface RoleGrant {
  roleIds: number[];
  menuIds: number[];
  dataScopeIds: number[];
  apiScopeIds: number[];
}

/**
 * Grants of menus and scopes to roles, and of menus to top menus. A caller can only grant what
 * they hold themselves, within their tenant's package; the roles must be the caller's tenant's.
 */
export class AuthorityService {
  constructor(private readonly menus: MenuService) {}

  /** Menu and button ids the caller may hand out. */
  async grantable(auth: AuthContext): Promise<Set<number>> {
    return new Set((await this.menus.granted(auth)).map((m) => m.id));
  }

  async grantRoles(auth: AuthContext, grant: RoleGrant): Promise<void> {
    if (grant.roleIds.length === 0) throw new AppError(400, 'requiredField', { field: 'roleIds' });
    const roles = await auth.db
      .selectFrom('blade_role')
      .select('id')
      .where('id', 'in', grant.roleIds)
      .where('is_deleted', '=', 0)
      .execute();
    if (roles.length !== new Set(grant.roleIds).size) throw new AppError(404, 'rowNotFound');
    const allowed = await this.grantable(auth);
    if (grant.menuIds.some((id) => !allowed.has(id))) throw new AppError(403, 'forbidden');
    const scopeIds = async (table: 'blade_scope_data' | 'blade_scope_api', wanted: number[]) => {
      if (wanted.length === 0) return;
      const found = await auth.db
        .selectFrom(table)
        .select('id')
        .where('id', 'in', wanted)
        .where('is_deleted', '=', 0)
        .execute();
      if (found.length !== new Set(wanted).size) throw new AppError(404, 'rowNotFound');
    };
    await scopeIds('blade_scope_data', grant.dataScopeIds);
    await scopeIds('blade_scope_api', grant.apiScopeIds);

    await auth.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('blade_role_menu').where('role_id', 'in', grant.roleIds).execute();
      await trx.deleteFrom('blade_role_scope').where('role_id', 'in', grant.roleIds).execute();
      const menuRows = grant.roleIds.flatMap((roleId) =>
        [...new Set(grant.menuIds)].map((menuId) => ({
          id: nextId(),
          tenant_id: auth.tenantId,
          role_id: roleId,
          menu_id: menuId,
        })),
      );
      for (let i = 0; i < menuRows.length; i += 200)
        await trx
          .insertInto('blade_role_menu')
          .values(menuRows.slice(i, i + 200))
          .execute();
      const scopeRows = grant.roleIds.flatMap((roleId) => [
        ...[...new Set(grant.dataScopeIds)].map((scopeId) => ({
          id: nextId(),
          tenant_id: auth.tenantId,
          role_id: roleId,
          scope_id: scopeId,
          scope_category: SCOPE_DATA,
        })),
        ...[...new Set(grant.apiScopeIds)].map((scopeId) => ({
          id: nextId(),
          tenant_id: auth.tenantId,
          role_id: roleId,
          scope_id: scopeId,
          scope_category: SCOPE_API,
        })),
      ]);
      if (scopeRows.length) await trx.insertInto('blade_role_scope').values(scopeRows).execute();
    });
  }

  /** What the roles hold, as the grant dialog's checked keys. */
  async roleKeys(auth: AuthContext, roleIds: number[]) {
    if (roleIds.length === 0) return { menu: [], dataScope: [], apiScope: [] };
    const menus = await auth.db
      .selectFrom('blade_role_menu')
      .select('menu_id')
      .distinct()
      .where('role_id', 'in', roleIds)
      .execute();
    const scopes = await auth.db
      .selectFrom('blade_role_scope')
      .select(['scope_id', 'scope_category'])
      .distinct()
      .where('role_id', 'in', roleIds)
      .execute();
    return {
      menu: menus.map((m) => String(m.menu_id)),
      dataScope: scopes.filter((s) => s.scope_category === SCOPE_DATA).map((s) => String(s.scope_id)),
      apiScope: scopes.filter((s) => s.scope_category === SCOPE_API).map((s) => String(s.scope_id)),
    };
  }

  async grantTopMenus(auth: AuthContext, topMenuIds: number[], menuIds: number[]): Promise<void> {
    if (topMenuIds.length === 0) throw new AppError(400, 'requiredField', { field: 'topMenuIds' });
    const tops = await auth.db
      .selectFrom('blade_top_menu')
      .select('id')
      .where('id', 'in', topMenuIds)
      .where('is_deleted', '=', 0)
      .execute();
    if (tops.length !== new Set(topMenuIds).size) throw new AppError(404, 'rowNotFound');
    const allowed = await this.grantable(auth);
    if (menuIds.some((id) => !allowed.has(id))) throw new AppError(403, 'forbidden');
    await auth.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('blade_top_menu_setting').where('top_menu_id', 'in', topMenuIds).execute();
      const rows = topMenuIds.flatMap((topMenuId) =>
        [...new Set(menuIds)].map((menuId) => ({
          id: nextId(),
          tenant_id: auth.tenantId,
          top_menu_id: topMenuId,
          menu_id: menuId,
        })),
      );
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto('blade_top_menu_setting')
          .values(rows.slice(i, i + 200))
          .execute();
    });
  }

  async topMenuKeys(auth: AuthContext, topMenuIds: number[]): Promise<string[]> {
    if (topMenuIds.length === 0) return [];
    const rows = await auth.db
      .selectFrom('blade_top_menu_setting')
      .select('menu_id')
      .distinct()
      .where('top_menu_id', 'in', topMenuIds)
      .execute();
    return rows.map((r) => String(r.menu_id));
  }
}
