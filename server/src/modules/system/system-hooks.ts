import { randomInt } from 'node:crypto';
import type { ResourceDef } from '@blade/schema';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import { ADMIN_TENANT } from '../../core/http.js';
import type { DynamicDb, DynamicRow } from '../../crud/dynamic-db.js';
import type { ResourceContext, ResourceHooks } from '../../crud/hooks.js';
import { seedTenantContent } from '../../db/seed/seed.js';
import type { Database } from '../../db/tables.js';
import { md5, sha256 } from '../auth/passwords.js';
import { noticeHooks } from '../desk/notice-hooks.js';
import { codeHooks } from '../develop/code-hooks.js';
import { datasourceHooks } from '../develop/datasource-hooks.js';
import { activityHooks, activityUserHooks } from '../mall/activity-hooks.js';
import { orderHooks } from '../mall/order-hooks.js';
import { reportHooks } from '../report/report-hooks.js';
import { attachHooks, sealedKeyHooks } from '../resource/resource-hooks.js';
import { userHooks } from '../user/user-hooks.js';
import { dataScopeFilters } from './data-scope.js';

/** A tree node may not become its own parent or the child of one of its descendants. */
async function checkParent(ctx: ResourceContext, values: DynamicRow, id: number): Promise<void> {
  const parentId = values.parent_id;
  if (parentId === undefined || parentId === 0) return;
  const table = ctx.resource.table;
  let cursor = Number(parentId);
  for (let depth = 0; cursor !== 0 && depth < 64; depth++) {
    if (cursor === id)
      throw new AppError(400, 'invalidField', { field: 'parentId', reason: 'would make a cycle' });
    const row = await ctx.db
      .selectFrom(table)
      .select('parent_id')
      .where('id', '=', cursor)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new AppError(400, 'invalidField', { field: 'parentId', reason: 'does not exist' });
    cursor = Number(row.parent_id);
  }
}

export const treeHooks: ResourceHooks = {
  beforeWrite: (ctx, values, _mode, id) => checkParent(ctx, values, id),
};

export const deptHooks: ResourceHooks = {
  async beforeWrite(ctx, values, _mode, id) {
    await checkParent(ctx, values, id);
    if (values.parent_id === undefined) return;
    const parentId = Number(values.parent_id);
    if (parentId === 0) {
      values.ancestors = '0';
      return;
    }
    const parent = await ctx.db
      .selectFrom('blade_dept')
      .select('ancestors')
      .where('id', '=', parentId)
      .executeTakeFirst();
    values.ancestors = `${String(parent?.ancestors ?? '0')},${parentId}`;
  },
};

/** Client secrets are stored as SHA-256 only. */
export const clientHooks: ResourceHooks = {
  beforeWrite(_ctx, values) {
    if (typeof values.client_secret === 'string') values.client_secret_hash = sha256(values.client_secret);
    delete values.client_secret;
  },
};

/** Children of a dictionary share its code; the form shows it disabled. */
export const dictHooks: ResourceHooks = {
  async beforeWrite(ctx, values, mode, id) {
    await checkParent(ctx, values, id);
    const parentId = values.parent_id === undefined ? undefined : Number(values.parent_id);
    if (parentId) {
      const parent = await ctx.db
        .selectFrom(ctx.resource.table)
        .select('code')
        .where('id', '=', parentId)
        .executeTakeFirst();
      values.code = parent?.code;
    } else if (mode === 'add') {
      values.dict_key = '-1';
    }
  },
};

/** A free six-digit tenant id. */
async function newTenantId(db: DynamicDb): Promise<string> {
  for (;;) {
    const candidate = String(randomInt(100000, 1000000));
    const clash = await db
      .selectFrom('blade_tenant')
      .select('id')
      .where('tenant_id', '=', candidate)
      .executeTakeFirst();
    if (!clash) return candidate;
  }
}

/** The initial password of accounts an administrator creates: parameter account.initPassword. */
export async function initialPassword(db: DynamicDb): Promise<string> {
  const row = await db
    .selectFrom('blade_param')
    .select('param_value')
    .where('param_key', '=', 'account.initPassword')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return String(row?.param_value ?? '123456');
}

/** A new tenant gets its id, head department, administrator role and account, top menus, dictionaries. */
export const tenantHooks: ResourceHooks = {
  async beforeWrite(ctx, values, mode) {
    if (mode === 'add') values.tenant_id = await newTenantId(ctx.db);
    else delete values.tenant_id;
    if (typeof values.domain === 'string') values.domain = values.domain.toLowerCase() || null;
  },
  async afterWrite(ctx, _id, mode, values) {
    if (mode !== 'add') return;
    const menus = await ctx.db
      .selectFrom('blade_menu')
      .select(['id', 'code'])
      .where('is_deleted', '=', 0)
      .execute();
    const hasher = ctx.services.hasher;
    // Writing another tenant's rows: the one deliberate step outside the caller's scope, inside
    // the same transaction as the tenant row.
    const crossTenant = (ctx.db as unknown as Kysely<Database>).withoutPlugins();
    await seedTenantContent(crossTenant, String(values.tenant_id), {
      menuIds: new Map(
        menus
          .filter((m) => m.code !== 'tenant' && m.code !== 'tenantpackage' && m.code !== 'client')
          .map((m) => [String(m.code), Number(m.id)]),
      ),
      passwordHash: await hasher.hash(md5(await initialPassword(ctx.db))),
      adminAccount: 'admin',
      roleAlias: 'admin',
    });
  },
  async beforeRemove(ctx, ids) {
    const admin = await ctx.db
      .selectFrom('blade_tenant')
      .select('id')
      .where('id', 'in', ids)
      .where('tenant_id', '=', ADMIN_TENANT)
      .executeTakeFirst();
    if (admin) throw new AppError(403, 'forbidden');
  },
};

function hooksOf(r: ResourceDef): ResourceHooks {
  switch (r.name) {
    case 'user':
      return userHooks;
    case 'oss':
    case 'sms':
      return sealedKeyHooks;
    case 'attach':
      return attachHooks;
    case 'notice':
      return noticeHooks;
    case 'report':
      return reportHooks;
    case 'order':
      return orderHooks;
    case 'activity':
      return activityHooks;
    case 'activityUser':
      return activityUserHooks;
    case 'dept':
      return deptHooks;
    case 'client':
      return clientHooks;
    case 'dict':
    case 'dictBiz':
      return dictHooks;
    case 'tenant':
      return tenantHooks;
    case 'datasource':
      return datasourceHooks;
    case 'code':
      return codeHooks;
    case 'role':
    case 'menu':
      return treeHooks;
    default:
      return {};
  }
}

/** A resource's own hooks, with the data-scope rule added for resources that declare one. */
export function hooksByResource(r: ResourceDef): ResourceHooks {
  const own = hooksOf(r);
  if (!r.dataScope) return own;
  return {
    ...own,
    readScope: async (ctx) => [...((await own.readScope?.(ctx)) ?? []), ...(await dataScopeFilters(ctx, r))],
  };
}
