import { Card, Progress, Typography } from 'antd';
import { useT } from '../../i18n';

/** /wel/dashboard: the console (hidden from the menu; demo content). */
export default function DashboardPage() {
  const t = useT();
  return (
    <Card title={t('dashboard.title')}>
      <Typography.Paragraph type="secondary">{t('dashboard.desc')}</Typography.Paragraph>
      <Progress percent={72} />
      <Progress percent={45} status="active" />
      <Progress percent={90} strokeColor="#67C23A" />
    </Card>
  );
}
