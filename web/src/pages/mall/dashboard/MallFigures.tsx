import { useQuery } from '@tanstack/react-query';
import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useT } from '../../../i18n';
import { formatCents } from '../money';
import { Chart } from './Chart';
import { loadDashboard } from './dashboardApi';
import './dashboard.css';

const shortDay = (day: string) => day.slice(5);

/** The home page's real figures from the mall's tables; nothing at all for a user without access. */
export function MallFigures() {
  const t = useT();
  const query = useQuery({ queryKey: ['mall-dashboard'], queryFn: loadDashboard, staleTime: 60_000 });
  const d = query.data;
  if (!d) return null;
  const orders = d.ordersByDay.map((o) => ({ label: shortDay(o.day), value: Number(o.orders) }));
  const revenue = d.ordersByDay.map((o) => ({ label: shortDay(o.day), value: Number(o.revenue) }));
  const users = d.newUsersByDay.map((u) => ({ label: shortDay(u.day), value: Number(u.users) }));
  return (
    <div className="mall-figures" style={{ marginTop: 12 }}>
      <Typography.Title level={5}>{t('dash.title')}</Typography.Title>
      <Row gutter={12}>
        {/* two a row until the screen holds four: a sum in yuan needs the width */}
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title={t('dash.orders')} value={d.totals.orders} />
          </Card>
        </Col>
        <Col xs={12} lg={6}>
          <Card>
            <Statistic title={t('dash.revenue')} value={formatCents(d.totals.revenue)} />
          </Card>
        </Col>
      </Row>
      <Row gutter={12} style={{ marginTop: 12 }}>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('dash.ordersByDay')}>
            <Chart kind="bar" data={orders} title={t('dash.ordersByDay')} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card size="small" title={t('dash.revenueByDay')}>
            <Chart
              kind="line"
              data={revenue}
              format={formatCents}
              color="#67C23A"
              title={t('dash.revenueByDay')}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12} style={{ marginTop: 12 }}>
          <Card size="small" title={t('dash.usersByDay')}>
            <Chart kind="line" data={users} color="#E6A23C" title={t('dash.usersByDay')} />
          </Card>
        </Col>
        <Col xs={24} lg={12} style={{ marginTop: 12 }}>
          <Card size="small" title={t('dash.topProducts')}>
            <Chart
              kind="bar"
              data={d.topProducts.map((p) => ({ label: p.name, value: Number(p.sales) }))}
              color="#F56C6C"
              title={t('dash.topProducts')}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('dash.upcoming')} style={{ marginTop: 12 }}>
        {/* Plain markup in List's look: antd's List brings pagination and select into the home page. */}
        {d.upcomingLiving.length ? (
          <ul className="dash-list">
            {d.upcomingLiving.map((l) => (
              <li key={l.id}>
                <div className="dash-list-title">{l.title}</div>
                <div className="dash-list-desc">{`${l.startTime} · ${l.host}`}</div>
              </li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
      </Card>
    </div>
  );
}
