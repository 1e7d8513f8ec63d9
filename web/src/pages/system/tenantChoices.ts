import type { Row } from '../../crud/fields';
import type { CrudTextKey } from '../../crud/i18n';
import { datasourceSetting, datasources, packageDetail, packageSetting, packages } from './systemApi';

/** "None" in both tenant bindings: no package, the built-in database. */
export const NONE = '0';

/** One thing a tenant is bound to, or none: its words, its options and how it is read and saved. */
export interface TenantChoice {
  /** Dialog title, field label, its tip, and the label of the NONE option. */
  text: { title: CrudTextKey; label: CrudTextKey; extra?: CrudTextKey; none: CrudTextKey };
  /** Query key and loader of the other options. */
  optionsKey: string;
  loadOptions: () => Promise<Array<{ value: string; label: string }>>;
  /** The tenant's current choice (NONE when unbound). */
  current: (tenant: Row) => Promise<string> | string;
  save: (tenantId: string, choice: string) => Promise<unknown>;
}

/** The tenant's package (tenant_package). */
export const PACKAGE_CHOICE: TenantChoice = {
  text: { title: 'packageSetting', label: 'tenantPackage', none: 'noPackage' },
  optionsKey: 'tenant-packages',
  loadOptions: async () =>
    (await packages()).map((p) => ({ value: String(p.id), label: String(p.packageName) })),
  current: async (tenant) => {
    const p = await packageDetail(String(tenant.tenantId));
    return p?.id ? String(p.id) : NONE;
  },
  save: packageSetting,
};

/** The data source holding the tenant's business data, or the built-in database (tenant_datasource). */
export const DATASOURCE_CHOICE: TenantChoice = {
  text: {
    title: 'datasourceSetting',
    label: 'datasource',
    extra: 'datasourceTip',
    none: 'builtInDatasource',
  },
  optionsKey: 'datasources',
  loadOptions: async () => (await datasources()).map((d) => ({ value: String(d.id), label: String(d.name) })),
  current: (tenant) => (tenant.datasourceId ? String(tenant.datasourceId) : NONE),
  save: datasourceSetting,
};
