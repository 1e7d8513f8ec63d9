import { ShopOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { website } from '../config';
import { useT } from '../i18n';
import { Sidebar } from './Sidebar';

/** Inside the sidebar: product title and the menu; the same in the side column and the phone drawer. */
export function SiderBody({ collapsed }: { collapsed: boolean }) {
  const t = useT();
  return (
    <>
      <Link to={website.firstPage.value} className="shell-logo">
        {collapsed ? <ShopOutlined /> : t('app.title')}
      </Link>
      <div className="shell-sider-scroll">
        <Sidebar collapsed={collapsed} />
      </div>
    </>
  );
}
