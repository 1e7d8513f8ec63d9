/**
 * The platform's tables: tenants and their packages, clients, parameters, regions, dictionaries and
 * menus (top menus and business dictionaries are each tenant's own).
 */

import type { Generated } from 'kysely';
import type { AuditColumns } from './columns.js';

export interface TenantTable extends AuditColumns {
  id: number;
  tenant_id: string;
  tenant_name: string;
  domain: string | null;
  background_url: string | null;
  linkman: string | null;
  contact_number: string | null;
  address: string | null;
  account_number: Generated<number>;
  expire_time: string | null;
  package_id: number | null;
  datasource_id: number | null;
}

export interface TenantPackageTable extends AuditColumns {
  id: number;
  package_name: string;
  menu_id: string;
  remark: string | null;
}

export interface ClientTable extends AuditColumns {
  id: number;
  client_id: string;
  client_secret_hash: string;
  scope: string;
  authorized_grant_types: string;
  web_server_redirect_uri: string | null;
  access_token_validity: number;
  refresh_token_validity: number;
}

export interface ParamTable extends AuditColumns {
  id: number;
  param_name: string;
  param_key: string;
  param_value: string;
  remark: string | null;
}

export interface RegionTable extends AuditColumns {
  id: number;
  code: string;
  parent_code: string;
  ancestors: string;
  name: string;
  region_level: number;
  sort: number;
  remark: string | null;
}

export interface DictTable extends AuditColumns {
  id: number;
  parent_id: number;
  code: string;
  dict_key: string;
  dict_value: string;
  /** The English name; null where none was given. */
  dict_value_en: string | null;
  sort: number;
  remark: string | null;
  is_sealed: number;
}

export interface DictBizTable extends DictTable {
  tenant_id: string;
}

export interface MenuTable extends AuditColumns {
  id: number;
  parent_id: number;
  code: string;
  name: string;
  alias: string;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  is_open: number;
  remark: string | null;
}

export interface TopMenuTable extends AuditColumns {
  id: number;
  tenant_id: string;
  code: string;
  name: string;
  alias: string;
  source: string | null;
  path: string | null;
  sort: number;
}

export interface TopMenuSettingTable {
  id: number;
  tenant_id: string;
  top_menu_id: number;
  menu_id: number;
}

/** Its tables, by name (a part of `Database`). */
export interface PlatformTables {
  blade_tenant: TenantTable;
  blade_tenant_package: TenantPackageTable;
  blade_client: ClientTable;
  blade_menu: MenuTable;
  blade_top_menu: TopMenuTable;
  blade_top_menu_setting: TopMenuSettingTable;
  blade_dict: DictTable;
  blade_dict_biz: DictBizTable;
  blade_param: ParamTable;
  blade_region: RegionTable;
}
