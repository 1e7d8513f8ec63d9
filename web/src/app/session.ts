import { logoutCall, refreshToken, type TokenResponse } from '../api/auth';
import { website } from '../config';
import { clearLock } from '../store/lock';
import { clearSession, storeTokens, type TokenBody, tokenStoredAt, useSession } from '../store/session';
import { useSettings } from '../store/settings';
import { resetTabs } from '../store/tabsStore';
import { forgetMenuFetch } from './loadMenu';

export const isTokenBody = (body: TokenResponse | null | undefined): body is TokenBody =>
  !!body && typeof body.access_token === 'string' && body.access_token !== '' && !body.error_description;

/** A user without a user id, or with a negative one, must register as a guest first (spec §4). */
export const needsRegistration = (userId: unknown): boolean =>
  userId === undefined || userId === null || userId === '' || Number(userId) < 0;

/** Login stores tokens and user info, resets tabs to the home tab and clears the lock. */
export function signIn(body: TokenBody): void {
  storeTokens(body);
  resetTabs();
  clearLock();
}

/** Logout (local part) clears tokens, menus, roles, tabs, lock and cookies. */
export function localLogout(): void {
  clearSession();
  resetTabs();
  clearLock();
  forgetMenuFetch();
}

/** Revokes the session on the server, then logs out locally (even if the call fails). */
export async function logout(): Promise<void> {
  try {
    await logoutCall();
  } catch {
    // the local logout below is what matters to the user
  } finally {
    localLogout();
  }
}

/** Spec §4: refresh when the seconds since the token was stored reach the token time and none is running. */
export function shouldRefresh(args: {
  now: number;
  storedAt: number;
  tokenTime: number;
  running: boolean;
}): boolean {
  if (args.running || args.storedAt <= 0) return false;
  return (args.now - args.storedAt) / 1000 >= args.tokenTime;
}

let refreshing = false;

export const isRefreshing = (): boolean => refreshing;

/** Refreshes the token, optionally switching department/role. Releases the running flag either way. */
export async function refreshSession(switchTo?: { deptId: string; roleId: string }): Promise<TokenBody> {
  refreshing = true;
  try {
    const { refreshToken: token, tenantId } = useSession.getState();
    const body = await refreshToken({ refreshToken: token, tenantId, ...switchTo });
    if (!isTokenBody(body)) throw new Error(body?.error_description || body?.msg || 'refresh failed');
    storeTokens(body);
    return body;
  } finally {
    refreshing = false;
  }
}

/** The 10-second check; returns a stop function. */
export function startRefreshCheck(): () => void {
  const id = setInterval(() => {
    const { token, refreshToken: rt } = useSession.getState();
    if (!token || !rt) return;
    const due = shouldRefresh({
      now: Date.now(),
      storedAt: tokenStoredAt(),
      tokenTime: useSettings.getState().tokenTime,
      running: refreshing,
    });
    if (due) refreshSession().catch(() => {});
  }, website.tokenCheckInterval);
  return () => clearInterval(id);
}
