import { LockOutlined, LogoutOutlined, UnlockOutlined } from '@ant-design/icons';
import { Avatar, Button, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../app/session';
import { website } from '../../config';
import { useT } from '../../i18n';
import { AntProvider } from '../../shell/AntProvider';
import { useLock } from '../../store/lock';
import { unlockScreen } from '../../store/lockPassword';
import { useSession } from '../../store/session';
import { useTabs } from '../../store/tabsStore';
import { LanguageSwitch } from '../login/LanguageSwitch';
import './lock.css';

function Lock() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSession((s) => s.userInfo);
  const active = useTabs((s) => s.active);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const isLocked = useLock((s) => s.isLocked);

  // Unlocked here or in another tab (or signed out there): back to the page the user was on.
  useEffect(() => {
    if (!isLocked) navigate(active || website.firstPage.value, { replace: true });
  }, [isLocked, active, navigate]);

  const unlock = () => {
    if (!password) {
      setError(t('lock.passwordRequired'));
      return;
    }
    if (!unlockScreen(password)) setError(t('lock.wrongPassword'));
  };

  return (
    <div className="lock-page">
      <div className="lock-lang">
        <LanguageSwitch />
      </div>
      <div className="lock-card">
        <Avatar size={72} src={user?.avatar || website.defaultAvatar} />
        <Typography.Title level={4} style={{ margin: 0 }}>
          {user?.realName || user?.userName || ''}
        </Typography.Title>
        <Typography.Text type="secondary">
          <LockOutlined /> {t('lock.locked')}
        </Typography.Text>
        <Typography.Text type="secondary" className="lock-scope">
          {t('lock.scope')}
        </Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input.Password
            aria-label={t('lock.password')}
            placeholder={t('lock.unlockPlaceholder')}
            value={password}
            status={error ? 'error' : ''}
            onChange={(e) => {
              setPassword(e.target.value);
              setError('');
            }}
            onPressEnter={unlock}
            autoFocus
          />
          <Button type="primary" icon={<UnlockOutlined />} onClick={unlock}>
            {t('lock.unlock')}
          </Button>
        </Space.Compact>
        {error ? (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        ) : null}
        <Button
          type="link"
          icon={<LogoutOutlined />}
          onClick={async () => {
            await logout();
            navigate('/login', { replace: true });
          }}
        >
          {t('top.logout')}
        </Button>
      </div>
    </div>
  );
}

/** /lock: the screen stays locked until the lock password is entered. */
export default function LockPage() {
  return (
    <AntProvider>
      <Lock />
    </AntProvider>
  );
}
