import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { findMenu, type MenuItem, parentKeys } from '../app/menu';
import { useLanguageStore } from '../i18n';
import { useLayout } from '../store/layout';
import { useSession } from '../store/session';
import { MenuIcon } from './MenuIcon';
import { findTheme } from './themes';
import { useMenuNavigate } from './useMenuNavigate';

type Items = NonNullable<MenuProps['items']>;

function toItems(menu: readonly MenuItem[], en: boolean): Items {
  return menu.map((m) => ({
    key: m.id,
    icon: <MenuIcon name={m.icon} />,
    label: en ? m.alias : m.name,
    ...(m.children.length ? { children: toItems(m.children, en) } : {}),
  }));
}

function byId(menu: readonly MenuItem[], id: string): MenuItem | undefined {
  for (const m of menu) {
    if (m.id === id) return m;
    const hit = byId(m.children, id);
    if (hit) return hit;
  }
  return undefined;
}

/** The sidebar menu; one submenu open at a time. */
export function Sidebar({ collapsed }: { collapsed: boolean }) {
  const menu = useSession((s) => s.menu);
  const en = useLanguageStore((s) => s.language) === 'en';
  const light = findTheme(useLayout((s) => s.themeName)).lightMenu;
  const location = useLocation();
  const open = useMenuNavigate();
  const items = useMemo(() => toItems(menu, en), [menu, en]);
  const active = useMemo(() => findMenu(menu, location.pathname + location.search), [menu, location]);
  // The active screen's submenus open in the same render that shows them (not in an effect after
  // it), so the first paint does not animate them open and push the rest of the menu down.
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  const [openedFor, setOpenedFor] = useState<typeof active>();
  if (active !== openedFor) {
    setOpenedFor(active);
    if (active) setOpenKeys(parentKeys(menu, active.id) ?? []);
  }

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    setOpenKeys(opened ? [...(parentKeys(menu, opened) ?? []), opened] : keys);
  };

  return (
    <Menu
      className="shell-menu"
      style={{ borderInlineEnd: 0 }}
      mode="inline"
      theme={light ? 'light' : 'dark'}
      items={items}
      selectedKeys={active ? [active.id] : []}
      {...(collapsed ? {} : { openKeys, onOpenChange })}
      onClick={({ key }) => {
        const item = byId(menu, key);
        if (item) open(item);
      }}
    />
  );
}
