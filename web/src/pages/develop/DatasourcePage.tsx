import { App, Button } from 'antd';
import { useState } from 'react';
import { getData } from '../../api/http';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { resourceNamed } from '../../crud/registry';
import { useT } from '../../i18n';
import { secretInput } from '../resource/SecretInput';
import { keepEmptySecret, withSecretOnEdit } from '../resource/secret';

const datasource = withSecretOnEdit(resourceNamed('datasource'), 'password');
const inputs = { password: secretInput('ds.passwordKeep') };

/** A row's 测试连接 button: connects once with the saved settings and says how it went. */
function TestAction({ row }: { row: Row }) {
  const t = useT();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const test = () => {
    setBusy(true);
    getData('/blade-develop/datasource/test', { method: 'POST', body: { id: String(row.id) } })
      .then(() => void message.success(t('ds.connected')))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <Button type="link" size="small" loading={busy} onClick={test}>
      {t('ds.test')}
    </Button>
  );
}

/** /tool/datasource: database connections for the developer tools and tenants' business data. */
export default function DatasourcePage() {
  return (
    <CrudPage
      resource={datasource}
      inputs={inputs}
      beforeSave={(body) => keepEmptySecret(body, 'password')}
      rowActions={(row, ctx) => ctx.access.has('datasource_test') && <TestAction row={row} />}
    />
  );
}
