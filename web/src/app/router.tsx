import { useEffect } from 'react';
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  type NavigateFunction,
  type RouteObject,
  useNavigate,
  useRoutes,
} from 'react-router';
import { lazyPage } from './lazy';
import { Root } from './Root';

const LoginPage = lazyPage(() => import('../pages/login/LoginPage'), { builtInTexts: true });
const SsoPage = lazyPage(() => import('../pages/login/SsoPage'));
const ErrorPage = lazyPage(() => import('../pages/error/ErrorPage'));
const LockPage = lazyPage(() => import('../pages/lock/LockPage'));
const ShellLayout = lazyPage(() => import('../shell/ShellLayout'));
const HomePage = lazyPage(() => import('../pages/wel/HomePage'));
const DashboardPage = lazyPage(() => import('../pages/wel/DashboardPage'));
const InfoPage = lazyPage(() => import('../pages/info/InfoPage'));
const TestPage = lazyPage(() => import('../pages/test/TestPage'));
const IframePage = lazyPage(() => import('../pages/iframe/IframePage'));
const MenuPage = lazyPage(() => import('../pages/MenuPage'));
const LeaveFormPage = lazyPage(() => import('../pages/work/leave/LeaveFormPage'));
const LeaveHandlePage = lazyPage(() => import('../pages/work/leave/LeaveHandlePage'));
const LeaveDetailPage = lazyPage(() => import('../pages/work/leave/LeaveDetailPage'));

/** Fixed routes (spec §2); menu pages are matched by the catch-all inside the shell. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/', element: <Navigate to="/wel" replace /> },
      { path: '/wel', element: <Navigate to="/wel/index" replace /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/sso', element: <SsoPage /> },
      { path: '/lock', element: <LockPage /> },
      { path: '/404', element: <ErrorPage code={404} /> },
      { path: '/403', element: <ErrorPage code={403} /> },
      { path: '/500', element: <ErrorPage code={500} /> },
      {
        element: <ShellLayout />,
        children: [
          { path: '/wel/index', element: <HomePage /> },
          { path: '/wel/dashboard', element: <DashboardPage /> },
          { path: '/info/index', element: <InfoPage /> },
          { path: '/test/index', element: <TestPage /> },
          { path: '/myiframe/:routerPath', element: <IframePage /> },
          { path: '/work/process/leave/form/:processDefinitionId', element: <LeaveFormPage /> },
          {
            path: '/work/process/leave/handle/:taskId/:processInstanceId/:businessId',
            element: <LeaveHandlePage />,
          },
          {
            path: '/work/process/leave/detail/:processInstanceId/:businessId',
            element: <LeaveDetailPage />,
          },
          { path: '*', element: <MenuPage /> },
        ],
      },
    ],
  },
];

/** The mounted router's navigate, for code outside React (the HTTP client's sign-out). */
let navigateOutside: NavigateFunction | undefined;

function AppRoutes() {
  const navigate = useNavigate();
  useEffect(() => {
    navigateOutside = navigate;
  }, [navigate]);
  return useRoutes(routes);
}

/**
 * The app's routes in the browser's address bar. Declarative mode: no route uses loaders or
 * actions, and the data router's code would be a third of what the sign-in page loads.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

/** Navigates from outside React; before the router is mounted it will start at the new address. */
export function navigateTo(to: string): void {
  if (navigateOutside) void navigateOutside(to);
  else window.history.replaceState(null, '', to);
}

/**
 * Starts loading the code of a signed-in page's route (the shell, the page and, for menu pages,
 * the menu's page) at once, instead of each after the one around it has rendered.
 */
export function preloadRoute(pathname: string, search: string): { inShell: boolean } {
  const matches = matchRoutes(routes, pathname) ?? [];
  // Innermost first: the page's own code is the last step of the chain, so its requests go out
  // ahead of the shell's many small chunks instead of queueing behind them.
  for (const match of [...matches].reverse()) {
    const type: unknown = (match.route.element as { type?: unknown } | undefined)?.type;
    if (type === MenuPage) {
      void import('../pages/MenuPage').then((m) => m.preloadMenuPage(pathname + search));
    } else if (typeof type === 'object' && type !== null && 'preload' in type) {
      (type as { preload: () => void }).preload();
    }
  }
  return {
    inShell: matches.some((m) => (m.route.element as { type?: unknown } | undefined)?.type === ShellLayout),
  };
}
