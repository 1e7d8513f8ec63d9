import { Link, Navigate, useLocation } from 'react-router';
import { website } from '../../config';
import { type MessageKey, useT } from '../../i18n';
import { isKnownPage } from './knownPage';
import './error.css';

const texts: Record<number, MessageKey> = {
  403: 'page.forbidden',
  404: 'page.notFound',
  500: 'page.serverError',
};

/** 403 / 404 / 500 pages (plain, no antd). */
export default function ErrorPage({ code }: { code: 403 | 404 | 500 }) {
  const t = useT();
  // A page of the app the user's menu lacks is theirs to be refused, not a missing one.
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  if (code === 404 && typeof from === 'string' && isKnownPage(from)) return <Navigate to="/403" replace />;
  return (
    <div className="error-page">
      <div className="error-code">{code}</div>
      <p className="error-text">{t(texts[code] ?? 'page.notFound')}</p>
      <Link className="error-home" to={website.firstPage.value}>
        {t('common.backHome')}
      </Link>
    </div>
  );
}
