import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Config } from '../../config.js';
import { md5, type PasswordHashing, sha256 } from '../../core/digest.js';
import { ADMIN_ROLE, ADMIN_TENANT } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { created, SERVER } from '../audit.js';
import type { DataAccess } from '../database.js';
import { liveRowBy } from '../live-row.js';
import type { Database } from '../tables.js';
import { businessDictionaries, type DictSeed, systemDictionaries } from './dictionaries.js';
import { type MenuSeed, menuColumns, menuTree, topMenus } from './menu-tree.js';
import { seedRegions } from './regions.js';

type Trx = Transaction<Database>;

const audit = () => created(SERVER);

/**
 * Seeds what a fresh install needs; idempotent (each part inserts only what is missing, so a
 * restart keeps every change a person made). Runs across tenants, hence the unscoped handle.
 */
export async function seed(data: DataAccess, config: Config, hasher: PasswordHashing): Promise<void> {
  const passwordHash = await hasher.hash(md5(config.adminPassword));
  await data
    .unscoped()
    .transaction()
    .execute(async (trx) => {
      await seedClient(trx, config);
      await seedTenant(trx, ADMIN_TENANT, '管理组');
      const menuIds = await seedMenus(trx);
      await seedDictionaries(trx, systemDictionaries, 'blade_dict');
      await seedParams(trx);
      await seedRegions(trx);
      await seedTenantContent(trx, ADMIN_TENANT, { menuIds, passwordHash, adminAccount: 'admin' });
    });
}

/** Parameters the server reads, with their defaults. */
const PARAMS = [
  { key: 'tenant.default.accountNumber', name: '租户默认账号额度', value: '-1', remark: '-1 means no limit' },
  {
    key: 'account.passwordMinLength',
    name: '密码最短长度',
    value: '8',
    remark: 'shortest password a form accepts (1-64)',
  },
];

async function seedParams(trx: Trx): Promise<void> {
  const existing = new Set(
    (await trx.selectFrom('blade_param').select('param_key').where('is_deleted', '=', 0).execute()).map(
      (p) => p.param_key,
    ),
  );
  const rows = PARAMS.filter((p) => !existing.has(p.key)).map((p) => ({
    id: nextId(),
    param_name: p.name,
    param_key: p.key,
    param_value: p.value,
    remark: p.remark,
    ...audit(),
  }));
  if (rows.length) await trx.insertInto('blade_param').values(rows).execute();
}

async function seedClient(trx: Trx, config: Config): Promise<void> {
  if (await liveRowBy(trx, 'blade_client', 'client_id', config.clientId)) return;
  await trx
    .insertInto('blade_client')
    .values({
      id: nextId(),
      client_id: config.clientId,
      client_secret_hash: sha256(config.clientSecret),
      scope: 'all',
      authorized_grant_types: 'password,captcha,refresh_token,social',
      // Nothing of ours redirects to it, but Saber's client form requires one (as SpringBlade seeds).
      web_server_redirect_uri: 'http://localhost',
      access_token_validity: config.accessTokenTtl,
      refresh_token_validity: config.refreshTokenTtl,
      ...audit(),
    })
    .execute();
}

export async function seedTenant(trx: Kysely<Database>, tenantId: string, tenantName: string): Promise<void> {
  const existing = await trx
    .selectFrom('blade_tenant')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (existing) return;
  await trx
    .insertInto('blade_tenant')
    .values({
      id: nextId(),
      tenant_id: tenantId,
      tenant_name: tenantName,
      domain: null,
      background_url: null,
      // Saber's tenant form requires a contact: the seeded tenant has one to edit.
      linkman: tenantId === ADMIN_TENANT ? 'admin' : null,
      contact_number: tenantId === ADMIN_TENANT ? '666666' : null,
      address: null,
      expire_time: null,
      package_id: null,
      datasource_id: null,
      ...audit(),
    })
    .execute();
}

/** Inserts missing menus by code, parents first; answers the id of every seeded code. */
async function seedMenus(trx: Trx): Promise<Map<string, number>> {
  const rows = await trx
    .selectFrom('blade_menu')
    .select(['id', 'code'])
    .where('is_deleted', '=', 0)
    .execute();
  const ids = new Map(rows.map((r) => [r.code, r.id]));
  const fresh: Insertable<Database['blade_menu']>[] = [];
  const walk = (nodes: MenuSeed[], parentId: number) => {
    for (const node of nodes) {
      let id = ids.get(node.code);
      if (id === undefined) {
        id = nextId();
        ids.set(node.code, id);
        fresh.push({
          id,
          parent_id: parentId,
          ...menuColumns(node),
          sort: node.sort,
          remark: node.remark ?? null,
          ...audit(),
          status: 1,
          is_deleted: 0,
        });
      }
      walk(node.children ?? [], id);
    }
  };
  walk(menuTree, 0);
  for (let i = 0; i < fresh.length; i += 100)
    await trx
      .insertInto('blade_menu')
      .values(fresh.slice(i, i + 100))
      .execute();
  return ids;
}

async function seedDictionaries(
  trx: Kysely<Database>,
  dictionaries: DictSeed[],
  table: 'blade_dict' | 'blade_dict_biz',
  tenantId?: string,
): Promise<void> {
  let query = trx
    .selectFrom(table)
    .select(['id', 'code', 'dict_key', 'parent_id'])
    .where('is_deleted', '=', 0);
  if (tenantId) query = query.where(`${table}.tenant_id` as 'tenant_id', '=', tenantId);
  const existing = await query.execute();
  const parents = new Map(existing.filter((r) => r.parent_id === 0).map((r) => [r.code, r.id]));
  const children = new Set(
    existing.filter((r) => r.parent_id !== 0).map((r) => `${r.code}\u0000${r.dict_key}`),
  );
  const rows: Insertable<Database['blade_dict_biz']>[] = [];
  const row = (
    parentId: number,
    code: string,
    key: string,
    value: string,
    valueEn: string,
    sort: number,
    remark?: string,
  ) => ({
    id: nextId(),
    tenant_id: tenantId ?? '',
    parent_id: parentId,
    code,
    dict_key: key,
    dict_value: value,
    dict_value_en: valueEn,
    sort,
    remark: remark ?? null,
    is_sealed: 0,
    ...audit(),
    status: 1,
    is_deleted: 0,
  });
  for (const dict of dictionaries) {
    let parentId = parents.get(dict.code);
    if (parentId === undefined) {
      const parent = row(0, dict.code, '-1', dict.dictValue, dict.dictValueEn, dict.sort, dict.remark);
      parentId = parent.id;
      rows.push(parent);
    }
    for (const item of dict.items) {
      if (children.has(`${dict.code}\u0000${item.dictKey}`)) continue;
      rows.push(
        row(parentId, dict.code, item.dictKey, item.dictValue, item.dictValueEn, item.sort, item.remark),
      );
    }
  }
  const values = tenantId ? rows : rows.map(({ tenant_id: _omit, ...rest }) => rest);
  for (let i = 0; i < values.length; i += 100) {
    await trx
      .insertInto(table)
      .values(values.slice(i, i + 100) as Insertable<Database['blade_dict_biz']>[])
      .execute();
  }
}

/**
 * A tenant's own starting content: head department, administrator role with every menu its
 * package allows, the administrator account, top menus and business dictionaries.
 */
export async function seedTenantContent(
  trx: Kysely<Database>,
  tenantId: string,
  options: {
    menuIds: Map<string, number>;
    passwordHash: string;
    /** The password is one-time: its owner must change it at the first sign-in. */
    passwordChange?: boolean;
    adminAccount: string;
    roleAlias?: string;
  },
): Promise<void> {
  const roleAlias = options.roleAlias ?? ADMIN_ROLE;
  let dept = await trx
    .selectFrom('blade_dept')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('parent_id', '=', 0)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!dept) {
    dept = { id: nextId() };
    await trx
      .insertInto('blade_dept')
      .values({
        id: dept.id,
        tenant_id: tenantId,
        parent_id: 0,
        ancestors: '0',
        dept_category: 1,
        dept_name: '总部',
        full_name: '总部',
        sort: 1,
        remark: null,
        ...audit(),
      })
      .execute();
  }

  let role = await trx
    .selectFrom('blade_role')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('role_alias', '=', roleAlias)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!role) {
    role = { id: nextId() };
    await trx
      .insertInto('blade_role')
      .values({
        id: role.id,
        tenant_id: tenantId,
        parent_id: 0,
        role_name: roleAlias === ADMIN_ROLE ? '超级管理员' : '管理员',
        role_alias: roleAlias,
        sort: 1,
        ...audit(),
      })
      .execute();
    const grants = [...options.menuIds.values()].map((menuId) => ({
      id: nextId(),
      tenant_id: tenantId,
      role_id: role!.id,
      menu_id: menuId,
    }));
    for (let i = 0; i < grants.length; i += 200) {
      await trx
        .insertInto('blade_role_menu')
        .values(grants.slice(i, i + 200))
        .execute();
    }
  }

  const admin = await trx
    .selectFrom('blade_user')
    .select('id')
    .where('tenant_id', '=', tenantId)
    .where('account', '=', options.adminAccount)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!admin) {
    await trx
      .insertInto('blade_user')
      .values({
        id: nextId(),
        tenant_id: tenantId,
        code: null,
        account: options.adminAccount,
        password: options.passwordHash,
        name: options.adminAccount,
        real_name: '管理员',
        avatar: null,
        email: null,
        phone: null,
        birthday: null,
        sex: null,
        role_id: String(role.id),
        dept_id: String(dept.id),
        post_id: null,
        user_ext: null,
        password_change: options.passwordChange ? 1 : 0,
        ...audit(),
      })
      .execute();
  }

  const existingTops = await trx
    .selectFrom('blade_top_menu')
    .select('code')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .execute();
  const known = new Set(existingTops.map((t) => t.code));
  for (const top of topMenus) {
    if (known.has(top.code)) continue;
    const id = nextId();
    await trx
      .insertInto('blade_top_menu')
      .values({
        id,
        tenant_id: tenantId,
        code: top.code,
        name: top.name,
        alias: top.alias,
        source: top.source,
        path: null,
        sort: top.sort,
        ...audit(),
      })
      .execute();
    const settings = top.menuCodes
      .map((code) => options.menuIds.get(code))
      .filter((menuId): menuId is number => menuId !== undefined)
      .map((menuId) => ({ id: nextId(), tenant_id: tenantId, top_menu_id: id, menu_id: menuId }));
    if (settings.length) await trx.insertInto('blade_top_menu_setting').values(settings).execute();
  }

  await seedDictionaries(trx, businessDictionaries, 'blade_dict_biz', tenantId);
}

/** Whether the administrator still signs in with the default password (refused in production). */
export async function adminHasDefaultPassword(data: DataAccess, hasher: PasswordHashing): Promise<boolean> {
  const admin = await data
    .forTenant(ADMIN_TENANT)
    .selectFrom('blade_user')
    .select('password')
    .where('account', '=', 'admin')
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return admin !== undefined && (await hasher.verify(admin.password, md5('admin')));
}
