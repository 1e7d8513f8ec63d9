import { getData } from '../../api/http';
import type { Row } from '../../crud/fields';
import type { TreeOption } from '../../crud/tree';
import { treeOptions } from '../../crud/tree';
import type { OneTimePassword } from './oneTimePasswords';

/** The calls of the system screens beyond generic CRUD (spec §7 System and User). */
const SYS = '/blade-system';
const USER = '/blade-user';
const post = (url: string, params?: Record<string, string | number>, body?: unknown) =>
  getData<unknown>(url, { method: 'POST', ...(params ? { params } : {}), ...(body ? { body } : {}) });

/**
 * The menu tree of the grant dialogs (the server answers `{menu, dataScope, apiScope}`), as menu
 * nodes with their Chinese `title` and English `alias`; MenuTreeCheck labels them by language.
 */
export const grantTree = async (): Promise<Row[]> =>
  (await getData<{ menu: Row[] }>(`${SYS}/menu/grant-tree`)).menu;
export const grantTopTree = async (): Promise<Row[]> =>
  (await getData<{ menu: Row[] }>(`${SYS}/menu/grant-top-tree`)).menu;

export interface RoleKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}
export const roleTreeKeys = (roleIds: readonly string[]): Promise<RoleKeys> =>
  getData<RoleKeys>(`${SYS}/menu/role-tree-keys`, { params: { roleIds: roleIds.join(',') } });

export interface RoleGrant {
  roleIds: string;
  menuIds: string;
  dataScopeIds: string;
  apiScopeIds: string;
}
export const grantRoles = (grant: RoleGrant) => post(`${SYS}/role/grant`, undefined, grant);

export const topTreeKeys = (topMenuIds: readonly string[]): Promise<{ menu: string[] }> =>
  getData(`${SYS}/menu/top-tree-keys`, { params: { topMenuIds: topMenuIds.join(',') } });
export const grantTopMenus = (topMenuIds: string, menuIds: string) =>
  post(`${SYS}/topmenu/grant`, undefined, { topMenuIds, menuIds });

/** The data and API scopes the grant dialog offers (the server answers those the caller may hand out). */
export const grantScopes = (): Promise<{ dataScope: Row[]; apiScope: Row[] }> =>
  getData(`${SYS}/role/grant-scopes`);

export const tenantSetting = (ids: string, accountNumber: number, expireTime: string | undefined) =>
  post(`${SYS}/tenant/setting`, { ids, accountNumber, ...(expireTime ? { expireTime } : {}) });
export const packageDetail = (tenantId: string): Promise<Row | null> =>
  getData<Row | null>(`${SYS}/tenant/package-detail`, { params: { tenantId } });
export const packageSetting = (tenantId: string, packageId: string) =>
  post(`${SYS}/tenant/package-setting`, { tenantId, packageId });
export const packages = (): Promise<Row[]> => getData<Row[]>(`${SYS}/tenant-package/select`);
export const datasourceSetting = (tenantId: string, datasourceId: string) =>
  post(`${SYS}/tenant/datasource`, { tenantId, datasourceId });
/** Configured data sources (the built-in database, id 0, is not among them). */
export const datasources = (): Promise<Row[]> => getData<Row[]>('/blade-develop/datasource/select');

export const roleTree = async (): Promise<TreeOption[]> =>
  treeOptions(await getData<Row[]>(`${SYS}/role/tree`));

/** Resets passwords: each account gets a one-time password, answered this once. */
export const resetPassword = (userIds: string): Promise<OneTimePassword[]> =>
  getData<OneTimePassword[]>(`${USER}/reset-password`, { method: 'POST', params: { userIds } });
export const grantUserRoles = (userIds: string, roleIds: string) =>
  post(`${USER}/grant`, { userIds, roleIds });
export const unlockUsers = (userIds: string) => post(`${USER}/unlock`, { userIds });
export const platformDetail = (userId: string): Promise<Row> =>
  getData<Row>(`${USER}/platform-detail`, { params: { userId } });
export const updatePlatform = (userId: string, userType: number, userExt: string) =>
  post(`${USER}/update-platform`, undefined, { userId, userType, userExt });

/** One level of regions as rows (the tree answers codes as node ids, the row's id as regionId). */
export const regionLevel = async (parentCode: string): Promise<Row[]> =>
  (await getData<Row[]>(`${SYS}/region/lazy-tree`, { params: { parentCode } })).map((r) => ({
    ...r,
    id: String(r.regionId),
  }));
