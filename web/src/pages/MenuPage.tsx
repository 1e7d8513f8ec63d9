import { Result } from 'antd';
import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { findMenu } from '../app/menu';
import { PageLoading } from '../app/PageLoading';
import { resolveRoute } from '../app/routeTable';
import { useLanguageStore, useT } from '../i18n';
import { useSession } from '../store/session';
import { generatedPage as GeneratedPage, pageFor, screenPage as ScreenPage } from './menuPages';

/**
 * Starts loading the page of a menu path and its first calls (a direct load fetches them with the
 * shell's code).
 */
export function preloadMenuPage(pathWithSearch: string): void {
  const item = findMenu(useSession.getState().menu, pathWithSearch);
  // Only the user's own menu pages: another page's first calls would be refused (403).
  if (!item) return;
  const page = pageFor(item.rawPath ?? pathWithSearch.split('?')[0] ?? '');
  if (page) page.preload();
  else if (item.code) {
    const code = item.code;
    ScreenPage.preload();
    void import('../crud/ResourcePage').then((m) => m.prefetchScreen(code)).catch(() => {});
  }
}

/**
 * Menu-driven pages: the page registered for the menu's path (web/src/pages/menuPages.ts), the generic
 * page of the declared resource the screen's code names, the page of a resource registered at run
 * time, or, for pages not built yet, a clear placeholder instead of a crash.
 */
export default function MenuPage() {
  const t = useT();
  const en = useLanguageStore((s) => s.language) === 'en';
  const location = useLocation();
  const menu = useSession((s) => s.menu);
  const item = findMenu(menu, location.pathname + location.search);
  const route = resolveRoute(location.pathname, location.search, menu);
  const path = item?.rawPath ?? location.pathname;
  const Page = pageFor(path);
  if (Page)
    return (
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    );
  const name = item
    ? en
      ? item.alias
      : item.name
    : route.kind === 'static' && route.i18n
      ? t(route.i18n)
      : location.pathname;
  const notBuilt = (
    <Result status="info" title={t('page.notBuilt')} subTitle={t('page.notBuiltDesc', { name, path })} />
  );
  // A screen the code generator registered after this build: its page comes from the server.
  const generated = <GeneratedPage path={path} fallback={notBuilt} />;
  return (
    <Suspense fallback={<PageLoading />}>
      {item?.code ? <ScreenPage code={item.code} fallback={generated} /> : generated}
    </Suspense>
  );
}
