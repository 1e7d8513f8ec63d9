import { rememberOf } from '../../core/access-memory.js';
import type { RefusingScope } from '../../core/api-scope.js';
import { AppError } from '../../core/errors.js';
import { ADMIN_ROLE, type AuthContext, isPlatformCaller, isSuperAdmin } from '../../core/http.js';
import { scopeRefusal } from './api-scope-refusal.js';
import { csvIds, type Holding, heldBy, holdingWithin } from './authority-holding.js';
import type { MenuService } from './menu-service.js';
import { checkedKeys, existingRoles, grantableScopes, grantRoles, type RoleGrant } from './role-grants.js';
import { grantTopMenus, topMenuKeys } from './top-menu-grants.js';

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

  private held(auth: AuthContext, roleIds: number[], everything: boolean): Promise<Holding> {
    return heldBy(this.menus, auth, roleIds, everything);
  }

  /** Whether `held` is within `caller`: no menu, API scope or row it does not hold itself. */
  within(caller: Holding, held: Holding): boolean {
    return holdingWithin(caller, held);
  }

  /** Refuses roles the caller may not hand out (each must hold nothing the caller does not). */
  async assertAssignable(auth: AuthContext, roleIds: number[], caller?: Holding): Promise<void> {
    const roles = await existingRoles(auth, roleIds);
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
      const theirs = await this.rolesHolding(auth, csvIds(String(user.roleId ?? '')));
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
  grantRoles(auth: AuthContext, grant: RoleGrant, requestId?: string): Promise<void> {
    return grantRoles(auth, grant, (a) => this.holding(a), requestId);
  }

  /** What the roles hold together, as the grant dialog's checked keys. */
  checkedKeys(auth: AuthContext, roleIds: number[]) {
    return checkedKeys(auth, roleIds);
  }

  /** The scopes the grant dialog offers: every data scope (each narrows), the API scopes the caller holds. */
  async grantableScopes(auth: AuthContext) {
    return grantableScopes(auth, await this.holding(auth));
  }

  /** Sets the top menus' menus, within what the caller holds. */
  grantTopMenus(
    auth: AuthContext,
    topMenuIds: number[],
    menuIds: number[],
    requestId?: string,
  ): Promise<void> {
    return grantTopMenus(auth, (a) => this.holding(a), topMenuIds, menuIds, requestId);
  }

  /** The menus of the top menus together, as the dialog's checked keys. */
  topMenuKeys(auth: AuthContext, topMenuIds: number[]): Promise<string[]> {
    return topMenuKeys(auth, topMenuIds);
  }
}
