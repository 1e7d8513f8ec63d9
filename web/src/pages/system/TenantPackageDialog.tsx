import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import { packageDetail, packageSetting, packages } from './systemApi';
import { NONE, TenantChoiceDialog } from './TenantChoiceDialog';

const packageOptions = async () =>
  (await packages()).map((p) => ({ value: String(p.id), label: String(p.packageName) }));
const currentPackage = async (tenant: Row) => {
  const p = await packageDetail(String(tenant.tenantId));
  return p?.id ? String(p.id) : NONE;
};

/** Binds a package to a tenant, or none (tenant_package). */
export function TenantPackageDialog(props: { tenant: Row | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useCrudText();
  return (
    <TenantChoiceDialog
      {...props}
      title={t('packageSetting')}
      label={t('tenantPackage')}
      noneLabel={t('noPackage')}
      optionsKey="tenant-packages"
      loadOptions={packageOptions}
      current={currentPackage}
      save={packageSetting}
    />
  );
}
