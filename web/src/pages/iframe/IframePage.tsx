import { Empty } from 'antd';
import { useSearchParams } from 'react-router';
import { useT } from '../../i18n';

/** /myiframe/{routerPath}: an external page (menu entries with http(s) or html addresses). */
export default function IframePage() {
  const t = useT();
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  if (!src) return <Empty description={t('page.iframeMissing')} />;
  return (
    <iframe
      title={params.get('name') ?? src}
      src={src}
      style={{ width: '100%', height: 'calc(100vh - 130px)', border: 0, background: '#fff' }}
    />
  );
}
