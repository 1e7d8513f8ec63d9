import { SCOPE_API, SCOPE_DATA } from '../../core/api-scope.js';
import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { idsChange, recordChange } from '../../crud/history.js';
import { dynamic } from '../../db/dynamic-db.js';
import { liveRowsAmong } from '../../db/live-row.js';
import { type Holding, mergeGrant } from './authority-holding.js';
import { DataScopeType } from './data-scope.js';

export interface RoleGrant {
  roleIds: number[];
  menuIds: number[];
  dataScopeIds: number[];
  apiScopeIds: number[];
}

/** Roles of the caller's tenant by id; 404 when any is not there. */
export async function existingRoles(auth: AuthContext, roleIds: number[]) {
  const roles = roleIds.length
    ? await auth.db
        .selectFrom('blade_role')
        .select(['id', 'role_name'])
        .where('id', 'in', roleIds)
        .where('is_deleted', '=', 0)
        .execute()
    : [];
  if (roles.length !== new Set(roleIds).size) throw new AppError(404, 'rowNotFound');
  return roles;
}

/**
 * Sets the roles' menus, data scopes and API scopes. Menus and API scopes the caller does not
 * hold can be neither added nor removed (they stay as they are); data-scope rules may change
 * only so that each role still sees no more rows than the caller where the caller is limited.
 */
export async function grantRoles(
  auth: AuthContext,
  grant: RoleGrant,
  holding: (auth: AuthContext) => Promise<Holding>,
  requestId?: string,
): Promise<void> {
  if (grant.roleIds.length === 0) throw new AppError(400, 'requiredField', { field: 'roleIds' });
  const roleIds = [...new Set(grant.roleIds)];
  await existingRoles(auth, roleIds);
  // Saber's scope trees send the menus grouping the scopes along with them; those are no scopes.
  const groups = await menuIdsAmong(auth, [...grant.dataScopeIds, ...grant.apiScopeIds]);
  grant = {
    ...grant,
    dataScopeIds: grant.dataScopeIds.filter((id) => !groups.has(id)),
    apiScopeIds: grant.apiScopeIds.filter((id) => !groups.has(id)),
  };
  await existingScopes(auth, 'blade_scope_data', grant.dataScopeIds);
  await existingScopes(auth, 'blade_scope_api', grant.apiScopeIds);
  const mine = await holding(auth);
  const current = await storedGrants(auth, roleIds);
  const plans = roleIds.map((roleId) => {
    const had = current.get(roleId)!;
    return {
      roleId,
      menus: mergeGrant(mine.everything, mine.menus, had.menus, grant.menuIds, 'grantMenuBeyond'),
      apiScopes: mergeGrant(
        mine.everything,
        mine.apiScopes,
        had.apiScopes,
        grant.apiScopeIds,
        'grantApiBeyond',
      ),
      dataScopes: [...new Set(grant.dataScopeIds)],
      hadData: had.dataScopes,
    };
  });
  if (!mine.everything) await checkData(auth, mine, plans);

  await auth.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('blade_role_menu').where('role_id', 'in', roleIds).execute();
    await trx.deleteFrom('blade_role_scope').where('role_id', 'in', roleIds).execute();
    const menuRows = plans.flatMap((p) =>
      p.menus.map((menuId) => ({
        id: nextId(),
        tenant_id: auth.tenantId,
        role_id: p.roleId,
        menu_id: menuId,
      })),
    );
    for (let i = 0; i < menuRows.length; i += 200)
      await trx
        .insertInto('blade_role_menu')
        .values(menuRows.slice(i, i + 200))
        .execute();
    const scopeRows = plans.flatMap((p) =>
      [
        ...p.dataScopes.map((scopeId) => ({ scopeId, category: SCOPE_DATA })),
        ...p.apiScopes.map((scopeId) => ({ scopeId, category: SCOPE_API })),
      ].map(({ scopeId, category }) => ({
        id: nextId(),
        tenant_id: auth.tenantId,
        role_id: p.roleId,
        scope_id: scopeId,
        scope_category: category,
      })),
    );
    for (let i = 0; i < scopeRows.length; i += 200)
      await trx
        .insertInto('blade_role_scope')
        .values(scopeRows.slice(i, i + 200))
        .execute();
    // Each role's grants before and after, in the role's history.
    const writer = { db: dynamic(trx), auth, resource: { name: 'role' }, requestId };
    for (const p of plans) {
      const had = current.get(p.roleId)!;
      const changes = [
        idsChange('menuIds', had.menus, p.menus),
        idsChange('dataScopeIds', p.hadData, p.dataScopes),
        idsChange('apiScopeIds', had.apiScopes, p.apiScopes),
      ].filter((c) => c !== undefined);
      if (changes.length) await recordChange(writer, p.roleId, 'grant', changes);
    }
  });
}

/** Where the caller's rows are limited for a resource, a changed role must stay within that limit. */
async function checkData(
  auth: AuthContext,
  mine: Holding,
  plans: Array<{ roleId: number; dataScopes: number[]; hadData: number[] }>,
): Promise<void> {
  const all = [...new Set(plans.flatMap((p) => [...p.dataScopes, ...p.hadData]))];
  const rules = all.length
    ? await auth.db
        .selectFrom('blade_scope_data')
        .select(['id', 'resource_code', 'scope_type'])
        .where('id', 'in', all)
        .execute()
    : [];
  const byId = new Map(rules.map((r) => [r.id, r]));
  for (const plan of plans) {
    for (const [code, limit] of mine.data) {
      const of = (list: number[]) => list.filter((id) => byId.get(id)?.resource_code === code);
      const before = of(plan.hadData);
      const after = of(plan.dataScopes);
      if (before.length === after.length && before.every((id) => after.includes(id))) continue;
      const wider =
        after.length === 0 ||
        after.some((id) => byId.get(id)?.scope_type === DataScopeType.all || !limit.has(id));
      if (wider) throw new AppError(403, 'grantDataBeyond', { code });
    }
  }
}

async function menuIdsAmong(auth: AuthContext, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await auth.db.selectFrom('blade_menu').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

async function existingScopes(
  auth: AuthContext,
  table: 'blade_scope_data' | 'blade_scope_api',
  wanted: number[],
) {
  if (wanted.length === 0) return;
  const found = await liveRowsAmong(auth.db, table, 'id', wanted);
  if (found.length !== new Set(wanted).size) throw new AppError(404, 'rowNotFound');
}

/** What each role holds, as stored (merged grants and the grant dialog's checked keys read it). */
async function storedGrants(auth: AuthContext, roleIds: number[]) {
  const menus = roleIds.length
    ? await auth.db
        .selectFrom('blade_role_menu')
        .select(['role_id', 'menu_id'])
        .where('role_id', 'in', roleIds)
        .execute()
    : [];
  const scopes = roleIds.length
    ? await auth.db
        .selectFrom('blade_role_scope')
        .select(['role_id', 'scope_id', 'scope_category'])
        .where('role_id', 'in', roleIds)
        .execute()
    : [];
  return new Map(
    roleIds.map((roleId) => [
      roleId,
      {
        menus: menus.filter((m) => m.role_id === roleId).map((m) => m.menu_id),
        dataScopes: scopes
          .filter((s) => s.role_id === roleId && s.scope_category === SCOPE_DATA)
          .map((s) => s.scope_id),
        apiScopes: scopes
          .filter((s) => s.role_id === roleId && s.scope_category === SCOPE_API)
          .map((s) => s.scope_id),
      },
    ]),
  );
}

/** What the roles hold together, as the grant dialog's checked keys. */
export async function checkedKeys(auth: AuthContext, roleIds: number[]) {
  const each = [...(await storedGrants(auth, roleIds)).values()];
  const ids = (pick: (k: (typeof each)[number]) => number[]) => [...new Set(each.flatMap(pick))].map(String);
  return {
    menu: ids((k) => k.menus),
    dataScope: ids((k) => k.dataScopes),
    apiScope: ids((k) => k.apiScopes),
  };
}

/** The scopes the grant dialog offers: every data scope (each narrows), the API scopes the caller holds. */
export async function grantableScopes(auth: AuthContext, mine: Holding) {
  const select = ['id', 'resource_code', 'scope_name', 'scope_type'] as const;
  const dataScope = await auth.db
    .selectFrom('blade_scope_data')
    .select([...select, 'scope_column'])
    .where('is_deleted', '=', 0)
    .orderBy('resource_code')
    .orderBy('id')
    .execute();
  const apiScope = await auth.db
    .selectFrom('blade_scope_api')
    .select([...select, 'scope_path'])
    .where('is_deleted', '=', 0)
    .orderBy('resource_code')
    .orderBy('id')
    .execute();
  return {
    dataScope,
    apiScope: mine.everything ? apiScope : apiScope.filter((s) => mine.apiScopes.has(s.id)),
  };
}
