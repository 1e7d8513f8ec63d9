import {
  BgColorsOutlined,
  BugOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LockOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useEffect, useState } from 'react';
import { website } from '../config';
import { useT } from '../i18n';
import { useErrorLog } from '../store/errorLog';
import { setCollapse, setSearch, useLayout } from '../store/layout';
import { ErrorLogDialog } from './dialogs/ErrorLogDialog';
import { LockDialog } from './dialogs/LockDialog';
import { ThemeDialog } from './dialogs/ThemeDialog';
import { LanguageMenu } from './LanguageMenu';
import { NoticePopover } from './NoticePopover';
import { TopMenu } from './TopMenu';
import { UserMenu } from './UserMenu';

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
  const logCount = useErrorLog((s) => s.logs.length);
  const [full, toggleFull] = useFullscreen();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const icon = (label: string, node: React.ReactNode, onClick: () => void) => (
    <Button type="text" className="shell-icon-btn" aria-label={label} title={label} onClick={onClick}>
      {node}
    </Button>
  );

  return (
    <div className="shell-topbar">
      <div className="shell-topbar-left">
        {icon(t('top.collapse'), collapse ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />, () =>
          setCollapse(!collapse),
        )}
        <TopMenu />
      </div>
      <div className="shell-topbar-right">
        {icon(t('top.search'), <SearchOutlined />, () => setSearch(true))}
        {icon(
          full ? t('top.exitFullscreen') : t('top.fullscreen'),
          full ? <FullscreenExitOutlined /> : <FullscreenOutlined />,
          toggleFull,
        )}
        {icon(t('top.lock'), <LockOutlined />, () => setDialog('lock'))}
        {icon(t('top.theme'), <BgColorsOutlined />, () => setDialog('theme'))}
        {icon(
          t('top.errorLog'),
          <Badge count={logCount} overflowCount={website.logMax} size="small" className="shell-log-badge">
            <BugOutlined />
          </Badge>,
          () => setDialog('log'),
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
