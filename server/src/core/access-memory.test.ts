import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/tables.js';
import { createServer } from '../server.js';
import { deptNamed, ok, roleWith, userWith } from '../test/fixtures.js';
import { call, freshDatabase, refreshToken, testConfig, tokenOf } from '../test/harness.js';
import { AccessMemory } from './access-memory.js';

/** The number a version table holds (the access or the session version). */
const versionOf = async (root: Kysely<Database>, table: 'app_access_version' | 'app_session_version') =>
  Number(
    (
      await sql<{ version: number | string }>`select version from ${sql.table(table)} where id = 1`.execute(
        root,
      )
    ).rows[0]!.version,
  );

describe('AccessMemory', () => {
  it('remembers per caller until the version advances, and never refills from an older version', async () => {
    const memory = new AccessMemory();
    let loads = 0;
    const load = async () => ++loads;
    expect(await memory.of(5, 'a')('k', load)).toBe(1);
    expect(await memory.of(5, 'a')('k', load)).toBe(1);
    expect(await memory.of(5, 'b')('k', load)).toBe(2);
    // A request that read version 4 after another read 5 loads afresh and keeps nothing.
    expect(await memory.of(4, 'a')('k', load)).toBe(3);
    expect(await memory.of(5, 'a')('k', load)).toBe(1);
    expect(await memory.of(6, 'a')('k', load)).toBe(4);
    expect(await memory.of(6, 'b')('k', load)).toBe(5);
  });

  it('does not remember a failure', async () => {
    const remember = new AccessMemory().of(1, 'a');
    await expect(remember('k', () => Promise.reject(new Error('database away')))).rejects.toThrow();
    expect(await remember('k', async () => 'loaded')).toBe('loaded');
  });
});

/** Two servers (each its own memory) on one database and no Redis: the version alone keeps them true. */
describe('what a caller may do, remembered by two servers on one database', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let admin: string;
  let drop: () => Promise<void>;
  const dirs: string[] = [];

  beforeAll(async () => {
    const db = await freshDatabase();
    drop = db.drop;
    const make = async () => {
      const dir = mkdtempSync(join(tmpdir(), 'blade-access-'));
      dirs.push(dir);
      return createServer(
        testConfig(db.url, dir, {
          JWT_SECRET: 'access-memory-test-signing-secret-of-enough-length',
          DATA_KEY: 'access-memory-test-data-key-of-enough-length-xx',
          JOBS_ENABLED: 'false',
        }),
      );
    };
    a = await make();
    b = await make();
    await a.ready();
    await b.ready();
    admin = (await tokenOf(a)).access_token;
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** Statements the server runs for one call, log rows written beforehand so none lands inside. */
  const statements = async (app: FastifyInstance, token: string, url: string) => {
    await app.services.logs.flush();
    const before = app.services.data.queries;
    const res = await call(app, token, { method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    return app.services.data.queries - before;
  };

  it('a signed-in clerk costs the administrator’s statements: one before the page’s own', async () => {
    const dept = await deptNamed(a, admin, 'counted');
    const role = await roleWith(a, a.services, admin, 'counter', ['system', 'post']);
    const clerk = await userWith(a, admin, { account: 'counter', roleId: role, deptId: dept });
    const url = '/api/blade-system/post/list';
    // The first call of each fills what is remembered (and the page's count cache).
    await statements(b, admin, url);
    await statements(b, clerk.token, url);
    const byAdmin = await statements(b, admin, url);
    const byClerk = await statements(b, clerk.token, url);
    expect(byClerk).toBe(byAdmin);
    // The session with the access version, then at most the page's rows (its total is cached).
    expect(byAdmin).toBeLessThanOrEqual(2);
  });

  it('grants, API scopes, roles and an operator’s own SQL take effect at the next request of the other server', async () => {
    const dept = await deptNamed(a, admin, 'changing');
    const role = await roleWith(a, a.services, admin, 'changing', ['system', 'post']);
    const clerk = await userWith(a, admin, { account: 'changing', roleId: role, deptId: dept });
    const posts = async () =>
      (await call(b, clerk.token, { method: 'GET', url: '/api/blade-system/post/list' })).statusCode;
    expect(await posts()).toBe(200);
    expect(await posts()).toBe(200);

    await ok(a, admin, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: { roleIds: role, menuIds: '' },
    });
    expect(await posts()).toBe(403);
    // Granted again through SQL, as an operator might: the trigger advances the version too.
    const other = await roleWith(a, a.services, admin, 'changing-again', ['system', 'post']);
    const root = a.services.data.unscoped();
    const menus = await root
      .selectFrom('blade_role_menu')
      .select('menu_id')
      .where('role_id', '=', Number(other))
      .execute();
    await root
      .insertInto('blade_role_menu')
      .values(
        menus.map((m, i) => ({
          id: Date.now() * 100 + i,
          tenant_id: '000000',
          role_id: Number(role),
          menu_id: m.menu_id,
        })),
      )
      .execute();
    expect(await posts()).toBe(200);

    const scope = await ok<{ id: string }>(a, admin, {
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      payload: { resourceCode: 'post', scopeName: '岗位接口', scopePath: '/api/blade-system/post/**' },
    });
    expect(await posts()).toBe(403);
    await ok(a, admin, {
      method: 'POST',
      url: '/api/blade-system/api-scope/remove',
      query: { ids: String(scope.id) },
    });
    expect(await posts()).toBe(200);

    // A role removed (a role in use is refused by the API; an operator's SQL is not).
    await root.updateTable('blade_role').set({ is_deleted: 1 }).where('id', '=', Number(role)).execute();
    expect(await posts()).toBe(403);
  });

  it('a session signed out, narrowed or removed, at one server or by an operator’s SQL, is refused at the other’s next request', async () => {
    const dept = await deptNamed(a, admin, 'sessions');
    const role = await roleWith(a, a.services, admin, 'sessions', ['system', 'post']);
    await userWith(a, admin, { account: 'sessions', roleId: role, deptId: dept });
    const root = a.services.data.unscoped();
    const signedIn = async () => {
      const token = (await tokenOf(a, { account: 'sessions', password: 'pass-1234' })).access_token;
      const sid = Number(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sid);
      const posts = async () =>
        (await call(b, token, { method: 'GET', url: '/api/blade-system/post/list' })).statusCode;
      // Twice: the second is answered from what the other server remembers of the session.
      expect(await posts()).toBe(200);
      expect(await posts()).toBe(200);
      return { token, sid, posts };
    };

    const out = await signedIn();
    await call(a, out.token, { method: 'POST', url: '/api/blade-auth/oauth/logout' });
    expect(await out.posts()).toBe(401);

    // Changed by an operator's SQL: revoked, ended earlier, moved to no roles (grants nothing).
    const changes: [string, Record<string, string>, number][] = [
      ['revoked', { revoked_at: '2026-01-01 00:00:00' }, 401],
      ['ended earlier', { expires_at: '2026-01-01 00:00:00' }, 401],
      ['moved to no roles', { role_id: '' }, 403],
    ];
    for (const [what, change, status] of changes) {
      const changed = await signedIn();
      await root.updateTable('blade_auth_session').set(change).where('id', '=', changed.sid).execute();
      expect(await changed.posts(), what).toBe(status);
    }

    const removed = await signedIn();
    await root.deleteFrom('blade_auth_session').where('id', '=', removed.sid).execute();
    expect(await removed.posts()).toBe(401);
  });

  it('a refresh, which only moves a session’s end later, leaves the session version as it was', async () => {
    const root = a.services.data.unscoped();
    const version = () => versionOf(root, 'app_session_version');
    const signed = await tokenOf(a);
    const before = await version();
    const res = await refreshToken(a, signed.refresh_token, { tenantId: '000000' });
    expect(res.statusCode).toBe(200);
    expect(await version()).toBe(before);
    await call(a, res.json<{ access_token: string }>().access_token, {
      method: 'POST',
      url: '/api/blade-auth/oauth/logout',
    });
    expect(await version()).toBe(before + 1);
  });

  it('a statement that changes no row leaves the version, and what is remembered, as it was', async () => {
    const root = a.services.data.unscoped();
    const version = () => versionOf(root, 'app_access_version');
    const before = await version();
    // As the tenant-expiry job does each minute when no tenant has expired.
    await root
      .updateTable('blade_tenant')
      .set({ status: 2 })
      .where('tenant_id', '=', 'no-such-tenant')
      .execute();
    await root.deleteFrom('blade_role_menu').where('role_id', '=', -1).execute();
    expect(await version()).toBe(before);
    await root.updateTable('blade_dept').set({ sort: 3 }).where('dept_name', '=', 'counted').execute();
    expect(await version()).toBeGreaterThan(before);
  });

  it('a department renamed through one server shows under its users at the other server’s next list', async () => {
    const dept = await deptNamed(a, admin, 'before-rename');
    const role = await roleWith(a, a.services, admin, 'renamed', ['system', 'user']);
    await userWith(a, admin, { account: 'renamed', roleId: role, deptId: dept });
    const deptNameOf = async () => {
      const page = await ok<{ records: { account: string; deptName: string }[] }>(b, admin, {
        method: 'GET',
        url: '/api/blade-user/page?current=1&size=10&account=renamed',
      });
      return page.records.find((r) => r.account === 'renamed')?.deptName;
    };
    expect(await deptNameOf()).toBe('before-rename');
    expect(await deptNameOf()).toBe('before-rename');
    await ok(a, admin, {
      method: 'POST',
      url: '/api/blade-system/dept/submit',
      payload: { id: dept, deptName: 'after-rename', parentId: 0, sort: 1 },
    });
    expect(await deptNameOf()).toBe('after-rename');
  });
});
