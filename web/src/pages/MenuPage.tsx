import { Result } from 'antd';
import { useLocation } from 'react-router';
import { findMenu } from '../app/menu';
import { resolveRoute } from '../app/routeTable';
import { useLanguageStore, useT } from '../i18n';
import { useSession } from '../store/session';

/**
 * Menu-driven pages and fixed routes whose page is not built yet: a clear placeholder instead of a crash.
 * (The schema-driven list pages will be registered here.)
 */
export default function MenuPage() {
  const t = useT();
  const en = useLanguageStore((s) => s.language) === 'en';
  const location = useLocation();
  const menu = useSession((s) => s.menu);
  const item = findMenu(menu, location.pathname + location.search);
  const route = resolveRoute(location.pathname, location.search, menu);
  const name = item
    ? en
      ? item.alias
      : item.name
    : route.kind === 'static' && route.i18n
      ? t(route.i18n)
      : location.pathname;
  return (
    <Result
      status="info"
      title={t('page.notBuilt')}
      subTitle={t('page.notBuiltDesc', { name, path: item?.rawPath ?? location.pathname })}
    />
  );
}
