import { Drawer, Layout } from 'antd';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n';
import { setDrawer, useLayout } from '../store/layout';
import { SiderBody } from './SiderBody';

/** Phone widths: the sidebar menu in a drawer from the left, closed again once a page opens. */
export function MenuDrawer() {
  const t = useT();
  const open = useLayout((s) => s.isDrawer);
  const { pathname, search } = useLocation();
  const where = `${pathname}${search}`;
  const shown = useRef(where);

  // Closed when another page opens. Not on mount: this part loads on demand, and may arrive
  // after the tap that opened the drawer.
  useEffect(() => {
    if (shown.current === where) return;
    shown.current = where;
    setDrawer(false);
  }, [where]);

  return (
    <Drawer
      className="shell-drawer"
      placement="left"
      size={260}
      open={open}
      closable={false}
      onClose={() => setDrawer(false)}
      title={null}
      aria-label={t('top.menu')}
      styles={{ body: { padding: 0 } }}
    >
      <Layout.Sider className="shell-sider" width="100%">
        <SiderBody collapsed={false} />
      </Layout.Sider>
    </Drawer>
  );
}
