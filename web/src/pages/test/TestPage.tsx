import { Button, Card, Typography } from 'antd';
import { useT } from '../../i18n';

/** /test/index: a page for menu testing; it can also raise a runtime error for the error log. */
export default function TestPage() {
  const t = useT();
  return (
    <Card title={t('test.title')}>
      <Typography.Paragraph>{t('test.desc')}</Typography.Paragraph>
      <Button
        danger
        onClick={() => {
          setTimeout(() => {
            throw new Error('Test runtime error');
          });
        }}
      >
        {t('test.throw')}
      </Button>
    </Card>
  );
}
