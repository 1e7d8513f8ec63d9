import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { md5 } from '../../core/digest.js';
import { AppError } from '../../core/errors.js';
import { caller } from '../../core/http.js';
import { nextId, parseId } from '../../core/ids.js';
import { answers, api, queryOrBody, row } from '../../core/route-schema.js';
import { utcNow } from '../../core/time.js';
import { idList, md5Hex } from '../../core/validate.js';
import { toWire } from '../../core/wire.js';
import { builtInContext } from '../../crud/resource-routes.js';
import type { ResourceService } from '../../crud/resource-service.js';
import { created, SERVER } from '../../db/audit.js';
import { type DynamicRow, dynamic } from '../../db/dynamic-db.js';
import { liveRowBy } from '../../db/live-row.js';
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

  const routes = api(app);
  const usersInput = z.object({ userIds: idList.describe('User ids separated by commas') });
  routes.post(
    '/reset-password',
    {
      config: { access: { permission: 'user_reset' } },
      schema: {
        summary: 'Gives users one-time passwords, shown once in the answer; each must change it at sign-in',
        ...queryOrBody(usersInput),
        response: answers(
          z.array(z.object({ userId: z.string(), account: z.string(), password: z.string() })),
          404,
        ),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { userIds } = request.body;
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

  routes.post(
    '/grant',
    {
      config: { access: { permission: 'user_role' } },
      schema: {
        summary: "Sets users' roles (signs them out)",
        ...queryOrBody(usersInput.extend({ roleIds: idList })),
        response: answers(z.null(), 404),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { userIds, roleIds } = request.body;
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
    },
  );

  routes.post(
    '/unlock',
    {
      config: { access: { permission: 'user_unlock' } },
      schema: { summary: 'Unlocks accounts', ...queryOrBody(usersInput), response: answers(z.null(), 404) },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { userIds } = request.body;
      const ids = await manageable(request, userIds);
      await auth.db
        .updateTable('blade_user')
        .set({ ...UNLOCKED, ...stamp(request) })
        .where('id', 'in', ids)
        .execute();
      app.services.usualLog.record(request, 'user-unlock', { userIds: ids });
      return reply.ok(null);
    },
  );

  routes.get(
    '/platform-detail',
    {
      config: { access: { permission: 'user' } },
      schema: {
        summary: "A user's platform details (type and extension)",
        querystring: z.object({
          id: z.string().max(20).optional(),
          userId: z.string().max(20).optional().describe('The user (or as id)'),
        }),
        response: answers(
          row({
            account: z.string(),
            realName: z.string().nullable(),
            userType: z.unknown(),
            userExt: z.string().nullable(),
          }),
          404,
        ),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const input = request.query;
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
    },
  );

  routes.post(
    '/update-platform',
    {
      config: { access: { permission: 'user_platform' } },
      schema: {
        summary: "Sets a user's platform type and extension (JSON)",
        ...queryOrBody(
          z.object({
            userId: z.union([z.string().max(20), z.number()]),
            userType: z.coerce.number().int().min(1).max(3),
            userExt: z.string().max(4000).optional(),
          }),
        ),
        response: answers(z.null(), 404),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const input = request.body;
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
  routes.post(
    '/register-guest',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Asks for an account (disabled until an administrator approves it); the same answer whether or not the name is free',
        ...queryOrBody(
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
        ),
        response: answers(z.null(), 429),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const attempts = await app.services.store.increment(
        `register:ip:${request.ip}`,
        config.loginRateWindow,
      );
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
      if (await liveRowBy(db, 'blade_user', 'account', input.account)) return reply.ok(null);
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
    },
  );
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
