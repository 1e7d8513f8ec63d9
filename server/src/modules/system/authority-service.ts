import { rememberOf } from '../../core/access-memory.js';
import { pathMatches, type RefusingScope, SCOPE_API, SCOPE_DATA } from '../../core/api-scope.js';
import { AppError } from '../../core/errors.js';
import { ADMIN_ROLE, type AuthContext, isPlatformCaller, isSuperAdmin } from '../../core/http.js';
import { nextId, parseId } from '../../core/ids.js';
import { idsChange, recordChange } from '../../crud/history.js';
import { dynamic } from '../../db/dynamic-db.js';
import { DataScopeType } from './data-scope.js';
import type { MenuService } from './menu-service.js';

export interface RoleGrant {
  roleIds: number[];
  menuIds: number[];
  dataScopeIds: number[];
  apiScopeIds: number[];
}

/** What a caller, or a set of roles, holds. */
export interface Holding {
  /** The platform's administrator role: holds everything. */
  everything: boolean;
  /** Menu and button ids, within the tenant's package and never the platform's outside it. */
  menus: Set<number>;
  apiScopes: Set<number>;
  /**
   * Data-scope rule ids by resource code, for the codes that restrict rows; a code that is absent
   * (no rule, or an "all" rule) admits every row of the tenant.
   */
  data: Map<string, Set<number>>;
}

const ids = (csv: string | null | undefined): number[] =>
  (csv ?? '')
    .split(',')
    .map((s) => parseId(s.trim()))
    .filter((n): n is number => n !== undefined);

const subset = (inner: Iterable<number>, outer: ReadonlySet<number>): boolean => {
  for (const id of inner) if (!outer.has(id)) return false;
  return true;
};

/**
 * The API scope refusing the caller a path: the first covering it when none of the covering
 * scopes is granted to the caller's roles; undefined when no scope covers it or one is granted.
 */
async function scopeRefusal(auth: AuthContext, path: string): Promise<RefusingScope | undefined> {
  const scopes = await auth.db
    .selectFrom('blade_scope_api')
    .select(['id', 'scope_name', 'scope_path'])
    .where('is_deleted', '=', 0)
    .execute();
  const covering = scopes.filter((s) => pathMatches(s.scope_path, path));
  if (covering.length === 0) return undefined;
  const granted =
    auth.roleIds.length === 0
      ? undefined
      : await auth.db
          .selectFrom('blade_role_scope')
          .select('id')
          .where('scope_category', '=', SCOPE_API)
          .where(
            'scope_id',
            'in',
            covering.map((s) => s.id),
          )
          .where('role_id', 'in', auth.roleIds)
          .executeTakeFirst();
  if (granted) return undefined;
  const first = covering[0]!;
  return { id: first.id, name: first.scope_name, path: first.scope_path };
}

/**
 * Authority never grows by delegation (ARCHITECTURE §5): a caller hands out only what it holds
 * (menus, API scopes, data no wider than its own), assigns only roles within that, and acts only
 * on users whose roles are within it. Grants merge: what the caller does not hold is kept as it is.
 */
export class AuthorityService {
  constructor(private readonly menus: MenuService) {}

  /**
   * API scopes restrict paths: a path covered by any declared scope may only be called by roles
   * granted one of the scopes covering it. Paths no scope covers are governed by their own rule.
   */
  apiScopeRefusal(auth: AuthContext, path: string): Promise<RefusingScope | undefined> {
    return rememberOf(auth)(`apiScope:${path}`, () => scopeRefusal(auth, path));
  }

  /** What the caller holds. */
  async holding(auth: AuthContext): Promise<Holding> {
    return this.held(auth, auth.roleIds, isSuperAdmin(auth));
  }

  /** What the given roles of the caller's tenant hold together, seen with the caller's package. */
  async rolesHolding(auth: AuthContext, roleIds: number[]): Promise<Holding> {
    const aliases = roleIds.length
      ? await auth.db.selectFrom('blade_role').select('role_alias').where('id', 'in', roleIds).execute()
      : [];
    const everything = isPlatformCaller(auth) && aliases.some((r) => r.role_alias === ADMIN_ROLE);
    return this.held(auth, roleIds, everything);
  }

  private async held(auth: AuthContext, roleIds: number[], everything: boolean): Promise<Holding> {
    const granted = await this.menus.granted({
      ...auth,
      roleIds,
      roleAliases: everything ? [ADMIN_ROLE] : [],
    });
    const scopes = roleIds.length
      ? await auth.db
          .selectFrom('blade_role_scope as rs')
          .leftJoin('blade_scope_data as d', (j) =>
            j.onRef('d.id', '=', 'rs.scope_id').on('rs.scope_category', '=', SCOPE_DATA),
          )
          .select(['rs.scope_id', 'rs.scope_category', 'd.resource_code', 'd.scope_type', 'd.is_deleted'])
          .where('rs.role_id', 'in', roleIds)
          .execute()
      : [];
    const data = new Map<string, Set<number>>();
    const unrestricted = new Set<string>();
    for (const s of scopes) {
      if (s.scope_category !== SCOPE_DATA || s.resource_code === null || s.is_deleted !== 0) continue;
      if (s.scope_type === DataScopeType.all) unrestricted.add(s.resource_code);
      else data.set(s.resource_code, new Set([...(data.get(s.resource_code) ?? []), s.scope_id]));
    }
    for (const code of unrestricted) data.delete(code);
    return {
      everything,
      menus: new Set(granted.map((m) => m.id)),
      apiScopes: new Set(scopes.filter((s) => s.scope_category === SCOPE_API).map((s) => s.scope_id)),
      data,
    };
  }

  /** Whether `held` is within `caller`: no menu, API scope or row it does not hold itself. */
  within(caller: Holding, held: Holding): boolean {
    if (caller.everything) return true;
    if (held.everything) return false;
    if (!subset(held.menus, caller.menus) || !subset(held.apiScopes, caller.apiScopes)) return false;
    for (const [code, rules] of caller.data) {
      const theirs = held.data.get(code);
      if (!theirs || !subset(theirs, rules)) return false;
    }
    return true;
  }

  /** Roles of the caller's tenant by id; 404 when any is not there. */
  private async roles(auth: AuthContext, roleIds: number[]) {
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

  /** Refuses roles the caller may not hand out (each must hold nothing the caller does not). */
  async assertAssignable(auth: AuthContext, roleIds: number[], caller?: Holding): Promise<void> {
    const roles = await this.roles(auth, roleIds);
    const mine = caller ?? (await this.holding(auth));
    if (mine.everything) return;
    for (const role of roles)
      if (!this.within(mine, await this.rolesHolding(auth, [role.id])))
        throw new AppError(403, 'roleBeyondAuthority', { name: role.role_name });
  }

  /** Refuses users whose roles the caller could not have assigned (they hold more than it does). */
  async assertManageable(
    auth: AuthContext,
    users: ReadonlyArray<{ account?: unknown; roleId?: unknown }>,
  ): Promise<void> {
    const mine = await this.holding(auth);
    if (mine.everything) return;
    for (const user of users) {
      const theirs = await this.rolesHolding(auth, ids(String(user.roleId ?? '')));
      if (!this.within(mine, theirs))
        throw new AppError(403, 'userBeyondAuthority', { account: String(user.account) });
    }
  }

  /** Menu and button ids the caller may hand out. */
  async grantable(auth: AuthContext): Promise<Set<number>> {
    return (await this.holding(auth)).menus;
  }

  /**
   * Sets the roles' menus, data scopes and API scopes. Menus and API scopes the caller does not
   * hold can be neither added nor removed (they stay as they are); data-scope rules may change
   * only so that each role still sees no more rows than the caller where the caller is limited.
   */
  async grantRoles(auth: AuthContext, grant: RoleGrant, requestId?: string): Promise<void> {
    if (grant.roleIds.length === 0) throw new AppError(400, 'requiredField', { field: 'roleIds' });
    const roleIds = [...new Set(grant.roleIds)];
    await this.roles(auth, roleIds);
    // Saber's scope trees send the menus grouping the scopes along with them; those are no scopes.
    const groups = await this.menuIdsAmong(auth, [...grant.dataScopeIds, ...grant.apiScopeIds]);
    grant = {
      ...grant,
      dataScopeIds: grant.dataScopeIds.filter((id) => !groups.has(id)),
      apiScopeIds: grant.apiScopeIds.filter((id) => !groups.has(id)),
    };
    await this.existing(auth, 'blade_scope_data', grant.dataScopeIds);
    await this.existing(auth, 'blade_scope_api', grant.apiScopeIds);
    const mine = await this.holding(auth);
    const current = await this.storedGrants(auth, roleIds);
    const plans = roleIds.map((roleId) => {
      const had = current.get(roleId)!;
      return {
        roleId,
        menus: this.merge(mine.everything, mine.menus, had.menus, grant.menuIds, 'grantMenuBeyond'),
        apiScopes: this.merge(
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
    if (!mine.everything) await this.checkData(auth, mine, plans);

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

  /**
   * The ids a role ends with: what was asked among what the caller holds, plus what it had that the
   * caller does not hold. Asking for something the caller does not hold, and the role lacks, is refused.
   */
  private merge(
    everything: boolean,
    holds: ReadonlySet<number>,
    had: number[],
    asked: number[],
    refusal: 'grantMenuBeyond' | 'grantApiBeyond',
  ): number[] {
    if (everything) return [...new Set(asked)];
    const kept = new Set(had);
    const beyond = asked.filter((id) => !holds.has(id) && !kept.has(id));
    if (beyond.length) throw new AppError(403, refusal);
    return [...new Set([...asked.filter((id) => holds.has(id)), ...had.filter((id) => !holds.has(id))])];
  }

  /** Where the caller's rows are limited for a resource, a changed role must stay within that limit. */
  private async checkData(
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

  private async menuIdsAmong(auth: AuthContext, ids: number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await auth.db.selectFrom('blade_menu').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }

  private async existing(auth: AuthContext, table: 'blade_scope_data' | 'blade_scope_api', wanted: number[]) {
    if (wanted.length === 0) return;
    const found = await auth.db
      .selectFrom(table)
      .select('id')
      .where('id', 'in', wanted)
      .where('is_deleted', '=', 0)
      .execute();
    if (found.length !== new Set(wanted).size) throw new AppError(404, 'rowNotFound');
  }

  /** What each role holds, as stored (merged grants and the grant dialog's checked keys read it). */
  private async storedGrants(auth: AuthContext, roleIds: number[]) {
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
  async checkedKeys(auth: AuthContext, roleIds: number[]) {
    const each = [...(await this.storedGrants(auth, roleIds)).values()];
    const ids = (pick: (k: (typeof each)[number]) => number[]) =>
      [...new Set(each.flatMap(pick))].map(String);
    return {
      menu: ids((k) => k.menus),
      dataScope: ids((k) => k.dataScopes),
      apiScope: ids((k) => k.apiScopes),
    };
  }

  /** The scopes the grant dialog offers: every data scope (each narrows), the API scopes the caller holds. */
  async grantableScopes(auth: AuthContext) {
    const mine = await this.holding(auth);
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

  async grantTopMenus(
    auth: AuthContext,
    topMenuIds: number[],
    menuIds: number[],
    requestId?: string,
  ): Promise<void> {
    if (topMenuIds.length === 0) throw new AppError(400, 'requiredField', { field: 'topMenuIds' });
    const tops = await auth.db
      .selectFrom('blade_top_menu')
      .select('id')
      .where('id', 'in', topMenuIds)
      .where('is_deleted', '=', 0)
      .execute();
    if (tops.length !== new Set(topMenuIds).size) throw new AppError(404, 'rowNotFound');
    const mine = await this.holding(auth);
    const settings = await auth.db
      .selectFrom('blade_top_menu_setting')
      .select(['top_menu_id', 'menu_id'])
      .where('top_menu_id', 'in', topMenuIds)
      .execute();
    const plans = topMenuIds.map((topMenuId) => ({
      topMenuId,
      menus: this.merge(
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
