/**
 * Who someone is and what they may do: departments, roles, posts, users, their grants and scopes,
 * and their sessions.
 */

import type { Generated } from 'kysely';
import type { AuditColumns } from './columns.js';

export interface DeptTable extends AuditColumns {
  id: number;
  tenant_id: string;
  parent_id: number;
  ancestors: string;
  dept_category: number;
  dept_name: string;
  full_name: string | null;
  sort: number;
  remark: string | null;
}

export interface RoleTable extends AuditColumns {
  id: number;
  tenant_id: string;
  parent_id: number;
  role_name: string;
  role_alias: string;
  sort: number;
}

export interface PostTable extends AuditColumns {
  id: number;
  tenant_id: string;
  category: number;
  post_code: string;
  post_name: string;
  sort: number;
  remark: string | null;
}

export interface UserTable extends AuditColumns {
  id: number;
  tenant_id: string;
  code: string | null;
  user_type: Generated<number>;
  account: string;
  password: string;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  sex: number | null;
  role_id: string;
  dept_id: string;
  post_id: string | null;
  login_fail_count: Generated<number>;
  is_locked: Generated<number>;
  /** Until when a lockout lasts (UTC); is_locked with a past time is no longer locked. */
  lock_until: string | null;
  /** Lockouts in a row since the last good sign-in or unlock: each doubles the next one. */
  lock_count: Generated<number>;
  /** 1 while the password is one someone else chose (new tenant administrator, reset): change it first. */
  password_change: Generated<number>;
  user_ext: string | null;
}

export interface RoleMenuTable {
  id: number;
  tenant_id: string;
  role_id: number;
  menu_id: number;
}

export interface ScopeDataTable extends AuditColumns {
  id: number;
  menu_id: number | null;
  resource_code: string;
  scope_name: string;
  scope_type: number;
  scope_column: string;
  scope_value: string | null;
  remark: string | null;
}

export interface ScopeApiTable extends AuditColumns {
  id: number;
  menu_id: number | null;
  resource_code: string;
  scope_name: string;
  scope_type: number;
  scope_path: string;
  remark: string | null;
}

/** Data (category 1) and API (category 2) scopes granted to a role. */
export interface RoleScopeTable {
  id: number;
  tenant_id: string;
  scope_category: number;
  scope_id: number;
  role_id: number;
}

/** A signed-in session: access tokens carry its id, refresh tokens rotate inside it. */
export interface AuthSessionTable {
  id: number;
  tenant_id: string;
  user_id: number;
  client_id: string;
  dept_id: number | null;
  role_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  /** Where it signed in from: the address and the browser (user agent, cut). */
  ip: string | null;
  user_agent: string | null;
  /** Its last request, written at most once a minute. */
  last_seen: string | null;
  /** The session whose sign-on ticket opened it; ending that one ends this one. */
  parent_id: number | null;
}

export interface AuthRefreshTable {
  id: number;
  session_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
}

/** Its tables, by name (a part of `Database`). */
export interface AuthorityTables {
  blade_dept: DeptTable;
  blade_role: RoleTable;
  blade_post: PostTable;
  blade_user: UserTable;
  blade_role_menu: RoleMenuTable;
  blade_auth_session: AuthSessionTable;
  blade_auth_refresh: AuthRefreshTable;
  blade_scope_data: ScopeDataTable;
  blade_scope_api: ScopeApiTable;
  blade_role_scope: RoleScopeTable;
}
