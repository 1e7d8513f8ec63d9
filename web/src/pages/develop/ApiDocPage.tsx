import { ExportOutlined } from '@ant-design/icons';
import { Button, Card, Space } from 'antd';
import { useT } from '../../i18n';
import './apidoc.css';

/** The server's own documentation page and its OpenAPI document (GET /api/docs, /api/docs/json). */
const DOCS = '/api/docs';

/** 研发工具 › 接口文档: the server's API documentation, inside the app. */
export default function ApiDocPage() {
  const t = useT();
  return (
    <Card
      size="small"
      className="apidoc-page"
      title={t('apidoc.title')}
      extra={
        <Space wrap>
          <Button size="small" href={`${DOCS}/json`} target="_blank" rel="noopener">
            {t('apidoc.json')}
          </Button>
          <Button size="small" icon={<ExportOutlined />} href={DOCS} target="_blank" rel="noopener">
            {t('apidoc.newWindow')}
          </Button>
        </Space>
      }
    >
      <iframe className="apidoc-frame" title={t('apidoc.title')} src={DOCS} />
    </Card>
  );
}
