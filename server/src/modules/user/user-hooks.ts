import type { Kysely } from 'kysely';
import { rememberOf } from '../../core/access-memory.js';
import { AppError } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import type { HooksByResource, ResourceHooks } from '../../crud/hooks.js';
import type { Filter } from '../../crud/list-query.js';
import { asGlobal, type DynamicDb } from '../../db/dynamic-db.js';
import type { GlobalDatabase } from '../../db/tables.js';
import type { Services } from '../../services.js';
import { deptAndBelow } from '../system/data-scope.js';
import { assertPasswordAllowed, passwordPolicy } from './password-policy.js';

/** Ids of a comma-joined column value (roles, departments, posts). */
const roleIds = (value: unknown): number[] =>
  String(value ?? '')
    .split(',')
    .map((s) => parseId(s.trim()))
    .filter((n): n is number => n !== undefined);

/** Stored role and department values named per caller and access version, before starting over. */
const NAMED_KEPT = 1_000;

/**
 * Refuses a new account of a tenant that already has as many as its account limit allows
 * (`account_number`, -1 for no limit). `db` is the tenant's scoped handle.
 */
export async function assertAccountRoom(
  global: Kysely<GlobalDatabase>,
  db: DynamicDb,
  tenantId: string,
): Promise<void> {
  const tenant = await global
    .selectFrom('blade_tenant')
    .select('account_number')
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  const limit = tenant?.account_number ?? -1;
  if (limit < 0) return;
  const row = await db
    .selectFrom('blade_user')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_deleted', '=', 0)
    .executeTakeFirstOrThrow();
  if (Number(row.n) >= limit) throw new AppError(400, 'accountLimit', { limit });
}

/** What the user hooks use: the password hasher, the caller's authority, the sessions they end. */
type UserServices = Pick<Services, 'hasher' | 'authority' | 'sessions'>;

/**
 * Users: passwords hashed, account limits of the tenant respected, roles handed out and users
 * acted on only within the caller's authority, sessions ended when roles, department or status
 * change, and the list narrowed to a department and the ones under it.
 */
export const userHooks: ResourceHooks<UserServices> = {
  async beforeWrite(ctx, values, mode, id) {
    if (mode === 'add') {
      await assertAccountRoom(asGlobal(ctx.db), ctx.db, ctx.auth.tenantId);
      const digest = String(values.password);
      assertPasswordAllowed(digest, String(values.account ?? ''), await passwordPolicy(asGlobal(ctx.db)));
      values.password = await ctx.services.hasher.hash(digest);
      // A password an administrator sets is one-time: its owner changes it at first sign-in.
      values.password_change = 1;
      await ctx.services.authority.assertAssignable(ctx.auth, roleIds(values.role_id));
    } else {
      delete values.password;
      delete values.account;
      const before = await ctx.db
        .selectFrom('blade_user')
        .select(['account', 'role_id', 'dept_id', 'status'])
        .where('id', '=', id)
        .executeTakeFirst();
      // Only a user within the caller's authority is edited, and only roles it holds are added.
      await ctx.services.authority.assertManageable(ctx.auth, [
        { account: before?.account, roleId: before?.role_id },
      ]);
      if (mode === 'restore') {
        // An account back from the recycle bin counts as a new one, with roles handed out anew.
        await assertAccountRoom(asGlobal(ctx.db), ctx.db, ctx.auth.tenantId);
        await ctx.services.authority.assertAssignable(ctx.auth, roleIds(before?.role_id));
      }
      if (values.role_id !== undefined) {
        const had = new Set(roleIds(before?.role_id));
        const added = roleIds(values.role_id).filter((r) => !had.has(r));
        if (added.length) await ctx.services.authority.assertAssignable(ctx.auth, added);
      }
      const changed = (column: 'role_id' | 'dept_id' | 'status') =>
        values[column] !== undefined && String(values[column]) !== String(before?.[column]);
      if (changed('role_id') || changed('dept_id') || changed('status')) {
        await ctx.services.sessions.revokeUser(ctx.auth.tenantId, id, 'roles-changed', asGlobal(ctx.db));
      }
    }
  },
  async beforeRemove(ctx, ids) {
    if (ids.includes(ctx.auth.userId)) throw new AppError(400, 'cannotRemoveSelf');
    const users = await ctx.db
      .selectFrom('blade_user')
      .select(['account', 'role_id'])
      .where('id', 'in', ids)
      .execute();
    await ctx.services.authority.assertManageable(
      ctx.auth,
      users.map((u) => ({ account: u.account, roleId: u.role_id })),
    );
    for (const id of ids)
      await ctx.services.sessions.revokeUser(ctx.auth.tenantId, id, 'removed', asGlobal(ctx.db));
  },
  // Names of the roles, departments and posts beside their ids (SpringBlade's list and detail).
  async decorate(ctx, rows) {
    const remember = rememberOf(ctx.auth);
    /**
     * The names of the ids each row holds in `key`, joined. Rows share their roles and
     * departments: each distinct stored value is named once and, for the access tables (roles,
     * departments), remembered until the access version moves.
     */
    const names = async (table: 'blade_role' | 'blade_dept' | 'blade_post', column: string, key: string) => {
      const named =
        table === 'blade_post'
          ? new Map<string, string>()
          : await remember(`names:${table}`, async () => new Map<string, string>());
      const stored = rows.map((r) => String(r[key] ?? ''));
      const missing = new Map<string, number[]>();
      for (const value of stored)
        if (!named.has(value) && !missing.has(value)) missing.set(value, roleIds(value));
      if (missing.size > 0) {
        const wanted = [...new Set([...missing.values()].flat())];
        const found = wanted.length
          ? await ctx.db
              .selectFrom(table)
              .select(['id', `${column} as name`])
              .where('id', 'in', wanted)
              .execute()
          : [];
        const byId = new Map(found.map((f) => [Number(f.id), String(f.name)]));
        if (named.size + missing.size > NAMED_KEPT) named.clear();
        for (const [value, ids] of missing)
          named.set(
            value,
            ids
              .map((id) => byId.get(id))
              .filter((n) => n !== undefined)
              .join(','),
          );
      }
      return stored.map((value) => named.get(value) ?? '');
    };
    const roles = await names('blade_role', 'role_name', 'role_id');
    const depts = await names('blade_dept', 'dept_name', 'dept_id');
    const posts = await names('blade_post', 'post_name', 'post_id');
    rows.forEach((row, i) => {
      row.role_name = roles[i];
      row.dept_name = depts[i];
      row.post_name = posts[i];
    });
  },
  async listFilters(ctx, list): Promise<Filter[]> {
    const deptId = parseId(list.raw.deptId);
    if (!deptId) return [];
    return [{ column: 'dept_id', op: 'in', value: (await deptAndBelow(ctx, deptId)).map(String) }];
  },
};

/** The hooks the user module attaches to its resources (collected in modules/hooks.ts). */
export const userModuleHooks: HooksByResource<UserServices> = { user: userHooks };
