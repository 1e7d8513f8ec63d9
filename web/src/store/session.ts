import { create } from 'zustand';
import type { MenuItem } from '../app/menu';
import { getEntry, getStore, removeCookie, removeStore, setCookie, setStore } from '../util/storage';

/** The token call's success body (spec: login result). */
export interface TokenBody {
  access_token: string;
  refresh_token: string;
  token_type?: string;
  expires_in?: number;
  tenant_id: string;
  user_id: string;
  account?: string;
  user_name?: string;
  real_name?: string;
  nick_name?: string;
  avatar?: string;
  dept_id?: string;
  role_id?: string;
  role_name?: string;
  oauth_id?: string;
  /** Signed in with a one-time password: it must change before anything else. */
  password_change_required?: boolean;
  error_description?: string;
}

export interface UserInfo {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  realName: string;
  nickName: string;
  avatar: string;
  deptId: string;
  roleId: string;
  roleName: string;
  oauthId: string;
  /** From user-info: the department's and roles' display names. */
  deptName?: string;
  roleNames?: string[];
}

interface SessionState {
  token: string;
  refreshToken: string;
  tenantId: string;
  userInfo: UserInfo | null;
  roles: string[];
  permission: string[];
  menu: MenuItem[];
  /** The menu has been fetched during this page load (unknown paths wait for it). */
  menuLoaded: boolean;
  topMenuId: string;
}

const empty: SessionState = {
  token: '',
  refreshToken: '',
  tenantId: '',
  userInfo: null,
  roles: [],
  permission: [],
  menu: [],
  menuLoaded: false,
  topMenuId: '',
};

export const useSession = create<SessionState>(() => ({
  token: getStore('token', ''),
  refreshToken: getStore('refreshToken', ''),
  tenantId: getStore('tenantId', ''),
  userInfo: getStore<UserInfo | null>('userInfo', null),
  roles: getStore<string[]>('roles', []),
  permission: getStore<string[]>('permission', []),
  menu: getStore<MenuItem[]>('menu', []),
  menuLoaded: false,
  topMenuId: getStore('topMenuId', ''),
}));

export function toUserInfo(body: TokenBody): UserInfo {
  return {
    userId: String(body.user_id ?? ''),
    tenantId: body.tenant_id ?? '',
    account: body.account ?? '',
    userName: body.user_name ?? body.account ?? '',
    realName: body.real_name ?? '',
    nickName: body.nick_name ?? '',
    avatar: body.avatar ?? '',
    deptId: String(body.dept_id ?? ''),
    roleId: String(body.role_id ?? ''),
    roleName: body.role_name ?? '',
    oauthId: body.oauth_id ?? '',
  };
}

/** Stores tokens (local storage and cookies) and the user; the token entry's datetime drives the refresh. */
export function storeTokens(body: TokenBody): void {
  const userInfo = toUserInfo(body);
  setStore('token', body.access_token);
  setStore('refreshToken', body.refresh_token);
  setStore('tenantId', body.tenant_id);
  setStore('userInfo', userInfo);
  setCookie('access-token', body.access_token);
  setCookie('refresh-token', body.refresh_token);
  useSession.setState({
    token: body.access_token,
    refreshToken: body.refresh_token,
    tenantId: body.tenant_id,
    userInfo,
  });
}

/** Milliseconds since epoch when the access token was stored. */
export const tokenStoredAt = (): number => getEntry<string>('token')?.datetime ?? 0;

export function setRoles(roles: string[]): void {
  setStore('roles', roles);
  useSession.setState({ roles });
}

export function setPermission(permission: string[]): void {
  setStore('permission', permission);
  useSession.setState({ permission });
}

export function setMenu(menu: MenuItem[], topMenuId: string): void {
  setStore('menu', menu);
  setStore('topMenuId', topMenuId);
  useSession.setState({ menu, topMenuId, menuLoaded: true });
}

export function patchUserInfo(patch: Partial<UserInfo>): void {
  const current = useSession.getState().userInfo;
  if (!current) return;
  const userInfo = { ...current, ...patch };
  setStore('userInfo', userInfo);
  useSession.setState({ userInfo });
}

/** Clears tokens, user, menus, roles and permissions (tabs and lock are cleared by the caller). */
export function clearSession(): void {
  for (const name of [
    'token',
    'refreshToken',
    'tenantId',
    'userInfo',
    'roles',
    'permission',
    'menu',
    'topMenuId',
  ]) {
    removeStore(name);
  }
  removeCookie('access-token');
  removeCookie('refresh-token');
  useSession.setState({ ...empty });
}
