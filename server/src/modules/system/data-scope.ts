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

/**
 * The data-scope condition of a read: the caller's roles' rules for this resource, any of
 * which admits a row (no rule, or an "all" rule, admits every row of the tenant).
 */
export async function dataScopeFilters(ctx: ResourceContext, resource: ResourceDef): Promise<Filter[]> {
  if (!resource.dataScope || isSuperAdmin(ctx.auth) || ctx.auth.roleIds.length === 0) return [];
  const { auth } = ctx;
  const rules = await rememberOf(auth)(`dataScope:${resource.permission}`, () =>
    auth.db
      .selectFrom('blade_scope_data as s')
      .innerJoin('blade_role_scope as rs', 'rs.scope_id', 's.id')
      .select(['s.scope_type', 's.scope_column', 's.scope_value'])
      .where('rs.scope_category', '=', 1)
      .where('rs.role_id', 'in', auth.roleIds)
      .where('s.resource_code', '=', resource.permission)
      .where('s.is_deleted', '=', 0)
      .execute(),
  );
  if (rules.length === 0 || rules.some((r) => r.scope_type === DataScopeType.all)) return [];

  const deptColumn = columnOf(resource.dataScope.dept);
  const userColumn = columnOf(resource.dataScope.user);
  const myDept = ctx.auth.deptId;
  const anyOf: Filter[] = [];
  for (const rule of rules) {
    switch (rule.scope_type) {
      case DataScopeType.own:
        anyOf.push({ column: userColumn, op: '=', value: ctx.auth.userId });
        break;
      case DataScopeType.ownDept:
        anyOf.push({ column: deptColumn, op: 'in', value: myDept ? [String(myDept)] : [] });
        break;
      case DataScopeType.ownDeptAndBelow:
        anyOf.push({
          column: deptColumn,
          op: 'in',
          value: myDept ? (await deptAndBelow(ctx, myDept)).map(String) : [],
        });
        break;
      case DataScopeType.custom:
        anyOf.push({ column: deptColumn, op: 'in', value: ids(rule.scope_value).map(String) });
        break;
    }
  }
  return [{ anyOf }];
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
