import { Result } from 'antd';
import { useT } from '../i18n';

/** What the content area shows when a page fails to render (its own chunk: rarely needed). */
export function PageError({ message }: { message: string }) {
  const t = useT();
  return <Result status="error" title={t('page.renderError')} subTitle={message} />;
}
