import { businessTables, resources } from '@blade/schema';
import type { AuthorityTables } from './tables/authority.js';
import type { DevelopTables } from './tables/develop.js';
import type { FlowTables } from './tables/flow.js';
import type { LogTables } from './tables/logs.js';
import type { MallTables } from './tables/mall.js';
import type { OperationTables } from './tables/operations.js';
import type { PlatformTables } from './tables/platform.js';
import type { ResourceTables } from './tables/resource.js';

export * from './tables/authority.js';
export * from './tables/columns.js';
export * from './tables/develop.js';
export * from './tables/flow.js';
export * from './tables/logs.js';
export * from './tables/mall.js';
export * from './tables/operations.js';
export * from './tables/platform.js';
export * from './tables/resource.js';

/** Every table typed code names, with its row type: the areas' tables (db/tables/) together. */
export interface Database
  extends PlatformTables,
    AuthorityTables,
    DevelopTables,
    ResourceTables,
    LogTables,
    MallTables,
    FlowTables,
    OperationTables {}

export type TableName = keyof Database;

/**
 * Tables whose rows carry a tenant_id yet are read before any tenant is chosen: the tenants
 * themselves, and sessions (found by the id a token carries).
 */
export const TENANT_KEYED_TABLES = [
  'blade_tenant',
  'blade_auth_session',
] as const satisfies readonly TableName[];

/**
 * The typed tables whose rows belong to one tenant: those whose rows carry tenant_id, as a
 * declaration's `tenant` says of its table; a new one needs no line here.
 */
export type TenantTableName = Exclude<
  { [T in TableName]: Database[T] extends { tenant_id: string } ? T : never }[TableName],
  (typeof TENANT_KEYED_TABLES)[number]
>;

/** The tables a query may touch without a tenant: the global handle cannot even name the others. */
export type GlobalDatabase = Omit<Database, TenantTableName>;

/**
 * Tenant tables no declaration names: grants, the workflow's own records, jobs, history and
 * imports are written by their modules; an order's lines with their order.
 */
const UNDECLARED_TENANT_TABLES = [
  'blade_role_menu',
  'blade_top_menu_setting',
  'blade_role_scope',
  'mall_order_item',
  'flow_deployment',
  'flow_definition',
  'flow_instance',
  'flow_task',
  'flow_history',
  'blade_process_leave',
  'blade_job',
  'blade_job_run',
  'blade_data_history',
  'blade_data_import',
] as const satisfies readonly TenantTableName[];

/** Business tables no declaration names: an order's lines are written and read with their order. */
const UNDECLARED_BUSINESS_TABLES = ['mall_order_item'] as const satisfies readonly TenantTableName[];

/**
 * A tenant's business data: the tables of the mall and learning declarations and their order lines.
 * They live in the data source the tenant is bound to (modules/develop/data-sources.ts).
 */
export const BUSINESS_TABLES: ReadonlySet<string> = new Set<string>([
  ...businessTables,
  ...UNDECLARED_BUSINESS_TABLES,
]);

const scoped = new Set<string>([
  ...Object.values(resources)
    .filter((r) => r.tenant)
    .map((r) => r.table),
  ...UNDECLARED_TENANT_TABLES,
  ...BUSINESS_TABLES,
]);

/**
 * Every table the tenant scope filters: the tables of tenant-owned declarations, the few tenant
 * tables no declaration names, and tenant-owned tables of resources registered at run time (the
 * code generator's; see scopeGeneratedTable). tables.test.ts proves they are exactly the tables
 * with a tenant_id column but TENANT_KEYED_TABLES.
 */
export const SCOPED_TABLES: ReadonlySet<string> = scoped;

/**
 * Adds a generated resource's table to the tenant scope. Tables are only ever added, never
 * removed, so a scope once applied is never lifted; the typed tables keep their compile-time rule.
 */
export function scopeGeneratedTable(table: string): void {
  scoped.add(table);
}
