import { resources } from '@blade/schema';
import { describe, expect, it } from 'vitest';
import { md5 } from '../../core/digest.js';
import {
  deptNamed,
  firstSignIn,
  newTenant,
  ok,
  roleWith,
  USER_SCREEN_CODES,
  userWith,
} from '../../test/fixtures.js';
import { type ApiRequest, call, serverForDescribe, tokenOf } from '../../test/harness.js';

type Row = Record<string, unknown>;
type PageOf = { records: Row[]; total: number; size: number; current: number; pages: number };

describe('generic resource endpoints', () => {
  // No scheduler: a job's statements would land inside a test's count of a page's statements.
  const t = serverForDescribe({ JOBS_ENABLED: 'false' });

  const get = <T = PageOf>(url: string, query: Record<string, string> = {}, token = t.admin) =>
    ok<T>(t.app, token, { method: 'GET', url, query });

  it('create, list with filters and sort, detail, update, remove: a global resource', async () => {
    const created: Row[] = [];
    for (const [name, key] of [
      ['站点名称', 'site.name'],
      ['站点标语', 'site.slogan'],
      ['上传限制', 'upload.max'],
    ]) {
      created.push(
        await t.ok<Row>({
          method: 'POST',
          url: '/api/blade-system/param/submit',
          payload: { paramName: name, paramKey: key, paramValue: `value of ${key}`, remark: 'test' },
        }),
      );
    }
    expect(created[0]).toMatchObject({
      paramName: '站点名称',
      paramKey: 'site.name',
      id: expect.stringMatching(/^\d+$/),
    });
    expect(created[0]!.createTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const site = await get('/api/blade-system/param/list', { paramKey: 'site.', ascs: 'paramKey' });
    expect(site.records.map((r) => r.paramKey)).toEqual(['site.name', 'site.slogan']);
    expect(site).toMatchObject({ total: 2, size: 10, current: 1, pages: 1 });
    const desc = await get('/api/blade-system/param/list', { paramKey: 'site.', descs: 'param_key' });
    expect(desc.records.map((r) => r.paramKey)).toEqual(['site.slogan', 'site.name']);
    const paged = await get('/api/blade-system/param/list', {
      size: '1',
      current: '2',
      ascs: 'paramKey',
      paramKey: 'site.',
    });
    expect(paged.records.map((r) => r.paramKey)).toEqual(['site.slogan']);
    expect(paged.pages).toBe(2);

    const id = String(created[0]!.id);
    expect(await get<Row>('/api/blade-system/param/detail', { id })).toMatchObject({
      paramValue: 'value of site.name',
    });
    const updated = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { id, paramValue: 'Blade Mall' },
    });
    expect(updated).toMatchObject({ id, paramName: '站点名称', paramValue: 'Blade Mall' });

    expect(
      await t.ok({
        method: 'POST',
        url: '/api/blade-system/param/remove',
        query: { ids: `${id},${created[1]!.id}` },
      }),
    ).toEqual({ removed: 2 });
    expect((await get('/api/blade-system/param/list', { paramKey: 'site.' })).total).toBe(0);
    const gone = await t.call({
      method: 'GET',
      url: '/api/blade-system/param/detail',
      query: { id },
    });
    expect(gone.statusCode).toBe(404);
    // Soft delete: the row is kept.
    const kept = await t.services.data.global
      .selectFrom('blade_param')
      .select('is_deleted')
      .where('id', '=', Number(id))
      .executeTakeFirst();
    expect(kept?.is_deleted).toBe(1);
  });

  it('filters createTime by range', async () => {
    const all = await get('/api/blade-system/param/list');
    const future = await get('/api/blade-system/param/list', { createTime_dategt: '2099-01-01 00:00:00' });
    const past = await get('/api/blade-system/param/list', {
      createTime_datelt: '2000-01-01 00:00:00',
      createTime_dategt: '1999-01-01',
    });
    expect(all.total).toBeGreaterThan(0);
    expect(future.total).toBe(0);
    expect(past.total).toBe(0);
    expect((await get('/api/blade-system/param/list', { createTime_dategt: '2000-01-01' })).total).toBe(
      all.total,
    );
  });

  it('answers the declared message for each missing required field', async () => {
    const submit = (payload: Row) =>
      t.call({ method: 'POST', url: '/api/blade-system/param/submit', payload });
    // Each refusal names the field it is about, so the form can show it there.
    const cases: Array<[Row, string, string]> = [
      [{ paramKey: 'k', paramValue: 'v' }, '请输入参数名称', 'paramName'],
      [{ paramName: 'n', paramValue: 'v' }, '请输入参数键名', 'paramKey'],
      [{ paramName: 'n', paramKey: 'k', paramValue: '' }, '请输入参数键值', 'paramValue'],
    ];
    for (const [payload, msg, field] of cases) {
      const res = await submit(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 400, success: false, data: null, msg, field });
    }
    const en = await t.call({
      method: 'POST',
      url: '/api/blade-system/tenant-package/submit',
      payload: { packageName: 'p' },
      headers: { 'accept-language': 'en' },
    });
    expect(en.json().msg).toBe('Choose the menus');
  });

  it('ignores server-managed fields sent in a body (no mass assignment)', async () => {
    const row = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/post/submit',
      payload: {
        postCode: 'ceo',
        postName: 'Chief',
        tenantId: '999999',
        createUser: '1',
        isDeleted: 1,
        status: 0,
        id: '',
      },
    });
    expect(row).toMatchObject({ tenantId: '000000', status: 1, postCode: 'ceo' });
    expect(row.createUser).not.toBe('1');
  });

  it('refuses unknown sorts, long filters and oversized values, and is not fooled by SQL in filters', async () => {
    const bad = async (query: Record<string, string>, status = 400) => {
      const res = await t.call({ method: 'GET', url: '/api/blade-system/param/list', query });
      expect(res.statusCode, JSON.stringify(query)).toBe(status);
      return res.json();
    };
    expect((await bad({ ascs: 'paramValue' })).msg).toBe('不支持按 paramValue 排序');
    expect((await bad({ descs: 'id;drop table blade_param' })).msg).toContain('不支持按');
    await bad({ paramName: 'x'.repeat(300) });
    const injected = await get('/api/blade-system/param/list', { paramName: "' or '1'='1" });
    expect(injected.total).toBe(0);
    const wildcard = await get('/api/blade-system/param/list', { paramName: '%' });
    expect(wildcard.total).toBe(0);
    const long = await t.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: { paramName: 'x'.repeat(256), paramKey: 'k.long', paramValue: 'v' },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toBe('参数名称不能超过 255 个字符');
    const count = await t.services.data.global
      .selectFrom('blade_param')
      .select('id')
      .where('param_key', '=', 'k.long')
      .execute();
    expect(count).toHaveLength(0);
  });

  it('refuses a duplicate of a unique field with 409', async () => {
    const payload = { paramName: 'dup', paramKey: 'dup.key', paramValue: 'v' };
    await t.ok({ method: 'POST', url: '/api/blade-system/param/submit', payload });
    const again = await t.call({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload,
    });
    expect(again.statusCode).toBe(409);
    // Named at its field, so the form shows it there; no space before 已存在.
    expect(again.json()).toMatchObject({ msg: '参数键名已存在', field: 'paramKey' });
  });

  it('serves trees, lazy trees and dictionaries', async () => {
    const head = (await get<Row[]>('/api/blade-system/dept/tree'))[0]!;
    const child = await deptNamed(t.app, t.admin, '华东区', String(head.id));
    await deptNamed(t.app, t.admin, '上海', child);
    const tree = await get<Array<Row & { children: Row[] }>>('/api/blade-system/dept/tree');
    expect(tree[0]).toMatchObject({ title: '总部', hasChildren: true });
    expect(tree[0]!.children[0]).toMatchObject({ title: '华东区', parentId: String(head.id) });
    const lazy = await get<Row[]>('/api/blade-system/dept/lazy-tree', { parentId: String(head.id) });
    expect(lazy).toEqual([expect.objectContaining({ title: '华东区', hasChildren: true })]);
    const detail = await get<Row>('/api/blade-system/dept/detail', { id: child });
    expect(detail.ancestors).toBe(`0,${head.id}`);
    const parentOfItself = await t.call({
      method: 'POST',
      url: '/api/blade-system/dept/submit',
      payload: { id: child, parentId: child },
    });
    expect(parentOfItself.statusCode).toBe(400);
    const hasChildren = await t.call({
      method: 'POST',
      url: '/api/blade-system/dept/remove',
      query: { ids: child },
    });
    expect(hasChildren.json().msg).toBe('请先删除子节点');

    const sex = await get<Row[]>('/api/blade-system/dict/dictionary', { code: 'sex' });
    expect(sex.map((d) => d.dictKey)).toEqual(['1', '2', '3']);
    const parents = await get('/api/blade-system/dict/parent-list', { code: 'sex' });
    expect(parents.records).toEqual([expect.objectContaining({ code: 'sex', dictKey: '-1' })]);
    const children = await get('/api/blade-system/dict/child-list', {
      parentId: String(parents.records[0]!.id),
    });
    expect(children.total).toBe(3);
    const biz = await get<Row[]>('/api/blade-system/dict-biz/dictionary', { code: 'product_status' });
    expect(biz.length).toBeGreaterThan(0);
  });

  it('dictionary children inherit the parent code; isSealed toggles', async () => {
    const parent = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      payload: { code: 'color', dictValue: '颜色', sort: 1, isSealed: 0 },
    });
    expect(parent.dictKey).toBe('-1');
    const child = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      payload: {
        code: 'ignored',
        parentId: parent.id,
        dictKey: 'red',
        dictValue: '红',
        sort: 1,
        isSealed: 0,
      },
    });
    expect(child.code).toBe('color');
    const sealed = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      payload: { id: child.id, isSealed: 1 },
    });
    expect(sealed.isSealed).toBe(1);
    const missingKey = await t.call({
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      payload: { code: 'color', parentId: parent.id, dictKey: '', dictValue: '蓝', sort: 2, isSealed: 0 },
    });
    expect(missingKey.json().msg).toBe('请输入字典键值');
  });

  it('a dictionary code names one dictionary, system and business alike', async () => {
    for (const base of ['/api/blade-system/dict', '/api/blade-system/dict-biz']) {
      const first = await t.ok<Row>({
        method: 'POST',
        url: `${base}/submit`,
        payload: { code: 'walk_code', dictValue: '走查', sort: 1, isSealed: 0 },
      });
      const again = await t.call({
        method: 'POST',
        url: `${base}/submit`,
        payload: { code: 'walk_code', dictValue: '走查二', sort: 2, isSealed: 0 },
      });
      expect(again.statusCode, base).toBe(400);
      expect(again.json().msg).toBe('字典编号 walk_code 已存在');
      expect(again.json().field).toBe('code');
      // The dictionary itself saves again under its own code; once removed, the code is free.
      await t.ok({
        method: 'POST',
        url: `${base}/submit`,
        payload: { id: first.id, code: 'walk_code', dictValue: '走查' },
      });
      await t.ok({ method: 'POST', url: `${base}/remove?ids=${String(first.id)}` });
      await t.ok({
        method: 'POST',
        url: `${base}/submit`,
        payload: { code: 'walk_code', dictValue: '走查三', sort: 3, isSealed: 0 },
      });
    }
    const seeded = await t.call({
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      payload: { code: 'sex', dictValue: '性别二', sort: 1, isSealed: 0 },
    });
    expect(seeded.json().msg).toBe('字典编号 sex 已存在');
  });

  it('costs a fixed number of statements per list page, whatever the page size', async () => {
    // The names of the category dictionary are remembered from the first page on.
    await get('/api/blade-system/post/list');
    for (let i = 0; i < 30; i++) {
      await t.ok({
        method: 'POST',
        url: '/api/blade-system/post/submit',
        payload: { postCode: `p${i}`, postName: `Post ${i}` },
      });
    }
    const count = async (size: string) => {
      // Pending log rows are written on a timer; write them now so none lands inside the count.
      await t.services.logs.flush();
      const before = t.services.data.queries;
      await get('/api/blade-system/post/list', { size });
      return t.services.data.queries - before;
    };
    const small = await count('10');
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/post/submit',
      payload: { postCode: 'p-x', postName: 'Extra' },
    });
    const large = await count('30');
    expect(small).toBe(large);
    // Totals are cached until the table is written: a repeated page skips the count,
    // a write brings it back.
    expect(await count('10')).toBe(small - 1);
    const before = (await get('/api/blade-system/post/list', { size: '10' })).total;
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/post/submit',
      payload: { postCode: 'p-new', postName: 'Newest' },
    });
    expect((await get('/api/blade-system/post/list', { size: '10' })).total).toBe(before + 1);
    expect(small).toBeGreaterThanOrEqual(2);
    expect(small).toBeLessThanOrEqual(5);
  });
});

describe('permissions enforced by the server', () => {
  const t = serverForDescribe();

  /** A user of the head department holding a role (named like them) of exactly these codes. */
  const userHolding = async (account: string, codes: string[]) => {
    const roleId = await roleWith(t.app, t.services, t.admin, account, codes);
    const head = (await t.ok<Row[]>({ method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    return { ...(await userWith(t.app, t.admin, { account, roleId, deptId: String(head.id) })), roleId };
  };

  it('answers 401 without a token and 403 without the permission, on every non-public route', async () => {
    const nobody = await userHolding('nobody', []);
    const routes = t.app.apiRoutes.filter((r) => r.access !== 'public');
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const method = route.method as 'GET' | 'POST';
      const url = route.url.replace(/\*$/, '');
      const anonymous = await t.app.inject({ method, url });
      expect(anonymous.statusCode, `${method} ${url} without a token`).toBe(401);
      if (route.access === 'user') continue;
      const denied = await call(t.app, nobody.token, {
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(denied.statusCode, `${method} ${url} without permission`).toBe(403);
    }
    for (const route of t.app.apiRoutes) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
    // Resources registered at run time share one dispatcher, public at the route level so that
    // unknown paths answer 404; each endpoint it finds applies its own rule (walked like this in
    // modules/develop/code-registration.test.ts).
    const dispatcher = t.app.apiRoutes.filter((r) => r.url === '/api/*');
    expect(dispatcher.map((r) => [r.method, r.access])).toEqual([
      ['GET', 'public'],
      ['POST', 'public'],
    ]);
    const unknown = await call(t.app, nobody.token, { method: 'POST', url: '/api/blade-none/thing/submit' });
    expect(unknown.statusCode).toBe(404);
  });

  it('a role without post_delete cannot delete, and sees no delete button', async () => {
    const clerk = await userHolding('clerk', ['system', 'post', 'post_add', 'post_edit', 'post_view']);
    const post = await ok<Row>(t.app, clerk.token, {
      method: 'POST',
      url: '/api/blade-system/post/submit',
      payload: { postCode: 'c1', postName: 'Cashier' },
    });
    const edited = await ok<Row>(t.app, clerk.token, {
      method: 'POST',
      url: '/api/blade-system/post/submit',
      payload: { id: post.id, postName: 'Head cashier' },
    });
    expect(edited.postName).toBe('Head cashier');
    const removal = await call(t.app, clerk.token, {
      method: 'POST',
      url: '/api/blade-system/post/remove',
      query: { ids: String(post.id) },
    });
    expect(removal.statusCode).toBe(403);
    expect(removal.json().msg).toBe('没有权限执行此操作');
    const buttons = await ok<Array<{ code: string; children: Array<{ code: string; children: unknown[] }> }>>(
      t.app,
      clerk.token,
      {
        method: 'GET',
        url: '/api/blade-system/menu/buttons',
      },
    );
    const codes = JSON.stringify(buttons);
    expect(codes).toContain('post_add');
    expect(codes).not.toContain('post_delete');
    expect(
      (await call(t.app, clerk.token, { method: 'GET', url: '/api/blade-system/param/list' })).statusCode,
    ).toBe(403);
    // Granting more than one holds is refused.
    const menus = await t.services.data.global
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'user_delete')
      .execute();
    const escalate = await call(t.app, clerk.token, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: { roleIds: clerk.roleId, menuIds: String(menus[0]!.id) },
    });
    expect(escalate.statusCode).toBe(403);
  });

  it('changing a user’s roles ends their sessions; unlock and reset work', async () => {
    const viewer = await userHolding('viewer', ['system', 'user']);
    expect((await call(t.app, viewer.token, { method: 'GET', url: '/api/blade-user/page' })).statusCode).toBe(
      200,
    );
    await t.ok({
      method: 'POST',
      url: '/api/blade-user/grant',
      query: { userIds: viewer.id, roleIds: viewer.roleId },
    });
    expect((await call(t.app, viewer.token, { method: 'GET', url: '/api/blade-user/page' })).statusCode).toBe(
      401,
    );

    await t.services.data
      .forTenant('000000')
      .updateTable('blade_user')
      .set({ is_locked: 1 })
      .where('account', '=', 'viewer')
      .execute();
    expect(
      await t.status({
        method: 'POST',
        url: '/api/blade-user/unlock',
        query: { userIds: viewer.id },
      }),
    ).toBe(200);
    const [issued] = await t.ok<Array<{ userId: string; account: string; password: string }>>({
      method: 'POST',
      url: '/api/blade-user/reset-password',
      query: { userIds: viewer.id },
    });
    expect(issued).toMatchObject({ userId: viewer.id, account: 'viewer' });
    expect(issued!.password).toMatch(/^[A-Za-z0-9]{12}$/);
    const reset = await tokenOf(t.app, { account: 'viewer', password: issued!.password });
    expect(reset.password_change_required).toBe(true);
    // Until the one-time password changes, the session reaches nothing else.
    const blocked = await call(t.app, reset.access_token, { method: 'GET', url: '/api/blade-user/page' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().msg).toBe('请先修改初始密码');
    await ok(t.app, reset.access_token, {
      method: 'POST',
      url: '/api/blade-user/update-password',
      payload: {
        oldPassword: md5(issued!.password),
        newPassword: md5('viewer-new-1'),
        newPassword1: md5('viewer-new-1'),
      },
    });
    const changed = await tokenOf(t.app, { account: 'viewer', password: 'viewer-new-1' });
    expect(changed.password_change_required).toBe(false);
    expect(
      (await call(t.app, changed.access_token, { method: 'GET', url: '/api/blade-user/page' })).statusCode,
    ).toBe(200);
  });

  it('data scope "own department" hides other departments’ users', async () => {
    const head = (await t.ok<Row[]>({ method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const east = await deptNamed(t.app, t.admin, 'East', String(head.id));
    const west = await deptNamed(t.app, t.admin, 'West', String(head.id));
    const scope = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      payload: { resourceCode: 'user', scopeName: '本部门', scopeColumn: 'dept_id', scopeType: 4 },
    });
    const roleId = await roleWith(t.app, t.services, t.admin, 'eastlead', ['system', 'user'], {
      dataScopeIds: [String(scope.id)],
    });
    const lead = await userWith(t.app, t.admin, { account: 'eastlead', roleId, deptId: east });
    await userWith(t.app, t.admin, { account: 'eastworker', roleId, deptId: east });
    await userWith(t.app, t.admin, { account: 'westworker', roleId, deptId: west });
    const seen = await ok<PageOf>(t.app, lead.token, {
      method: 'GET',
      url: '/api/blade-user/page',
      query: { size: '50' },
    });
    expect(seen.records.map((r) => r.account).sort()).toEqual(['eastlead', 'eastworker']);
    const all = await t.ok<PageOf>({
      method: 'GET',
      url: '/api/blade-user/page',
      query: { size: '50', deptId: String(head.id) },
    });
    expect(all.records.map((r) => r.account)).toEqual(
      expect.arrayContaining(['eastlead', 'westworker', 'admin']),
    );
    const westOnly = await t.ok<PageOf>({
      method: 'GET',
      url: '/api/blade-user/page',
      query: { deptId: west },
    });
    expect(westOnly.records.map((r) => r.account)).toEqual(['westworker']);
    const foreign = await call(t.app, lead.token, {
      method: 'GET',
      url: '/api/blade-user/detail',
      query: { id: String(all.records.find((r) => r.account === 'westworker')!.id) },
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('an API scope blocks a path for roles it is not granted to', async () => {
    const head = (await t.ok<Row[]>({ method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const scope = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      payload: { resourceCode: 'post', scopeName: '岗位接口', scopePath: '/api/blade-system/post/**' },
    });
    const withScope = await roleWith(t.app, t.services, t.admin, 'postapi', ['system', 'post'], {
      apiScopeIds: [String(scope.id)],
    });
    const without = await roleWith(t.app, t.services, t.admin, 'postplain', ['system', 'post']);
    const a = await userWith(t.app, t.admin, {
      account: 'postapi',
      roleId: withScope,
      deptId: String(head.id),
    });
    const b = await userWith(t.app, t.admin, {
      account: 'postplain',
      roleId: without,
      deptId: String(head.id),
    });
    expect(
      (await call(t.app, a.token, { method: 'GET', url: '/api/blade-system/post/list' })).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, b.token, { method: 'GET', url: '/api/blade-system/post/list' })).statusCode,
    ).toBe(403);
    expect((await call(t.app, b.token, { method: 'GET', url: '/api/blade-user/info' })).statusCode).toBe(200);
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/api-scope/remove',
      query: { ids: String(scope.id) },
    });
  });

  it('only the administrator tenant’s administrator manages tenants, packages and clients', async () => {
    const almighty = await userHolding('almighty', [
      'system',
      'tenant',
      'tenant_add',
      'tenantpackage',
      'client',
    ]);
    for (const r of [resources.tenant!, resources.tenantPackage!, resources.client!]) {
      const res = await call(t.app, almighty.token, { method: 'GET', url: `/api${r.path}/list` });
      expect(res.statusCode, r.path).toBe(403);
    }
  });
});

describe('tenants created by the administrator', () => {
  const t = serverForDescribe();

  it('get an administrator, see only their package and respect their account limit and expiry', async () => {
    const menus = await t.services.data.global
      .selectFrom('blade_menu')
      .select(['id', 'code', 'parent_id'])
      .execute();
    const wanted = new Set(['mall', 'product', 'product_add', 'product_view', ...USER_SCREEN_CODES]);
    const pkg = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-system/tenant-package/submit',
      payload: {
        packageName: 'Shop',
        menuId: menus
          .filter((m) => wanted.has(m.code))
          .map((m) => String(m.id))
          .join(','),
      },
    });
    const tenant = await newTenant(t.app, t.admin, {
      tenantName: 'Green Grocer',
      domain: 'shop.example.com',
      tenantId: '000000',
    });
    expect(tenant.tenantId).toMatch(/^\d{6}$/);
    expect(tenant.tenantId).not.toBe('000000');
    const tenantId = String(tenant.tenantId);
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/tenant/package-setting',
      query: { tenantId, packageId: String(pkg.id) },
    });
    expect(
      await t.ok<Row>({
        method: 'GET',
        url: '/api/blade-system/tenant/package-detail',
        query: { tenantId },
      }),
    ).toMatchObject({ packageName: 'Shop' });
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/tenant/info',
      query: { domain: 'shop.example.com' },
    });
    expect(info.json().data).toMatchObject({ tenantId, tenantName: 'Green Grocer' });

    const owner = await firstSignIn(t.app, tenant);
    const routes = JSON.stringify(
      await ok(t.app, owner, { method: 'GET', url: '/api/blade-system/menu/routes' }),
    );
    expect(routes).toContain('"code":"product"');
    expect(routes).not.toContain('"code":"param"');
    expect(await t.status({ method: 'GET', url: '/api/blade-system/param/list' }, owner)).toBe(403);

    // The owner sees their own users only.
    const users = await ok<PageOf>(t.app, owner, { method: 'GET', url: '/api/blade-user/page' });
    expect(users.records.map((r) => r.account)).toEqual(['admin']);
    expect(users.records[0]!.tenantId).toBe(tenantId);

    await t.ok({
      method: 'POST',
      url: '/api/blade-system/tenant/setting',
      query: { ids: String(tenant.id), accountNumber: '1' },
    });
    const head = (await ok<Row[]>(t.app, owner, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const roles = await ok<Row[]>(t.app, owner, { method: 'GET', url: '/api/blade-system/role/tree' });
    const over = await call(t.app, owner, {
      method: 'POST',
      url: '/api/blade-user/submit',
      payload: {
        account: 'second',
        password: md5('x12345678'),
        realName: 'Second',
        roleId: String(roles[0]!.id),
        deptId: String(head.id),
      },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toBe('账号数量已达到租户上限 1，请联系管理员');

    // Another tenant's ids answer as if they did not exist.
    const adminUsers = await t.ok<PageOf>({ method: 'GET', url: '/api/blade-user/page' });
    const foreignId = String(adminUsers.records[0]!.id);
    const foreign: ApiRequest[] = [
      { method: 'GET', url: '/api/blade-user/detail', query: { id: foreignId } },
      { method: 'POST', url: '/api/blade-user/remove', query: { ids: foreignId } },
      { method: 'POST', url: '/api/blade-user/update', payload: { id: foreignId, realName: 'hacked' } },
    ];
    for (const request of foreign) expect(await t.status(request, owner), request.url).toBe(404);

    await t.ok({
      method: 'POST',
      url: '/api/blade-system/tenant/setting',
      query: { ids: String(tenant.id), expireTime: '2020-01-01 00:00:00' },
    });
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
      query: { tenantId, username: 'admin', password: md5('owner-pass-1'), grant_type: 'password' },
    });
    expect(expired.json().error_description).toBe('租户授权已过期，请联系管理员');
    // The token signed in before the expiry is refused at once as well.
    expect(await t.status({ method: 'GET', url: '/api/blade-user/info' }, owner)).toBe(401);
  });
});
