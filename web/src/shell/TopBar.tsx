import {
  BgColorsOutlined,
  BugOutlined,
  EllipsisOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LockOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown } from 'antd';
import { Fragment, useEffect, useState } from 'react';
import { website } from '../config';
import { useT } from '../i18n';
import { useErrorLog } from '../store/errorLog';
import { setCollapse, setDrawer, setSearch, useLayout, usePhone } from '../store/layout';
import { LanguageMenu } from './LanguageMenu';
import { lazyDialog } from './lazyDialog';
import { NoticePopover } from './NoticePopover';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

const LockDialog = lazyDialog(() => import('./dialogs/LockDialog').then((m) => m.LockDialog));
const ThemeDialog = lazyDialog(() => import('./dialogs/ThemeDialog').then((m) => m.ThemeDialog));
const ErrorLogDialog = lazyDialog(() => import('./dialogs/ErrorLogDialog').then((m) => m.ErrorLogDialog));

function useFullscreen(): [boolean, () => void] {
  const [full, setFull] = useState(false);
  useEffect(() => {
    const on = () => setFull(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void document.documentElement.requestFullscreen().catch(() => {});
  };
  return [full, toggle];
}

type Dialog = 'lock' | 'theme' | 'log' | null;

export function TopBar() {
  const t = useT();
  const collapse = useLayout((s) => s.collapse);
  const phone = usePhone();
  const drawer = useLayout((s) => s.isDrawer);
  const logCount = useErrorLog((s) => s.logs.length);
  const [full, toggleFull] = useFullscreen();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const icon = (label: string, node: React.ReactNode, onClick: () => void, className = '') => (
    <Button
      type="text"
      className={`shell-icon-btn ${className}`}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      {node}
    </Button>
  );

  // Phone widths have no room for every icon: these few sit in a "more" menu there.
  const spare = [
    {
      key: 'full',
      label: full ? t('top.exitFullscreen') : t('top.fullscreen'),
      node: full ? <FullscreenExitOutlined /> : <FullscreenOutlined />,
      run: toggleFull,
    },
    { key: 'lock', label: t('top.lock'), node: <LockOutlined />, run: () => setDialog('lock') },
    { key: 'theme', label: t('top.theme'), node: <BgColorsOutlined />, run: () => setDialog('theme') },
    {
      key: 'log',
      label: t('top.errorLog'),
      node: (
        <Badge count={logCount} overflowCount={website.logMax} size="small" className="shell-log-badge">
          <BugOutlined />
        </Badge>
      ),
      run: () => setDialog('log'),
    },
  ];

  return (
    <div className="shell-topbar">
      <div className="shell-topbar-left">
        {phone
          ? icon(t('top.menu'), <MenuUnfoldOutlined />, () => setDrawer(!drawer), 'shell-menu-toggle')
          : icon(t('top.collapse'), collapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />, () =>
              setCollapse(!collapse),
            )}
        {phone ? null : <TopMenu />}
      </div>
      <div className="shell-topbar-right">
        {icon(t('top.search'), <SearchOutlined />, () => setSearch(true))}
        {phone ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: spare.map((s) => ({ key: s.key, icon: s.node, label: s.label })),
              onClick: ({ key }) => spare.find((s) => s.key === key)?.run(),
            }}
          >
            <Button type="text" className="shell-icon-btn" aria-label={t('top.more')} title={t('top.more')}>
              <EllipsisOutlined />
            </Button>
          </Dropdown>
        ) : (
          spare.map((s) => <Fragment key={s.key}>{icon(s.label, s.node, s.run)}</Fragment>)
        )}
        <NoticePopover />
        <LanguageMenu />
        <UserMenu />
      </div>
      <LockDialog open={dialog === 'lock'} onClose={close} />
      <ThemeDialog open={dialog === 'theme'} onClose={close} />
      <ErrorLogDialog open={dialog === 'log'} onClose={close} />
    </div>
  );
}
