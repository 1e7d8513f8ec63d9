import { QueryClientProvider } from '@tanstack/react-query';
import { Layout } from 'antd';
import { type CSSProperties, lazy, Suspense } from 'react';
import { isEmbedded } from '../app/embedded';
import { isPhone, useLayout } from '../store/layout';
import { AntProvider } from './AntProvider';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { lazyDialog } from './lazyDialog';
import { queryClient } from './queryClient';
import { SiderBody } from './SiderBody';
import { TabsBar } from './TabsBar';
import { TopBar } from './TopBar';
import { findTheme } from './themes';
import { useScreenWatcher, useShellData } from './useShellData';
import './shell.css';

/** Phone widths only. */
const MenuDrawer = lazy(() => import('./MenuDrawer').then((m) => ({ default: m.MenuDrawer })));
const SearchOverlay = lazyDialog(() => import('./SearchOverlay').then((m) => m.SearchOverlay));

function Frame() {
  useShellData();
  useScreenWatcher();
  const collapse = useLayout((s) => s.collapse);
  const isMenu = useLayout((s) => s.isMenu);
  const screen = useLayout((s) => s.screen);
  const themeName = useLayout((s) => s.themeName);
  const searching = useLayout((s) => s.isSearch);
  const look = findTheme(themeName);
  const vars = {
    '--shell-header-text': look.headerText,
    '--shell-logo-bg': look.logoBg,
    '--shell-logo-text': look.logoText,
    '--shell-sider-text': look.siderText,
    '--shell-tabs-bg': look.tabsBg,
  } as CSSProperties;

  // Inside Saber's iframe the page stands alone: Saber's own frame is around it.
  if (isEmbedded())
    return (
      <Layout className="shell shell-embedded" data-theme={themeName} style={vars}>
        <Layout.Content className="shell-content">
          <KeepAliveOutlet />
        </Layout.Content>
      </Layout>
    );

  return (
    <Layout className="shell" data-theme={themeName} style={vars}>
      {isMenu && !isPhone(screen) ? (
        <Layout.Sider
          className="shell-sider"
          trigger={null}
          collapsible
          collapsed={collapse}
          width={230}
          collapsedWidth={64}
        >
          <SiderBody collapsed={collapse} />
        </Layout.Sider>
      ) : null}
      {isMenu && isPhone(screen) ? (
        <Suspense fallback={null}>
          <MenuDrawer />
        </Suspense>
      ) : null}
      <Layout className="shell-main">
        <Layout.Header className="shell-header">
          <TopBar />
        </Layout.Header>
        <TabsBar />
        <Layout.Content className="shell-content">
          <KeepAliveOutlet />
        </Layout.Content>
      </Layout>
      <SearchOverlay open={searching} />
    </Layout>
  );
}

/** The signed-in shell: header, sidebar, tabs, search overlay and the content area. */
export default function ShellLayout() {
  return (
    <AntProvider>
      <QueryClientProvider client={queryClient}>
        <Frame />
      </QueryClientProvider>
    </AntProvider>
  );
}
