import { columnOf, type ResourceDef } from '@blade/schema';
import { rememberOf } from '../../core/access-memory.js';
import { isSuperAdmin } from '../../core/http.js';
import type { ResourceContext } from '../../crud/hooks.js';
import type { Filter } from '../../crud/list-query.js';

/** Rule types of the data_scope_type dictionary. */
export const DataScopeType = { all: 1, custom: 2, own: 3, ownDept: 4, ownDeptAndBelow: 5 } as const;

const ids = (csv: string | null | undefined): number[] =>
  (csv ?? '')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isSafeInteger(n) && n > 0);

/** A data-scope rule of the caller's roles for a resource. */
export interface DataScopeRule {
  id: number;
  scope_name: string;
  scope_type: number;
  scope_column: string;
  scope_value: string | null;
}

/** Whether a resource's reads are limited by data-scope rules for this caller at all. */
const scoped = (ctx: ResourceContext, resource: ResourceDef): boolean =>
  !!resource.dataScope && !isSuperAdmin(ctx.auth) && ctx.auth.roleIds.length > 0;

/** The caller's roles' data-scope rules for a resource (none: every row of the tenant). */
export function dataScopeRules(ctx: ResourceContext, resource: ResourceDef): Promise<DataScopeRule[]> {
  if (!scoped(ctx, resource)) return Promise.resolve([]);
  const { auth } = ctx;
  return rememberOf(auth)(`dataScope:${resource.permission}`, () =>
    auth.db
      .selectFrom('blade_scope_data as s')
      .innerJoin('blade_role_scope as rs', 'rs.scope_id', 's.id')
      .select(['s.id', 's.scope_name', 's.scope_type', 's.scope_column', 's.scope_value'])
      .where('rs.scope_category', '=', 1)
      .where('rs.role_id', 'in', auth.roleIds)
      .where('s.resource_code', '=', resource.permission)
      .where('s.is_deleted', '=', 0)
      .execute(),
  );
}

/**
 * The data-scope condition of a read: the caller's roles' rules for this resource, any of
 * which admits a row (no rule, or an "all" rule, admits every row of the tenant).
 */
export async function dataScopeFilters(ctx: ResourceContext, resource: ResourceDef): Promise<Filter[]> {
  if (!scoped(ctx, resource)) return [];
  const rules = await dataScopeRules(ctx, resource);
  if (rules.length === 0 || rules.some((r) => r.scope_type === DataScopeType.all)) return [];
  const anyOf: Filter[] = [];
  for (const rule of rules) {
    const filter = await ruleFilter(ctx, resource, rule);
    if (filter) anyOf.push(filter);
  }
  return [{ anyOf }];
}

/** The rows one rule admits, as a condition over the resource's columns (undefined: none of its own). */
export async function ruleFilter(
  ctx: ResourceContext,
  resource: ResourceDef,
  rule: Pick<DataScopeRule, 'scope_type' | 'scope_value'>,
): Promise<Filter | undefined> {
  if (!resource.dataScope) return undefined;
  const deptColumn = columnOf(resource.dataScope.dept);
  const myDept = ctx.auth.deptId;
  switch (rule.scope_type) {
    case DataScopeType.own:
      return { column: columnOf(resource.dataScope.user), op: '=', value: ctx.auth.userId };
    case DataScopeType.ownDept:
      return { column: deptColumn, op: 'in', value: myDept ? [String(myDept)] : [] };
    case DataScopeType.ownDeptAndBelow:
      return {
        column: deptColumn,
        op: 'in',
        value: myDept ? (await deptAndBelow(ctx, myDept)).map(String) : [],
      };
    case DataScopeType.custom:
      return { column: deptColumn, op: 'in', value: ids(rule.scope_value).map(String) };
    default:
      return undefined;
  }
}

/** A department and every department under it. */
export function deptAndBelow(ctx: Pick<ResourceContext, 'auth'>, deptId: number): Promise<number[]> {
  return rememberOf(ctx.auth)(`deptAndBelow:${deptId}`, () => departmentsFrom(ctx, deptId));
}

async function departmentsFrom(ctx: Pick<ResourceContext, 'auth'>, deptId: number): Promise<number[]> {
  const rows = await ctx.auth.db
    .selectFrom('blade_dept')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('id', '=', deptId),
        eb('ancestors', 'like', `%,${deptId}`),
        eb('ancestors', 'like', `%,${deptId},%`),
      ]),
    )
    .where('is_deleted', '=', 0)
    .execute();
  return rows.map((r) => r.id);
}
