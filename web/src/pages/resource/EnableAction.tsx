import type { PermissionCode } from '@blade/schema';
import { App, Button, Tag } from 'antd';
import { useState } from 'react';
import { getData } from '../../api/http';
import type { CrudContext } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { useT } from '../../i18n';

interface EnableActionProps {
  row: Row;
  ctx: CrudContext;
  /** The resource's API base, e.g. /blade-resource/oss. */
  path: string;
  /** The button's permission code, e.g. oss_enable. */
  code: PermissionCode;
}

export const isEnabled = (row: Row): boolean => row.enabled === 1 || row.enabled === true;

/** The row's 已启用 mark, or its 启用 button (one configuration per tenant is enabled). */
export function EnableAction({ row, ctx, path, code }: EnableActionProps) {
  const t = useT();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (isEnabled(row)) return <Tag color="success">{t('res.enabled')}</Tag>;
  if (!ctx.access.has(code)) return null;
  const enable = () => {
    setBusy(true);
    getData(`${path}/enable`, { method: 'POST', params: { id: String(row.id) } })
      .then(() => {
        void message.success(t('res.enableSuccess'));
        ctx.reload();
      })
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button type="link" size="small" loading={busy} onClick={enable}>
      {t('res.enable')}
    </Button>
  );
}
