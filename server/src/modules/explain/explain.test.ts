import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import { translate } from '../../core/messages.js';
import type { Filter } from '../../crud/list-query.js';
import {
  ADVERSARY_PASSWORDS,
  type AdversaryTenant,
  adversaryTenants,
} from '../../test/adversary-fixtures.js';
import { changedOnFirstSignIn, deptNamed, ok, roleWith } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';
import type { Explanation } from './explain.js';

type Row = Record<string, unknown>;
type Actor = 'admin' | 'clerk' | 'manager';
const ACTORS: Actor[] = ['admin', 'clerk', 'manager'];
/** What a refusal by a route's access rule says (zh, the default). */
const ACCESS_REFUSALS = (['forbidden', 'platformOnly', 'passwordChangeRequired'] as const).map((k) =>
  translate(k, 'zh'),
);

/** Whether a stored row meets a condition (the explained filter, evaluated apart from the database). */
const meets = (row: Row, f: Filter): boolean => {
  if ('anyOf' in f) return f.anyOf.some((g) => meets(row, g));
  const value = String(row[f.column] ?? '');
  if (f.op === 'in') return f.value.map(String).includes(value);
  if (f.op === '=') return value === String(f.value);
  throw new Error(`a data scope does not filter by ${f.op}`);
};

describe('the permission explainer', () => {
  let t: TestServer;
  let attacker: AdversaryTenant;
  let victim: AdversaryTenant;
  const userIds = {} as Record<Actor, string>;

  beforeAll(async () => {
    t = await build({ LOGIN_RATE_PER_ACCOUNT: '100000', LOGIN_RATE_PER_IP: '100000', JOBS_ENABLED: 'false' });
    ({ attacker, victim } = await adversaryTenants(t));
    const users = await t.services.data
      .forTenant(attacker.tenantId)
      .selectFrom('blade_user')
      .select(['id', 'account'])
      .execute();
    for (const actor of ACTORS) userIds[actor] = String(users.find((u) => u.account === actor)!.id);
  }, 120_000);
  afterAll(() => t.close());

  const explain = (query: Record<string, string>, token = attacker.admin, lang = 'zh') =>
    call(t.app, token, {
      method: 'GET',
      url: '/api/blade-system/explain',
      query,
      headers: { 'accept-language': lang },
    });
  const explained = async (query: Record<string, string>, lang = 'zh'): Promise<Explanation> => {
    const res = await explain(query, attacker.admin, lang);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Explanation;
  };

  it('says why the clerk cannot open the users screen, link by link, in both languages', async () => {
    const zh = await explained({ userId: userIds.clerk, menuCode: 'user' });
    expect(zh.allowed).toBe(false);
    expect(zh.links.map((l) => [l.step, l.ok])).toEqual([
      ['tenant', true],
      ['account', true],
      ['roles', true],
      ['grant', false],
      ['dataScope', true],
    ]);
    expect(zh.links[3]!.reason).toBe('没有任何角色授予「用户管理」');
    expect(zh.links[3]!.change).toEqual({ label: '角色管理', path: '/authority/role' });
    expect(zh.verdict).toBe('clerk 不能使用「用户管理」：没有任何角色授予「用户管理」。');
    const en = await explained({ userId: userIds.clerk, menuCode: 'user' }, 'en');
    expect(en.verdict).toBe('clerk may not use "Users": No role of the user grants "Users".');

    const post = await explained({ userId: userIds.clerk, menuCode: 'post_view' });
    expect(post.allowed).toBe(true);
    expect(post.links.find((l) => l.step === 'grant')!.reason).toMatch(/^角色「clerk\d+」授予了/);
  });

  it('names the data scope of the manager and why a record is outside it', async () => {
    const list = await explained({ userId: userIds.manager, resource: 'user' });
    const scope = list.links.find((l) => l.step === 'dataScope')!;
    expect(scope.reason).toBe('按数据权限「本部门」，只可见：所属部门 属于 (Attacker east)');
    expect(scope.filter!.expression).toMatch(/^\(dept_id in \('\d+'\)\)$/);
    const owner = await explained({ userId: userIds.manager, resource: 'user', id: userIds.admin }, 'en');
    expect(owner.allowed).toBe(false);
    expect(owner.verdict).toMatch(
      /^manager may not see Users \d+: Users \d+ is outside the data scope: its Department = \d+ does not meet Department is one of \(Attacker east\)\.$/,
    );
  });

  it('answers only callers who could manage the user, within their tenant', async () => {
    // Another tenant's administrator: the user is not there.
    expect((await explain({ userId: userIds.clerk, menuCode: 'user' }, victim.admin)).statusCode).toBe(404);
    // Without the button.
    expect((await explain({ userId: userIds.clerk, menuCode: 'user' }, attacker.manager)).statusCode).toBe(
      403,
    );
    expect((await explain({ userId: userIds.clerk }, attacker.admin)).statusCode).toBe(400);
    expect((await explain({ userId: userIds.clerk, path: '/no/such/route' })).statusCode).toBe(404);
    expect((await explain({ userId: userIds.clerk, menuCode: 'no_such_code' })).statusCode).toBe(404);
    // The platform administrator explains users of its own tenant only.
    const platform = await tokenOf(t.app);
    expect(
      (await explain({ userId: userIds.clerk, menuCode: 'user' }, platform.access_token)).statusCode,
    ).toBe(404);
    const own = await call(t.app, platform.access_token, {
      method: 'GET',
      url: '/api/blade-system/explain',
      query: { userId: String(platform.user_id), menuCode: 'user' },
    });
    expect(own.statusCode, own.body).toBe(200);
  });

  it("agrees with every route's answer for the administrator, the clerk and the manager", async () => {
    const routes = t.app.apiRoutes.filter(
      (r) =>
        // A stream that stays open until the client leaves.
        r.url !== '/api/blade-desk/notice/stream' &&
        // Sign-out ends the caller's own session: it is answered, whoever calls it.
        !r.url.includes('logout'),
    );
    // An API scope over the clerk's screen that no role holds: it refuses everyone but the platform administrator.
    await ok(t.app, (await tokenOf(t.app)).access_token, {
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      payload: {
        resourceCode: 'post',
        scopeName: '岗位接口',
        scopePath: '/api/blade-system/post/**',
        scopeType: 1,
      },
    });
    const scoped = await explained({ userId: userIds.clerk, path: '/api/blade-system/post/list' });
    expect(scoped.links.find((l) => l.step === 'apiScope')).toMatchObject({
      ok: false,
      reason:
        '接口权限「岗位接口」（/api/blade-system/post/**）覆盖 /api/blade-system/post/list，但用户的角色都没有它',
    });
    const tokens = { ...attacker };
    const disagreements: string[] = [];
    let refused = 0;
    let allowed = 0;
    for (const route of routes) {
      const url = route.url.replace(/\*$/, 'blade-none/forged/list').replace(/:(\w+)/g, '1');
      for (const actor of ACTORS) {
        const verdict = await explained({ userId: userIds[actor], path: url, method: route.method });
        const options = {
          method: route.method as 'GET' | 'POST',
          url,
          ...(route.method === 'GET' ? {} : { payload: {} }),
        };
        let res = await call(t.app, tokens[actor], options);
        if (res.statusCode === 401) {
          tokens[actor] = (
            await tokenOf(t.app, {
              tenantId: attacker.tenantId,
              account: actor,
              password: ADVERSARY_PASSWORDS[actor],
            })
          ).access_token;
          res = await call(t.app, tokens[actor], options);
        }
        const answered = res.statusCode === 403 || res.statusCode === 404 ? 'refused' : 'allowed';
        if (verdict.allowed) allowed++;
        else refused++;
        // A route the explainer admits may still refuse what a request names (a record, a body):
        // only refusals of the access rule itself (403 before the handler) must agree both ways.
        const accessRefused = res.statusCode === 403 && ACCESS_REFUSALS.includes(res.json().msg);
        if (verdict.allowed ? accessRefused && answered === 'refused' : answered !== 'refused')
          disagreements.push(
            `${actor} ${route.method} ${url}: explained ${verdict.allowed}, answered ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
      }
    }
    expect(disagreements).toEqual([]);
    expect(refused).toBeGreaterThan(100);
    expect(allowed).toBeGreaterThan(100);
  }, 300_000);

  it('explains every kind of data scope as exactly the rows the list answers', async () => {
    const platform = (await tokenOf(t.app)).access_token;
    const db = t.services.data.forTenant(attacker.tenantId);
    const head = (
      await db.selectFrom('blade_dept').select('id').where('parent_id', '=', 0).executeTakeFirstOrThrow()
    ).id;
    const east = (
      await db
        .selectFrom('blade_dept')
        .select('id')
        .where('dept_name', '=', 'Attacker east')
        .executeTakeFirstOrThrow()
    ).id;
    const clerkRole = (
      await db
        .selectFrom('blade_user')
        .select('role_id')
        .where('account', '=', 'clerk')
        .executeTakeFirstOrThrow()
    ).role_id;
    const below = await deptNamed(t.app, attacker.admin, 'Attacker east north', String(east));
    await ok(t.app, attacker.admin, {
      method: 'POST',
      url: '/api/blade-user/submit',
      payload: {
        account: 'north',
        password: md5('pass-1234'),
        realName: 'north',
        deptId: below,
        roleId: clerkRole,
      },
    });
    const kinds = [
      { scopeType: 1, scopeName: '全部' },
      { scopeType: 2, scopeName: '自定义', scopeValue: `${east},${head}` },
      { scopeType: 3, scopeName: '本人' },
      { scopeType: 4, scopeName: '本部门2' },
      { scopeType: 5, scopeName: '本部门及以下' },
    ];
    const stored = await db.selectFrom('blade_user').selectAll().where('is_deleted', '=', 0).execute();
    for (const kind of kinds) {
      const scope = await ok<Row>(t.app, platform, {
        method: 'POST',
        url: '/api/blade-system/data-scope/submit',
        payload: { resourceCode: 'user', scopeColumn: 'dept_id', ...kind },
      });
      const account = `scope${kind.scopeType}`;
      const roleId = await roleWith(
        t.app,
        t.services,
        attacker.admin,
        account,
        ['system', 'user', 'user_view', 'user_add'],
        {
          dataScopeIds: [String(scope.id)],
        },
      );
      const user = await ok<Row>(t.app, attacker.admin, {
        method: 'POST',
        url: '/api/blade-user/submit',
        payload: { account, password: md5('given-pass-1'), realName: account, roleId, deptId: String(east) },
      });
      const token = await changedOnFirstSignIn(t.app, {
        tenantId: attacker.tenantId,
        account,
        oneTime: 'given-pass-1',
      });
      // The own-rows rule needs a row of its own: a user it creates.
      await ok(t.app, token, {
        method: 'POST',
        url: '/api/blade-user/submit',
        payload: {
          account: `${account}made`,
          password: md5('pass-1234'),
          realName: 'made',
          deptId: String(east),
          roleId,
        },
      });
      const rows = await db.selectFrom('blade_user').selectAll().where('is_deleted', '=', 0).execute();
      const listed = (
        await ok<{ records: Row[] }>(t.app, token, { method: 'GET', url: '/api/blade-user/page?size=500' })
      ).records.map((r) => String(r.id));
      const explanation = await explained({ userId: String(user.id), resource: 'user' });
      const conditions = explanation.links.find((l) => l.step === 'dataScope')!.filter?.conditions ?? [];
      const matched = rows.filter((r) => conditions.every((f) => meets(r, f))).map((r) => String(r.id));
      expect(matched.sort(), kind.scopeName).toEqual([...listed].sort());
      if (kind.scopeType !== 1) expect(listed.length, kind.scopeName).toBeLessThan(rows.length);
      // Each record: visible in the explainer exactly when its detail answers.
      for (const row of stored.concat(rows.slice(-1))) {
        const one = await explained({ userId: String(user.id), resource: 'user', id: String(row.id) });
        const detail = await call(t.app, token, {
          method: 'GET',
          url: `/api/blade-user/detail?id=${row.id}`,
        });
        expect(one.allowed, `${kind.scopeName} ${row.account}: ${detail.statusCode}`).toBe(
          detail.statusCode === 200,
        );
      }
    }
  }, 120_000);
});
