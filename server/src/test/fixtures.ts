import { resources } from '@blade/schema';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { md5 } from '../core/digest.js';
import { nextId } from '../core/ids.js';
import { utcNow } from '../core/time.js';
import { seedTenant, seedTenantContent } from '../db/seed/seed.js';
import type { GlobalDatabase } from '../db/tables.js';
import type { Services } from '../services.js';
import { auditColumns, ok, tokenOf } from './harness.js';

export { ok };

type Json = Record<string, unknown>;

/** Creates a role holding exactly the given menu and button codes; answers its id. */
export async function roleWith(
  app: FastifyInstance,
  services: Services,
  token: string,
  alias: string,
  codes: string[],
  extra: { dataScopeIds?: string[]; apiScopeIds?: string[] } = {},
): Promise<string> {
  const role = await ok<{ id: string }>(app, token, {
    method: 'POST',
    url: '/api/blade-system/role/submit',
    payload: { roleName: alias, roleAlias: alias, sort: 1 },
  });
  const menus = await services.data.global
    .selectFrom('blade_menu')
    .select(['id', 'code'])
    .where('code', 'in', codes)
    .execute();
  expect(menus.map((m) => m.code).sort()).toEqual([...codes].sort());
  await ok(app, token, {
    method: 'POST',
    url: '/api/blade-system/role/grant',
    payload: {
      roleIds: role.id,
      menuIds: menus.map((m) => String(m.id)).join(','),
      dataScopeIds: (extra.dataScopeIds ?? []).join(','),
      apiScopeIds: (extra.apiScopeIds ?? []).join(','),
    },
  });
  return role.id;
}

/** Creates a department under the head department; answers its id. */
export async function deptNamed(
  app: FastifyInstance,
  token: string,
  name: string,
  parentId?: string,
): Promise<string> {
  const dept = await ok<{ id: string }>(app, token, {
    method: 'POST',
    url: '/api/blade-system/dept/submit',
    payload: { deptName: name, parentId: parentId ?? 0, sort: 1 },
  });
  return dept.id;
}

/** The menu codes of the 用户管理 screen: its folder, the screen and its add, edit, delete and view buttons. */
export const USER_SCREEN_CODES = ['system', 'user', 'user_add', 'user_edit', 'user_delete', 'user_view'];

/** The password `userWith` leaves its users with, after the change their first sign-in asks for. */
export const USER_PASSWORD = 'pass-1234';

/**
 * Creates a user and signs them in, changing the one-time password an administrator gives as the
 * first sign-in requires (to `USER_PASSWORD`); answers their id and access token.
 */
export async function userWith(
  app: FastifyInstance,
  token: string,
  who: { account: string; roleId: string; deptId: string; tenantId?: string },
): Promise<{ id: string; token: string }> {
  const given = 'given-pass-1';
  const user = await ok<{ id: string }>(app, token, {
    method: 'POST',
    url: '/api/blade-user/submit',
    payload: {
      account: who.account,
      password: md5(given),
      realName: who.account,
      roleId: who.roleId,
      deptId: who.deptId,
    },
  });
  const tenantId = who.tenantId ?? '000000';
  return {
    id: user.id,
    token: await changedOnFirstSignIn(app, { tenantId, account: who.account, oneTime: given }),
  };
}

/**
 * Signs in with a one-time password, changes it as that sign-in requires, signs that session out
 * and signs in again (one session left); answers the new access token.
 */
export async function changedOnFirstSignIn(
  app: FastifyInstance,
  who: { tenantId: string; account: string; oneTime: string; newPassword?: string },
): Promise<string> {
  const newPassword = who.newPassword ?? USER_PASSWORD;
  const first = await tokenOf(app, { tenantId: who.tenantId, account: who.account, password: who.oneTime });
  expect(first.password_change_required).toBe(true);
  await ok(app, first.access_token, {
    method: 'POST',
    url: '/api/blade-user/update-password',
    payload: { oldPassword: md5(who.oneTime), newPassword: md5(newPassword), newPassword1: md5(newPassword) },
  });
  await ok(app, first.access_token, { method: 'GET', url: '/api/blade-auth/oauth/logout' });
  return (await tokenOf(app, { tenantId: who.tenantId, account: who.account, password: newPassword }))
    .access_token;
}

/**
 * Signs a new tenant's administrator in for the first time, with the one-time password the
 * answer creating the tenant carried, and changes it as that sign-in requires; answers a token
 * of the administrator after the change (password `newPassword`).
 */
export async function firstSignIn(
  app: FastifyInstance,
  tenant: Json,
  newPassword = 'owner-pass-1',
): Promise<string> {
  return changedOnFirstSignIn(app, {
    tenantId: String(tenant.tenantId),
    account: 'admin',
    oneTime: String(tenant.adminPassword),
    newPassword,
  });
}

/** Creates a tenant as a platform administrator; answers its row, with its administrator's one-time password. */
export function newTenant(app: FastifyInstance, token: string, payload: Json): Promise<Json> {
  return ok<Json>(app, token, { method: 'POST', url: '/api/blade-system/tenant/submit', payload });
}

/**
 * Stores a process definition of the administrator tenant straight into the database, past the
 * checks deploying makes (as one stored by an older version); answers its id.
 */
export async function storedDefinition(
  services: Services,
  definition: { key: string; name: string; xml: string },
): Promise<number> {
  const db = services.data.forTenant('000000');
  const audit = auditColumns(utcNow());
  const deployment = { id: nextId(), tenant_id: '000000', name: definition.name, category: null };
  await db
    .insertInto('flow_deployment')
    .values({ ...deployment, deploy_time: audit.create_time, ...audit })
    .execute();
  const id = nextId();
  await db
    .insertInto('flow_definition')
    .values({
      id,
      tenant_id: '000000',
      deployment_id: deployment.id,
      process_key: definition.key,
      name: definition.name,
      version: 1,
      category: null,
      xml: definition.xml,
      tasks: '{}',
      suspended: 0,
      ...audit,
    })
    .execute();
  return id;
}

/** The platform's own tables: those of platform-owned resources that carry no tenant column. */
export const PLATFORM_TABLES = Object.values(resources)
  .filter((r) => r.owner === 'platform' && !r.tenant)
  .map((r) => r.table as keyof GlobalDatabase);

/** Seeds another tenant with an administrator (role alias admin) and signs it in; answers its token. */
export async function tenantWithAdmin(
  app: FastifyInstance,
  services: Services,
  tenantId: string,
  password = 'tenant-pass',
): Promise<string> {
  const db = services.data.unscoped();
  const menus = await db.selectFrom('blade_menu').select(['id', 'code']).execute();
  await seedTenant(db, tenantId, `Tenant ${tenantId}`);
  await seedTenantContent(db, tenantId, {
    menuIds: new Map(menus.map((m) => [m.code, m.id])),
    passwordHash: await services.hasher.hash(md5(password)),
    adminAccount: 'admin',
    roleAlias: 'admin',
  });
  return (await tokenOf(app, { tenantId, password })).access_token;
}
