import { DownOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../app/session';
import { website } from '../config';
import { useT } from '../i18n';
import { useSession } from '../store/session';
import { useSettings } from '../store/settings';
import { lazyDialog } from './lazyDialog';

const SwitchDialog = lazyDialog(() => import('./dialogs/SwitchDialog').then((m) => m.SwitchDialog));

/** Avatar and name dropdown: home, user info, switch (switch mode only), log out with confirmation. */
export function UserMenu() {
  const t = useT();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const switchMode = useSettings((s) => s.switchMode);
  const [switching, setSwitching] = useState(false);

  const items: MenuProps['items'] = [
    { key: 'home', label: t('top.home') },
    { key: 'info', label: t('top.userInfo') },
    ...(switchMode ? [{ key: 'switch', label: t('top.switch') }] : []),
    { type: 'divider' as const },
    { key: 'logout', label: t('top.logout'), danger: true },
  ];

  const onClick = ({ key }: { key: string }) => {
    if (key === 'home') navigate(website.firstPage.value);
    if (key === 'info') navigate('/info/index');
    if (key === 'switch') setSwitching(true);
    if (key === 'logout') {
      modal.confirm({
        title: t('common.tip'),
        content: t('top.logoutConfirm'),
        okText: t('common.ok'),
        cancelText: t('common.cancel'),
        onOk: async () => {
          await logout();
          navigate('/login', { replace: true });
        },
      });
    }
  };

  const name = user?.realName || user?.userName || user?.account || '';
  return (
    <>
      <Dropdown menu={{ items, onClick }} trigger={['click']}>
        <button type="button" className="shell-user" aria-label={name}>
          {/* Decorative: the button is named by the user's name beside it. */}
          <Avatar size="small" src={user?.avatar || website.defaultAvatar} alt="" />
          <span className="shell-user-name">{name}</span>
          <DownOutlined />
        </button>
      </Dropdown>
      {switchMode ? <SwitchDialog open={switching} onClose={() => setSwitching(false)} /> : null}
    </>
  );
}
