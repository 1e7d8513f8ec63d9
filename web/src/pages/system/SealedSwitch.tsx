import type { ResourceDef } from '@blade/schema';
import { App, Switch } from 'antd';
import { useState } from 'react';
import { crudApi } from '../../crud/api';
import { useCrudText } from '../../crud/i18n';

/** The isSealed toggle in a dictionary row: flips 0 and 1 through submit (needs the edit code). */
export function SealedSwitch({
  resource,
  id,
  value,
  disabled,
  onChanged,
}: {
  resource: ResourceDef;
  id: string;
  value: unknown;
  disabled: boolean;
  onChanged: () => void;
}) {
  const { t } = useCrudText();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const sealed = Number(value) === 1;
  const toggle = async (next: boolean) => {
    setSaving(true);
    try {
      await crudApi(resource).save({ id, isSealed: next ? 1 : 0 }, 'edit');
      void message.success(t('updateSuccess'));
      onChanged();
    } catch {
      // the HTTP client has shown the server's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      size="small"
      checked={sealed}
      loading={saving}
      disabled={disabled}
      checkedChildren={t('yes')}
      unCheckedChildren={t('no')}
      onClick={(_checked, event) => event.stopPropagation()}
      onChange={(next) => void toggle(next)}
    />
  );
}
