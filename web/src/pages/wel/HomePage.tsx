import { Card, Descriptions, Typography } from 'antd';
import { Link } from 'react-router';
import { useT } from '../../i18n';
import { useSession } from '../../store/session';
import { MallFigures } from '../mall/dashboard/MallFigures';
import { useSeesMall } from '../mall/dashboard/useSeesMall';
import './home.css';

/**
 * /wel/index: the first page: who is signed in, shortcuts and the mall's real figures. No demo
 * figures: beside the real ones they would disagree with them.
 */
export default function HomePage() {
  const t = useT();
  const user = useSession((s) => s.userInfo);
  const roles = useSession((s) => s.roles);
  const seesMall = useSeesMall();
  const name = user?.realName || user?.userName || user?.account || '';
  return (
    <div className="page-home">
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('wel.greeting', { name })}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('wel.intro')}</Typography.Paragraph>
        {/* one a line on a phone: three columns there would break 000000 and 超级管理员 inside them */}
        <Descriptions className="home-about" size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
          <Descriptions.Item label={t('wel.tenant')}>{user?.tenantId}</Descriptions.Item>
          <Descriptions.Item label={t('wel.role')}>
            {user?.roleNames?.join(', ') || user?.roleName || roles.join(', ')}
          </Descriptions.Item>
          <Descriptions.Item label={t('wel.dept')}>{user?.deptName || user?.deptId}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('wel.quickLinks')} style={{ marginTop: 12 }}>
        <Link to="/info/index">{t('route.info')}</Link>
        {' · '}
        <Link to="/wel/dashboard">{t('route.dashboard')}</Link>
      </Card>
      {/* Last: it appears when its figures arrive, and nothing below it moves then. */}
      {seesMall && <MallFigures />}
    </div>
  );
}
