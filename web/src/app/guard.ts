import { website } from '../config';
import type { Tab } from '../store/tabs';
import type { ResolvedRoute } from './routeTable';

export interface GuardInput {
  pathname: string;
  search: string;
  route: ResolvedRoute;
  /** The menu page this path names without its /index, if it does (menuIndexPath). */
  indexPath?: string | undefined;
  /** The access token cookie: whether the browser holds a session. */
  cookieToken: string;
  /** The access token in the session store. */
  storeToken: string;
  isLocked: boolean;
  /** The menu has been fetched this page load (until then an unknown path may still be a menu page). */
  menuLoaded: boolean;
  /** The menu is one top menu's part: a path outside it may still be in the whole menu. */
  menuScoped: boolean;
}

export type GuardDecision =
  | { type: 'redirect'; to: string; logout?: boolean }
  /** Fetch the menu (the whole menu when `whole`), then decide again. */
  | { type: 'wait'; whole: boolean }
  | { type: 'allow'; isMenu: boolean; tab?: Tab; openWindow?: string };

function queryOf(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

function tabFor(input: GuardInput, query: Record<string, string>): Tab | undefined {
  const { route } = input;
  const value = input.pathname + input.search;
  let label = query.name ?? '';
  const meta: Tab['meta'] = {};
  if (route.kind === 'menu') {
    label = route.menu.name;
    meta.labelEn = route.menu.alias;
  } else if (route.kind === 'static' && route.i18n && !label) {
    label = route.i18n;
    meta.i18n = route.i18n;
  }
  if (route.meta.keepAlive) meta.keepAlive = true;
  if (route.meta.isTab === false || !value || !label) return undefined;
  const params = route.kind === 'static' ? route.params : {};
  return { label, value, params, query, meta, group: [], close: true };
}

/** Where sign-in leads: the `redirect` it was given when that is a path of this app, else home. */
export function afterSignIn(redirect: string | null | undefined): string {
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}

/** The route guard of spec §2, as a pure decision. */
export function decide(input: GuardInput): GuardDecision {
  const { route, pathname } = input;
  const signedIn = input.cookieToken !== '';
  if (route.kind === 'unknown') {
    // Signed out, an unknown path may be a menu page of the user's menu: sign in first, then see.
    if (!signedIn) return toLogin(pathname + input.search);
    if (input.indexPath) return { type: 'redirect', to: input.indexPath };
    if (input.storeToken && (!input.menuLoaded || input.menuScoped))
      return { type: 'wait', whole: input.menuScoped };
    return { type: 'redirect', to: '/404' };
  }
  const query = queryOf(input.search);
  const isMenu =
    (query.menu ?? route.meta.menu) === undefined || String(query.menu ?? route.meta.menu) !== 'false';
  if (signedIn) {
    if (input.isLocked && pathname !== website.lockPage) return { type: 'redirect', to: website.lockPage };
    // Signed in on the sign-in page: on to the page it was asked for (it may render before the
    // sign-in page's own navigation does).
    if (pathname === '/login') return { type: 'redirect', to: afterSignIn(query.redirect) };
    if (input.storeToken === '') return { type: 'redirect', to: '/login', logout: true };
    if (query.target) return { type: 'allow', isMenu, openWindow: query.src || query.url || pathname };
    const tab = tabFor(input, query);
    return tab ? { type: 'allow', isMenu, tab } : { type: 'allow', isMenu };
  }
  if (route.meta.isAuth === false) return { type: 'allow', isMenu };
  return toLogin(pathname + input.search);
}

/** To the sign-in page, which comes back to this path afterwards. */
function toLogin(redirect: string): GuardDecision {
  return {
    type: 'redirect',
    to: redirect === '/' ? '/login' : `/login?redirect=${encodeURIComponent(redirect)}`,
  };
}
