/** Columns many tables share: the audit columns, those of the log tables, and a tenant row's id and tenant. */

import type { Generated } from 'kysely';

/** Audit columns every business table carries (ARCHITECTURE §6). */
export interface AuditColumns {
  create_user: number | null;
  create_dept: number | null;
  create_time: string;
  update_user: number | null;
  update_time: string;
  status: Generated<number>;
  is_deleted: Generated<number>;
}

/** Their names, for code that lists them (declarations, the code generator, list answers). */
export const AUDIT_COLUMNS = [
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
] as const satisfies readonly (keyof AuditColumns)[];

/** Compiles only while every audit column of the type is in the list too. */
export type EveryAuditColumnListed = NeverElse<Exclude<keyof AuditColumns, (typeof AUDIT_COLUMNS)[number]>>;

type NeverElse<T extends never> = T;

/** Audit columns of log tables (see withLogAudit). */
export interface LogAudit {
  create_dept: number | null;
  update_user: number | null;
  update_time: string | null;
  status: Generated<number>;
  is_deleted: Generated<number>;
}

/** The id and tenant of a row one tenant owns. */
export interface TenantOwned {
  id: number;
  tenant_id: string;
}
