import { Card, Typography } from 'antd';
import { useT } from '../../i18n';
import { MallFigures } from '../mall/dashboard/MallFigures';
import { useSeesMall } from '../mall/dashboard/useSeesMall';

/** /wel/dashboard: the console (hidden from the menu): the mall's real figures, for those who may see them. */
export default function DashboardPage() {
  const t = useT();
  const seesMall = useSeesMall();
  return (
    <Card title={t('dashboard.title')}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t(seesMall ? 'dashboard.desc' : 'dashboard.noFigures')}
      </Typography.Paragraph>
      {seesMall && <MallFigures />}
    </Card>
  );
}
