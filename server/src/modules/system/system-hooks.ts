import { randomInt } from 'node:crypto';
import { NUMERIC_TYPES, resources, SECRET_MASK, type Text } from '@blade/schema';
import type { Kysely } from 'kysely';
import { md5, sha256 } from '../../core/digest.js';
import { AppError } from '../../core/errors.js';
import { ADMIN_ROLE, ADMIN_TENANT } from '../../core/http.js';
import { parseId } from '../../core/ids.js';
import type { HooksByResource, ResourceContext, ResourceHooks } from '../../crud/hooks.js';
import { asGlobal, type DynamicDb, type DynamicRow } from '../../db/dynamic-db.js';
import { liveRowBy } from '../../db/live-row.js';
import { seedTenantContent } from '../../db/seed/seed.js';
import type { Database } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { oneTimePassword } from '../auth/passwords.js';
import { DataScopeType } from './data-scope.js';
import { platformMenus } from './menu-service.js';

/** A tree node may not become its own parent or the child of one of its descendants. */
async function checkParent(ctx: ResourceContext, values: DynamicRow, id: number): Promise<void> {
  const parentId = values.parent_id;
  if (parentId === undefined || parentId === 0) return;
  const table = ctx.resource.table;
  let cursor = Number(parentId);
  for (let depth = 0; cursor !== 0 && depth < 64; depth++) {
    if (cursor === id)
      throw new AppError(400, 'invalidField', { field: 'parentId', reason: 'would make a cycle' });
    const row = await liveRowBy(ctx.db, table, 'id', cursor);
    if (!row) throw new AppError(400, 'invalidField', { field: 'parentId', reason: 'does not exist' });
    cursor = Number(row.parent_id);
  }
}

export const treeHooks: ResourceHooks = {
  beforeWrite: (ctx, values, _mode, id) => checkParent(ctx, values, id),
};

/** A role as the protections below read it. */
async function roleRow(ctx: ResourceContext, id: number) {
  const row = await ctx.db
    .selectFrom('blade_role')
    .select(['id', 'role_name', 'role_alias'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row as { id: number; role_name: string; role_alias: string } | undefined;
}

const isBuiltInAdministrator = (ctx: ResourceContext, alias: unknown) =>
  ctx.auth.tenantId === ADMIN_TENANT && alias === ADMIN_ROLE;

/**
 * Roles: changed or removed only by a caller holding all they hold; the platform's administrator
 * role keeps its alias and is never removed; a role still assigned to a user is not removed.
 */
export const roleHooks: ResourceHooks<Pick<Services, 'authority'>> = {
  async beforeWrite(ctx, values, mode, id) {
    await checkParent(ctx, values, id);
    if (mode === 'add') return;
    const role = await roleRow(ctx, id);
    if (role && isBuiltInAdministrator(ctx, role.role_alias) && values.role_alias !== undefined) {
      if (values.role_alias !== ADMIN_ROLE) throw new AppError(400, 'adminRoleProtected');
    }
    await ctx.services.authority.assertAssignable(ctx.auth, [id]);
  },
  async beforeRemove(ctx, ids) {
    for (const id of ids) {
      const role = await roleRow(ctx, id);
      if (!role) continue;
      if (isBuiltInAdministrator(ctx, role.role_alias)) throw new AppError(400, 'adminRoleProtected');
      const holders = await ctx.db
        .selectFrom('blade_user')
        .select('account')
        .where((eb) =>
          eb.or([
            eb('role_id', '=', String(id)),
            eb('role_id', 'like', `${id},%`),
            eb('role_id', 'like', `%,${id}`),
            eb('role_id', 'like', `%,${id},%`),
          ]),
        )
        .where('is_deleted', '=', 0)
        .orderBy('account')
        .execute();
      if (holders.length)
        throw new AppError(409, 'roleInUse', {
          name: role.role_name,
          count: holders.length,
          accounts: holders
            .slice(0, 5)
            .map((h) => String(h.account))
            .join(', '),
        });
      await ctx.services.authority.assertAssignable(ctx.auth, [id]);
    }
  },
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
  // Every client has a secret. Saber's edit form opens from the list row before its detail
  // arrives, and requires the secret: the row shows the mask the detail shows, which keeps it.
  decorate(_ctx, rows) {
    for (const row of rows) row.clientSecret = SECRET_MASK;
  },
};

/**
 * Regions as SpringBlade's clients name them: the level as `level`, and a row to remove by its
 * code in `id` (region codes are its keys there).
 */
export const regionHooks: ResourceHooks = {
  bodyAliases: { level: 'regionLevel' },
  async removeIds(ctx, query) {
    const code = query.id;
    if (query.ids !== undefined || typeof code !== 'string' || !/^\d{2,12}$/.test(code)) return undefined;
    const row = await liveRowBy(ctx.db, 'blade_region', 'code', code);
    if (!row) throw new AppError(404, 'rowNotFound');
    return [Number(row.id)];
  },
};

/**
 * Scopes listed for one menu (Saber's scope settings pass the menu's id): those saved with that
 * menu (Saber sends its id with the scope) or carrying its code (Saber's API-scope form does not
 * fill the code in).
 */
export const scopeHooks: ResourceHooks = {
  async listFilters(ctx, list) {
    const menuId = parseId(list.raw.menuId);
    if (!menuId) return [];
    const menu = await ctx.db
      .selectFrom('blade_menu')
      .select('code')
      .where('id', '=', menuId)
      .executeTakeFirst();
    return [
      {
        anyOf: [
          { column: 'menu_id', op: '=', value: String(menuId) },
          { column: 'resource_code', op: '=', value: String(menu?.code ?? '') },
        ],
      },
    ];
  },
};

/** SpringBlade's "no column" of a data scope, which only a rule reading no column (全部可见) takes. */
const NO_COLUMN = '-';

/**
 * Data scopes: the scope lists of a menu, and the column `-` (which Saber fills in for 全部可见)
 * only on a rule that reads no column; an edit is checked with the stored type or column it keeps.
 */
export const dataScopeHooks: ResourceHooks = {
  ...scopeHooks,
  // SpringBlade's scope names the fields and the mapper method it narrows, which Saber's edit
  // requires; ours narrows every read of its resource, all fields: answered as `*` and `-`.
  decorate(_ctx, rows) {
    for (const row of rows) Object.assign(row, { scopeField: '*', scopeClass: NO_COLUMN });
  },
  async beforeWrite(ctx, values, mode, id) {
    if (values.scope_column === undefined && values.scope_type === undefined) return;
    const stored =
      mode === 'edit'
        ? await ctx.db
            .selectFrom('blade_scope_data')
            .select(['scope_column', 'scope_type'])
            .where('id', '=', id)
            .executeTakeFirst()
        : undefined;
    const column = values.scope_column ?? stored?.scope_column;
    const type = Number(values.scope_type ?? stored?.scope_type);
    if (column === NO_COLUMN && type !== DataScopeType.all)
      throw new AppError(
        400,
        'worded',
        {
          zh: '权限字段 - 只用于全部可见，请填写 create_dept、create_user、dept_id 或 id',
          en: 'The column - only goes with the rule All: enter create_dept, create_user, dept_id or id',
        },
        { field: 'scopeColumn' },
      );
  },
};

/** A top menu saved without an English name is called by its code. */
export const topMenuHooks: ResourceHooks = {
  beforeWrite(_ctx, values, mode) {
    if (mode === 'add' && !values.alias) values.alias = values.code;
  },
};

/** Numeric fields by the dictionary they take their keys from (such a dictionary's keys are whole numbers). */
const numberFieldsByDict = new Map<string, Text[]>();
for (const r of Object.values(resources))
  for (const f of r.fields)
    if (f.dict && NUMERIC_TYPES.has(f.type))
      numberFieldsByDict.set(f.dict, [
        ...(numberFieldsByDict.get(f.dict) ?? []),
        { zh: `${r.label.zh}·${f.label.zh}`, en: `${r.label.en} · ${f.label.en}` },
      ]);

/** A dictionary's code names it once among the live dictionaries of its kind (and tenant). */
async function checkCodeFree(ctx: ResourceContext, code: unknown, id: number): Promise<void> {
  if (typeof code !== 'string') return;
  const taken = await ctx.db
    .selectFrom(ctx.resource.table)
    .select('id')
    .where('parent_id', '=', 0)
    .where('code', '=', code)
    .where('is_deleted', '=', 0)
    .where('id', '!=', id)
    .executeTakeFirst();
  if (taken) throw new AppError(400, 'dictCodeTaken', { code }, { field: 'code' });
}

/**
 * Children of a dictionary share its code (the form shows it disabled), and a top-level code is
 * used once; within one dictionary a key is used once, and a dictionary that numeric fields use takes whole number keys only.
 */
export const dictHooks: ResourceHooks = {
  async beforeWrite(ctx, values, mode, id) {
    await checkParent(ctx, values, id);
    const stored = await ctx.db
      .selectFrom(ctx.resource.table)
      .select(['parent_id', 'dict_key'])
      .where('id', '=', id)
      .executeTakeFirst();
    const parentId = Number(values.parent_id ?? stored?.parent_id ?? 0);
    if (!parentId) {
      if (mode === 'add') values.dict_key = '-1';
      await checkCodeFree(ctx, values.code, id);
      return;
    }
    const parent = await ctx.db
      .selectFrom(ctx.resource.table)
      .select('code')
      .where('id', '=', parentId)
      .executeTakeFirst();
    values.code = parent?.code;
    const key = String(values.dict_key ?? stored?.dict_key ?? '');
    const users = numberFieldsByDict.get(String(parent?.code ?? ''));
    if (users && !/^-?\d{1,15}$/.test(key))
      throw new AppError(
        400,
        'dictKeyNumber',
        { fields: users.map((u) => u[ctx.lang]).join(', ') },
        { field: 'dictKey' },
      );
    const taken = await ctx.db
      .selectFrom(ctx.resource.table)
      .select('id')
      .where('parent_id', '=', parentId)
      .where('dict_key', '=', key)
      .where('is_deleted', '=', 0)
      .where('id', '!=', id)
      .executeTakeFirst();
    if (taken) throw new AppError(400, 'dictKeyTaken', { key }, { field: 'dictKey' });
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

/**
 * One-time passwords of tenant administrators just created, by tenant row, until the answer of the
 * submit that created them takes them (kept in this process only, never stored or logged).
 */
const newAdministrators = new Map<number, { password: string; at: number }>();

/**
 * A new tenant gets its id, head department, administrator role and account (with a random
 * one-time password, answered once to the platform administrator who created it), top menus and
 * dictionaries.
 */
export const tenantHooks: ResourceHooks<Pick<Services, 'hasher' | 'sessions'>> = {
  async beforeWrite(ctx, values, mode) {
    if (mode === 'add') values.tenant_id = await newTenantId(ctx.db);
    else delete values.tenant_id;
    if (typeof values.domain === 'string') values.domain = values.domain.toLowerCase() || null;
  },
  async afterWrite(ctx, id, mode, values) {
    if (mode !== 'add') return;
    const menus = (await ctx.db
      .selectFrom('blade_menu')
      .select(['id', 'parent_id', 'code'])
      .where('is_deleted', '=', 0)
      .execute()) as Array<{ id: number; parent_id: number; code: string }>;
    // The tenant's administrator holds every menu but the platform's (its package narrows it).
    const platform = platformMenus(menus);
    const password = oneTimePassword();
    // Writing another tenant's rows: the one deliberate step outside the caller's scope, inside
    // the same transaction as the tenant row.
    const crossTenant = (ctx.db as unknown as Kysely<Database>).withoutPlugins();
    await seedTenantContent(crossTenant, String(values.tenant_id), {
      menuIds: new Map(
        menus.filter((m) => !platform.has(Number(m.id))).map((m) => [String(m.code), Number(m.id)]),
      ),
      passwordHash: await ctx.services.hasher.hash(md5(password)),
      passwordChange: true,
      adminAccount: 'admin',
      roleAlias: 'admin',
    });
    const now = Date.now();
    for (const [key, entry] of newAdministrators) if (now - entry.at > 60_000) newAdministrators.delete(key);
    newAdministrators.set(id, { password, at: now });
  },
  answer(_ctx, id) {
    const created = newAdministrators.get(id);
    if (!created) return undefined;
    newAdministrators.delete(id);
    return { adminAccount: 'admin', adminPassword: created.password };
  },
  async beforeRemove(ctx, ids) {
    const removed = await ctx.db
      .selectFrom('blade_tenant')
      .select('tenant_id')
      .where('id', 'in', ids)
      .execute();
    if (removed.some((tenant) => tenant.tenant_id === ADMIN_TENANT)) throw new AppError(403, 'forbidden');
    // Ended for good: a tenant brought back from the recycle bin signs in afresh.
    for (const tenant of removed)
      await ctx.services.sessions.revokeTenant(String(tenant.tenant_id), 'tenant-removed', asGlobal(ctx.db));
  },
};

/** The hooks the system module attaches to its resources (collected with the others in modules/hooks.ts). */
export const systemModuleHooks: HooksByResource<Pick<Services, 'authority' | 'hasher' | 'sessions'>> = {
  dept: deptHooks,
  client: clientHooks,
  topMenu: topMenuHooks,
  region: regionHooks,
  dataScope: dataScopeHooks,
  apiScope: scopeHooks,
  dict: dictHooks,
  dictBiz: dictHooks,
  tenant: tenantHooks,
  role: roleHooks,
  menu: treeHooks,
};
