import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { md5 } from '../../core/digest.js';
import { AppError } from '../../core/errors.js';
import { caller } from '../../core/http.js';
import { nextId, parseId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import { idList, inputOf, md5Hex, parse } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import { builtInContext } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { created, SERVER } from '../../db/audit.js';
import { type DynamicRow, dynamic } from '../../db/dynamic-db.js';
import { oneTimePassword } from '../auth/passwords.js';
import { AccountStatus } from './account-status.js';
import { assertPasswordAllowed, passwordPolicy } from './password-policy.js';
import { userExcelRoutes } from './user-excel.js';
import { assertAccountRoom } from './user-hooks.js';

/** An account no longer locked, and its next lockout as short as the first. */
const UNLOCKED = { is_locked: 0, login_fail_count: 0, lock_count: 0, lock_until: null };

/**
 * The users among `ids` the caller may act on: in its data scope (404 as if absent otherwise) and
 * holding nothing the caller does not (403).
 */
export async function manageableUsers(
  request: FastifyRequest,
  users: ResourceService,
  ids: number[],
): Promise<DynamicRow[]> {
  if (ids.length === 0) throw new AppError(400, 'idsRequired');
  const ctx = builtInContext(request, users.resource);
  const rows = await users.all(ctx, {
    filters: [{ column: 'id', op: 'in', value: ids.map(String) }],
    order: [],
  });
  if (rows.length !== new Set(ids).size) throw new AppError(404, 'rowNotFound');
  await request.server.services.authority.assertManageable(ctx.auth, rows);
  return rows;
}

/** /api/blade-user calls beyond generic CRUD: passwords, roles, unlock, platform details, guests. */
export async function userAdminRoutes(
  app: FastifyInstance,
  opts: { resources: Map<string, ResourceService> },
): Promise<void> {
  const { sessions, hasher, config, authority } = app.services;
  const users = opts.resources.get('user')!;
  const stamp = (request: FastifyRequest) => ({ update_user: caller(request).userId, update_time: utcNow() });
  userExcelRoutes(app, users);

  const manageable = async (request: FastifyRequest, ids: number[]): Promise<number[]> =>
    (await manageableUsers(request, users, ids)).map((r) => Number(r.id));

  app.post(
    '/reset-password',
    { config: { access: { permission: 'user_reset' } } },
    async (request, reply) => {
      const auth = caller(request);
      const { userIds } = parse(z.object({ userIds: idList }), inputOf(request));
      const ids = await manageable(request, userIds);
      const users = await auth.db
        .selectFrom('blade_user')
        .select(['id', 'account'])
        .where('id', 'in', ids)
        .execute();
      // Each gets a random one-time password, shown once to the caller; it must change at sign-in.
      const issued: Array<{ userId: string; account: string; password: string }> = [];
      for (const user of users) {
        const password = oneTimePassword();
        await auth.db
          .updateTable('blade_user')
          .set({
            password: await hasher.hash(md5(password)),
            password_change: 1,
            ...UNLOCKED,
            ...stamp(request),
          })
          .where('id', '=', user.id)
          .execute();
        await sessions.revokeUser(auth.tenantId, user.id, 'password-reset');
        issued.push({ userId: String(user.id), account: user.account, password });
      }
      app.services.usualLog.record(request, 'password-reset', { userIds: ids });
      return reply.ok(issued);
    },
  );

  app.post('/grant', { config: { access: { permission: 'user_role' } } }, async (request, reply) => {
    const auth = caller(request);
    const { userIds, roleIds } = parse(z.object({ userIds: idList, roleIds: idList }), inputOf(request));
    const ids = await manageable(request, userIds);
    if (roleIds.length === 0) throw new AppError(400, 'requiredField', { field: 'roleIds' });
    await authority.assertAssignable(auth, roleIds);
    await auth.db
      .updateTable('blade_user')
      .set({ role_id: [...new Set(roleIds)].join(','), ...stamp(request) })
      .where('id', 'in', ids)
      .execute();
    for (const id of ids) await sessions.revokeUser(auth.tenantId, id, 'roles-changed');
    app.services.usualLog.record(request, 'user-grant', { userIds: ids, roleIds });
    return reply.ok(null);
  });

  app.post('/unlock', { config: { access: { permission: 'user_unlock' } } }, async (request, reply) => {
    const auth = caller(request);
    const { userIds } = parse(z.object({ userIds: idList }), inputOf(request));
    const ids = await manageable(request, userIds);
    await auth.db
      .updateTable('blade_user')
      .set({ ...UNLOCKED, ...stamp(request) })
      .where('id', 'in', ids)
      .execute();
    app.services.usualLog.record(request, 'user-unlock', { userIds: ids });
    return reply.ok(null);
  });

  app.get('/platform-detail', { config: { access: { permission: 'user' } } }, async (request, reply) => {
    const auth = caller(request);
    const input = parse(
      z.object({ id: z.string().optional(), userId: z.string().optional() }),
      request.query,
    );
    const id = parseId(input.userId ?? input.id);
    if (!id) throw new AppError(400, 'requiredField', { field: 'userId' });
    await manageable(request, [id]);
    const row = await auth.db
      .selectFrom('blade_user')
      .select(['id', 'account', 'real_name', 'user_type', 'user_ext'])
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw new AppError(404, 'rowNotFound');
    return reply.ok(toWire(row, config.timeZone));
  });

  app.post(
    '/update-platform',
    { config: { access: { permission: 'user_platform' } } },
    async (request, reply) => {
      const auth = caller(request);
      const input = parse(
        z.object({
          userId: z.union([z.string(), z.number()]),
          userType: z.coerce.number().int().min(1).max(3),
          userExt: z.string().max(4000).optional(),
        }),
        inputOf(request),
      );
      const [id] = await manageable(
        request,
        [parseId(input.userId) ?? -1].filter((n) => n > 0),
      );
      if (input.userExt) {
        try {
          JSON.parse(input.userExt);
        } catch {
          throw new AppError(400, 'invalidField', { field: 'userExt', reason: 'must be JSON' });
        }
      }
      await auth.db
        .updateTable('blade_user')
        .set({ user_type: input.userType, user_ext: input.userExt ?? null, ...stamp(request) })
        .where('id', '=', id!)
        .execute();
      return reply.ok(null);
    },
  );

  // A third-party user asks for an account; it stays disabled until an administrator approves it.
  // The answer is the same whether the account name is free or taken (nothing is created then),
  // so registration cannot be used to find out which accounts exist.
  app.post('/register-guest', { config: { access: 'public' } }, async (request, reply) => {
    const input = parse(
      z.object({
        tenantId: z.string().trim().min(1).max(12),
        name: z.string().trim().min(1).max(20),
        account: z
          .string()
          .trim()
          .min(1)
          .max(45, { abort: true })
          .regex(/^[A-Za-z0-9_.@-]+$/, 'letters, digits and _ . @ - only'),
        password: md5Hex,
        oauthId: z.string().max(64).optional(),
      }),
      inputOf(request),
    );
    const attempts = await app.services.store.increment(`register:ip:${request.ip}`, config.loginRateWindow);
    if (attempts > config.loginRatePerAccount) throw new AppError(429, 'tooManyRequests');
    const tenant = await app.services.data.global
      .selectFrom('blade_tenant')
      .select('status')
      .where('tenant_id', '=', input.tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (tenant?.status !== 1) throw new AppError(400, 'tenantInvalid');
    assertPasswordAllowed(input.password, input.account, await passwordPolicy(app.services.data.global));
    const db = app.services.data.forTenant(input.tenantId);
    await assertAccountRoom(app.services.data.global, dynamic(db), input.tenantId);
    // Hashed either way, so a taken name costs the same time as a free one.
    const password = await hasher.hash(input.password.toLowerCase());
    const clash = await db
      .selectFrom('blade_user')
      .select('id')
      .where('account', '=', input.account)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (clash) return reply.ok(null);
    await db
      .insertInto('blade_user')
      .values({
        ...newAccountRow({
          tenantId: input.tenantId,
          account: input.account,
          password,
          name: input.name,
          userExt: input.oauthId ? JSON.stringify({ oauthId: input.oauthId }) : null,
        }),
        status: AccountStatus.pendingApproval,
      })
      .execute();
    return reply.ok(null);
  });
}

/**
 * A new account's row written on no one's behalf: no role, department or contact details yet
 * (an administrator grants those). `password` is already hashed.
 */
export function newAccountRow(account: {
  tenantId: string;
  account: string;
  password: string;
  name: string;
  userExt?: string | null;
}) {
  return {
    id: nextId(),
    tenant_id: account.tenantId,
    code: null,
    account: account.account,
    password: account.password,
    name: account.name,
    real_name: account.name,
    avatar: null,
    email: null,
    phone: null,
    birthday: null,
    sex: null,
    role_id: '',
    dept_id: '',
    post_id: null,
    user_ext: account.userExt ?? null,
    ...created(SERVER),
  };
}
