import { useT } from '../i18n';

/** A light loading indicator (no antd, so the sign-in chunk stays small). */
export function PageLoading() {
  const t = useT();
  return (
    <div className="page-loading" role="status">
      <span className="page-loading-dot" />
      {t('common.loading')}
    </div>
  );
}
