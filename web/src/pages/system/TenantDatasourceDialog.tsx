import type { Row } from '../../crud/fields';
import { useCrudText } from '../../crud/i18n';
import { datasourceSetting, datasources } from './systemApi';
import { NONE, TenantChoiceDialog } from './TenantChoiceDialog';

const datasourceOptions = async () =>
  (await datasources()).map((d) => ({ value: String(d.id), label: String(d.name) }));
const currentDatasource = (tenant: Row) => (tenant.datasourceId ? String(tenant.datasourceId) : NONE);

/** Binds a tenant's business data to a data source, or the built-in database (tenant_datasource). */
export function TenantDatasourceDialog(props: {
  tenant: Row | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useCrudText();
  return (
    <TenantChoiceDialog
      {...props}
      title={t('datasourceSetting')}
      label={t('datasource')}
      extra={t('datasourceTip')}
      noneLabel={t('builtInDatasource')}
      optionsKey="datasources"
      loadOptions={datasourceOptions}
      current={currentDatasource}
      save={datasourceSetting}
    />
  );
}
