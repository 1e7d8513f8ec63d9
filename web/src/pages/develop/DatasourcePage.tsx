import { App, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { getData } from '../../api/http';
import { CrudPage } from '../../crud/CrudPage';
import { useDialogRow } from '../../crud/dialogRow';
import type { CustomInput, CustomInputProps } from '../../crud/FormDialog';
import type { Row } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { useAccess } from '../../crud/useAccess';
import { useT } from '../../i18n';
import { secretInput } from '../resource/SecretInput';
import { keepEmptySecret, withSecretOnEdit } from '../resource/secret';

const datasource = withSecretOnEdit(resourceNamed('datasource'), 'password');
const inputs: Record<string, CustomInput> = { password: secretInput('ds.passwordKeep'), url: UrlInput };

/**
 * A 测试连接 button: connects once and says how it went. `settings` are the form's values when
 * testing before saving (an empty password there means the saved one); without them, the saved row.
 */
function TestButton({ id, settings, inForm }: { id?: string; settings?: () => Row; inForm?: boolean }) {
  const t = useT();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const test = () => {
    setBusy(true);
    const body = { ...(settings?.() ?? {}), ...(id ? { id } : {}) };
    getData('/blade-develop/datasource/test', { method: 'POST', body })
      .then(() => void message.success(t('ds.connected')))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button
      type={inForm ? 'default' : 'link'}
      size={inForm ? 'middle' : 'small'}
      loading={busy}
      onClick={test}
    >
      {t('ds.test')}
    </Button>
  );
}

/** The connection address with a 测试连接 of what the form holds, before it is saved. */
function UrlInput({ id, value, onChange, disabled }: CustomInputProps) {
  const form = Form.useFormInstance();
  const row = useDialogRow();
  const canTest = useAccess(datasource).has('datasource_test');
  const settings = (): Row => {
    const v = form.getFieldsValue(['name', 'kind', 'url', 'username', 'password']) as Row;
    return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== null));
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        id={id}
        value={typeof value === 'string' ? value : ''}
        onChange={(e) => onChange?.(e.target.value)}
        disabled={disabled}
      />
      {canTest && !disabled && (
        <TestButton id={row.id ? String(row.id) : undefined} settings={settings} inForm />
      )}
    </Space.Compact>
  );
}

/** /tool/datasource: database connections for the developer tools and tenants' business data. */
export default function DatasourcePage() {
  return (
    <CrudPage
      resource={datasource}
      form={{ inputs, beforeSave: (body) => keepEmptySecret(body, 'password') }}
      table={{
        rowActions: (row, ctx) => ctx.access.has('datasource_test') && <TestButton id={String(row.id)} />,
      }}
    />
  );
}
