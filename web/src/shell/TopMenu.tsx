import { HomeOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { ConfigProvider, Menu } from 'antd';
import { useNavigate } from 'react-router';
import { getTopMenu } from '../api/menu';
import { loadMenu } from '../app/loadMenu';
import { menuLeaves } from '../app/menu';
import { website } from '../config';
import { useLanguageStore, useT } from '../i18n';
import { useLayout } from '../store/layout';
import { useSession } from '../store/session';
import { MenuIcon } from './MenuIcon';
import { findTheme } from './themes';
import { useMenuNavigate } from './useMenuNavigate';

const HOME = 'home';

/** The top menu: a home item and the server's top menus; opening one reloads the sidebar menu. */
export function TopMenu() {
  const t = useT();
  const en = useLanguageStore((s) => s.language) === 'en';
  const navigate = useNavigate();
  const openItem = useMenuNavigate();
  const topMenuId = useSession((s) => s.topMenuId);
  const look = findTheme(useLayout((s) => s.themeName));
  const { data = [] } = useQuery({ queryKey: ['top-menu'], queryFn: getTopMenu });

  const onClick = async (key: string) => {
    if (key === HOME) {
      await loadMenu('').catch(() => {});
      navigate(website.firstPage.value);
      return;
    }
    const menu = await loadMenu(key).catch(() => null);
    const first = menu ? menuLeaves(menu)[0] : undefined;
    if (first) openItem(first);
  };

  const items = [
    { key: HOME, icon: <HomeOutlined />, label: t('top.home') },
    ...data.map((m) => ({
      key: String(m.id),
      icon: <MenuIcon name={m.source || website.menu.iconDefault} />,
      label: en ? m.alias || m.name : m.name,
    })),
  ];

  return (
    <ConfigProvider
      theme={{
        components: {
          Menu: { itemBg: 'transparent', itemColor: look.headerText, horizontalLineHeight: '50px' },
        },
      }}
    >
      <Menu
        className="shell-top-menu"
        style={{ borderBottom: 0 }}
        mode="horizontal"
        items={items}
        selectedKeys={[topMenuId || HOME]}
        onClick={({ key }) => void onClick(key)}
      />
    </ConfigProvider>
  );
}
