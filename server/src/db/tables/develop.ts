/** Data sources and the code generator's records. */

import type { Generated } from 'kysely';
import type { AuditColumns } from './columns.js';

export interface DatasourceTable extends AuditColumns {
  id: number;
  name: string;
  kind: string;
  url: string;
  username: string | null;
  /** Sealed with the data key (core/secret-box.ts). */
  password: string | null;
  remark: string | null;
}

export interface CodeTable extends AuditColumns {
  id: number;
  datasource_id: Generated<number>;
  code_name: string;
  module_name: string;
  table_name: string;
  table_prefix: string | null;
  pk_name: Generated<string>;
  api_path: string;
  base_mode: Generated<number>;
  tenant_mode: Generated<number>;
  registered: Generated<number>;
  declaration: string | null;
  /** SpringBlade's generator settings, kept for its form (0026); ours does not read them. */
  package_name: string | null;
  wrap_mode: number | null;
  output_path: string | null;
  web_path: string | null;
}

/** Its tables, by name (a part of `Database`). */
export interface DevelopTables {
  blade_datasource: DatasourceTable;
  blade_code: CodeTable;
}
