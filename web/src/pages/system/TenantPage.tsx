import { App, Button } from 'antd';
import { useState } from 'react';
import { CrudPage } from '../../crud/CrudPage';
import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import { resourceNamed } from '../../crud/registry';
import { showOneTimePasswords } from './oneTimePasswords';
import { TenantChoiceDialog } from './TenantChoiceDialog';
import { TenantSettingDialog } from './TenantSettingDialog';
import { DATASOURCE_CHOICE, PACKAGE_CHOICE } from './tenantChoices';
import { useSelectionGuard } from './useSelectionGuard';

const tenant = resourceNamed('tenant');

/** What a dialog works on, and the list reload to run after it saves. */
interface Target<T> {
  value: T;
  reload: () => void;
}

/** Tenants, with authorization settings for the selection and a package and data source per tenant. */
export default function TenantPage() {
  const [setting, setSetting] = useState<Target<string[]> | null>(null);
  const [packaging, setPackaging] = useState<Target<Row> | null>(null);
  const [binding, setBinding] = useState<Target<Row> | null>(null);
  const guard = useSelectionGuard();
  const { modal } = App.useApp();
  const text = useCrudText();
  return (
    <>
      <CrudPage
        resource={tenant}
        form={{
          afterSave: (saved) => {
            // A new tenant's administrator password: answered this once, shown this once.
            if (saved.adminPassword)
              showOneTimePasswords(modal, text, [
                {
                  tenantId: String(saved.tenantId),
                  account: String(saved.adminAccount),
                  password: String(saved.adminPassword),
                },
              ]);
          },
        }}
        table={{
          toolbar: ({ access, selectedIds, text, reload }) =>
            access.has('tenant_setting') && (
              <Button onClick={() => guard(selectedIds, () => setSetting({ value: selectedIds, reload }))}>
                {text.t('tenantSetting')}
              </Button>
            ),
          rowActions: (row, { access, text, reload }) => (
            <>
              {access.has('tenant_package') && (
                <Button type="link" size="small" onClick={() => setPackaging({ value: row, reload })}>
                  {text.t('packageSetting')}
                </Button>
              )}
              {access.has('tenant_datasource') && (
                <Button type="link" size="small" onClick={() => setBinding({ value: row, reload })}>
                  {text.t('datasourceSetting')}
                </Button>
              )}
            </>
          ),
        }}
      />
      <TenantSettingDialog
        ids={setting?.value ?? null}
        onClose={() => setSetting(null)}
        onSaved={() => setting?.reload()}
      />
      <TenantChoiceDialog
        choice={DATASOURCE_CHOICE}
        tenant={binding?.value ?? null}
        onClose={() => setBinding(null)}
        onSaved={() => binding?.reload()}
      />
      <TenantChoiceDialog
        choice={PACKAGE_CHOICE}
        tenant={packaging?.value ?? null}
        onClose={() => setPackaging(null)}
        onSaved={() => packaging?.reload()}
      />
    </>
  );
}
