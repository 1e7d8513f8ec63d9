import { Card, Col, Descriptions, Row, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { MenuItem } from '../../app/menu';
import { useT } from '../../i18n';
import { useSession } from '../../store/session';
import { MallFigures } from '../mall/dashboard/MallFigures';
import './home.css';

/** The menu codes that may read the mall figures (GET /api/mall/dashboard). */
const MALL_CODES = new Set(['mall', 'order', 'product']);

/** Whether the menu, at any depth, holds an entry of one of the codes. */
const holdsMenu = (items: readonly MenuItem[], codes: ReadonlySet<string>): boolean =>
  items.some((m) => (m.code !== undefined && codes.has(m.code)) || holdsMenu(m.children, codes));

/** /wel/index: the first page. The four statistics are demo content (spec §1); the mall figures below are real. */
export default function HomePage() {
  const t = useT();
  const user = useSession((s) => s.userInfo);
  const roles = useSession((s) => s.roles);
  const menu = useSession((s) => s.menu);
  // The mall figures are for those whose menu holds a mall screen (the server's rule for them).
  const seesMall = useMemo(() => holdsMenu(menu, MALL_CODES), [menu]);
  const name = user?.realName || user?.userName || user?.account || '';
  const stats = [
    { key: 'wel.stat.users', value: 1280 },
    { key: 'wel.stat.orders', value: 356 },
    { key: 'wel.stat.lessons', value: 84 },
    { key: 'wel.stat.visits', value: 9421 },
  ] as const;
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
      <Row gutter={12} style={{ marginTop: 12 }}>
        {stats.map((s) => (
          <Col key={s.key} xs={12} md={6}>
            <Card>
              <Statistic title={`${t(s.key)} ${t('wel.demoNote')}`} value={s.value} />
            </Card>
          </Col>
        ))}
      </Row>
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
