import { Suspense, useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { type MessageKey, useLanguageStore, useT } from '../i18n';
import { useLayout } from '../store/layout';
import { followLockInOtherTabs, useLock } from '../store/lock';
import { useSession } from '../store/session';
import { type Tab, tabLabel } from '../store/tabs';
import { openTab, useTabs } from '../store/tabsStore';
import { getCookie } from '../util/storage';
import { ErrorBoundary } from './ErrorBoundary';
import { decide } from './guard';
import { loadMenu } from './loadMenu';
import { PageLoading } from './PageLoading';
import { menuIndexPath, resolveRoute } from './routeTable';
import { localLogout } from './session';

/** An unknown path while signed in may be a menu page: fetch the menu, then decide. */
function MenuWait({ whole }: { whole: boolean }) {
  useEffect(() => {
    loadMenu(whole ? '' : useSession.getState().topMenuId, { reuse: true }).catch(() => {});
  }, [whole]);
  return <PageLoading />;
}

function LogoutRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    localLogout();
    navigate('/login', { replace: true });
  }, [navigate]);
  return <PageLoading />;
}

/** Fixed pages outside the tabs title themselves. */
const fixedTitles: Readonly<Record<string, MessageKey>> = {
  '/login': 'login.title',
  '/lock': 'page.titleLock',
  '/404': 'page.title404',
  '/403': 'page.title403',
  '/500': 'page.title500',
};

function usePageTitle(pathname: string): void {
  const t = useT();
  const list = useTabs((s) => s.list);
  const active = useTabs((s) => s.active);
  const language = useLanguageStore((s) => s.language);
  useEffect(() => {
    const tab = list.find((x) => x.value === active);
    const fixed = fixedTitles[pathname];
    const tag = fixed ? t(fixed) : tab ? tabLabel(tab, t, language) : '';
    document.title = tag ? `${tag}-${t('app.title')}` : t('app.title');
    document.documentElement.lang = language === 'en' ? 'en' : 'zh-CN';
  }, [list, active, pathname, t, language]);
}

/** Root route: applies the route guard, keeps the page title and catches render errors. */
export function Root() {
  const location = useLocation();
  const menu = useSession((s) => s.menu);
  const storeToken = useSession((s) => s.token);
  const menuLoaded = useSession((s) => s.menuLoaded);
  const menuScoped = useSession((s) => s.topMenuId !== '');
  const isLocked = useLock((s) => s.isLocked);
  const t = useT();
  const { pathname, search } = location;
  const route = useMemo(() => resolveRoute(pathname, search, menu), [pathname, search, menu]);
  const decision = decide({
    pathname,
    search,
    route,
    indexPath: route.kind === 'unknown' ? menuIndexPath(pathname, search, menu) : undefined,
    cookieToken: getCookie('access-token'),
    storeToken,
    isLocked,
    menuLoaded,
    menuScoped,
  });
  usePageTitle(pathname);
  useEffect(followLockInOtherTabs, []);

  const tab = decision.type === 'allow' ? decision.tab : undefined;
  const openWindow = decision.type === 'allow' ? decision.openWindow : undefined;
  const isMenu = decision.type === 'allow' ? decision.isMenu : true;
  const tabKey = tab ? JSON.stringify(tab) : '';
  useEffect(() => {
    if (tabKey) openTab(JSON.parse(tabKey) as Tab);
  }, [tabKey]);
  useEffect(() => {
    if (openWindow) window.open(openWindow, '_blank', 'noopener');
  }, [openWindow]);
  useEffect(() => {
    useLayout.setState({ isMenu });
  }, [isMenu]);

  if (decision.type === 'redirect') {
    // The 404 page is told the path, so it can tell a page the user may not open from a missing one.
    const state = decision.to === '/404' ? { from: pathname } : undefined;
    return decision.logout ? <LogoutRedirect /> : <Navigate to={decision.to} replace state={state} />;
  }
  if (decision.type === 'wait') return <MenuWait whole={decision.whole} />;
  return (
    <ErrorBoundary
      resetKey={pathname}
      fallback={(error) => (
        <div className="fatal-error" role="alert">
          <strong>{t('page.renderError')}</strong>
          <pre>{error.message}</pre>
        </div>
      )}
    >
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}
