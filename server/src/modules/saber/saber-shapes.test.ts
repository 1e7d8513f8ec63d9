import { SECRET_MASK } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptNamed, ok, roleWith, userWith } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

type Row = Record<string, unknown>;
interface Node {
  id: string;
  title?: string;
  code?: string;
  children?: Node[];
}

/** Saber's own walk of the buttons tree: a node with a children array is a folder, others are codes. */
function saberPermission(nodes: Node[]): string[] {
  return nodes.flatMap((n) => (n.children ? saberPermission(n.children) : [String(n.code)]));
}
const allIds = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.id, ...allIds(n.children ?? [])]);

/** The shapes each Saber screen reads, as the same calls answer them for our own web. */
describe('Saber 4.x shapes', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it('menu/buttons: leaves carry no children, so Saber collects every button code', async () => {
    const roleId = await roleWith(t.app, t.services, admin, 'poster', [
      'system',
      'post',
      'post_add',
      'post_edit',
    ]);
    const deptId = await deptNamed(t.app, admin, 'Ops');
    const clerk = await userWith(t.app, admin, { account: 'poster1', roleId, deptId });
    const tree = await ok<Node[]>(t.app, clerk.token, {
      method: 'GET',
      url: '/api/blade-system/menu/buttons',
    });
    expect(saberPermission(tree).sort()).toEqual(['post_add', 'post_edit']);
    const everything = await ok<Node[]>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/menu/buttons',
    });
    expect(saberPermission(everything)).toEqual(
      expect.arrayContaining(['user_add', 'user_reset', 'role_setting']),
    );
  });

  it('menu/grant-tree answers {menu, dataScope, apiScope}; a grant of Saber checked keys is taken', async () => {
    const scope = await ok<{ id: string }>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      payload: { resourceCode: 'user', scopeName: 'Own users', scopeColumn: 'create_user', scopeType: 2 },
    });
    const tree = await ok<{ menu: Node[]; dataScope: Node[]; apiScope: Node[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/menu/grant-tree',
    });
    expect(tree.menu.length).toBeGreaterThan(0);
    expect(tree.menu[0]).toHaveProperty('title');
    expect(Array.isArray(tree.apiScope)).toBe(true);
    const group = tree.dataScope.find((n) => n.children?.some((c) => c.id === scope.id));
    expect(group?.title).toBe('用户管理');

    // Saber sends every checked key, the scope's group node included, as arrays.
    const role = await ok<{ id: string }>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/role/submit',
      payload: { roleName: 'viewer', roleAlias: 'viewer', sort: 1, parentId: 0 },
    });
    const menuIds = allIds(tree.menu).slice(0, 3);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/role/grant',
      payload: { roleIds: [role.id], menuIds, dataScopeIds: [group!.id, scope.id], apiScopeIds: [] },
    });
    const keys = await ok<{ menu: string[]; dataScope: string[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/menu/role-tree-keys',
      query: { roleIds: role.id },
    });
    expect(keys.dataScope).toEqual([scope.id]);
    expect(keys.menu.sort()).toEqual([...menuIds].sort());

    // The scope settings of a menu: the buttons Saber checks, and the scopes listed by menuId.
    const buttons = await ok<Node[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/menu/buttons' });
    expect(saberPermission(buttons)).toEqual(
      expect.arrayContaining(['data_scope_setting', 'api_scope_setting']),
    );
    const userMenu = await t.services.data.global
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'user')
      .executeTakeFirstOrThrow();
    const listed = await ok<{ records: Row[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/data-scope/list',
      query: { menuId: String(userMenu.id), current: '1', size: '10' },
    });
    expect(listed.records.map((r) => r.scopeName)).toEqual(['Own users']);
  });

  it('menu/grant-top-tree answers {menu}', async () => {
    const tree = await ok<{ menu: Node[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/menu/grant-top-tree',
    });
    expect(tree.menu.length).toBeGreaterThan(0);
  });

  it('tenant/info answers an empty object for an unknown address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/tenant/info',
      query: { domain: 'nobody.example.com' },
    });
    expect(res.json()).toMatchObject({ code: 200, data: {} });
  });

  it('dict/tree?code=DICT answers the dictionary tree', async () => {
    const tree = await ok<Node[]>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/dict/tree?code=DICT',
    });
    expect(tree.length).toBeGreaterThan(3);
    expect(tree.some((n) => (n.children ?? []).length > 0)).toBe(true);
  });

  it("a dictionary and its item saved with the key as a number (Saber's number input)", async () => {
    const top = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      payload: { code: 'saber_level', dictKey: -1, dictValue: '级别', sort: 1, isSealed: 0, parentId: 0 },
    });
    expect(top.dictKey).toBe('-1');
    const item = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/dict/submit',
      payload: { code: 'saber_level', dictKey: 3, dictValue: '三级', sort: 3, isSealed: 0, parentId: top.id },
    });
    expect(item.dictKey).toBe('3');
    const levels = await ok<Row[]>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/dict/dictionary',
      query: { code: 'saber_level' },
    });
    expect(levels.map((l) => l.dictKey)).toEqual(['3']);
  });

  it('a client edited without retyping its secret keeps it', async () => {
    const saved = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/client/submit',
      payload: {
        clientId: 'sword',
        clientSecret: 'sword_secret',
        scope: 'all',
        authorizedGrantTypes: 'refresh_token,password',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      },
    });
    // Never the secret itself (rows show the mask in its place).
    expect(JSON.stringify(saved)).not.toContain('sword_secret');
    const detail = await ok<Row>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/client/detail',
      query: { id: String(saved.id) },
    });
    // Saber's form requires the secret: the detail fills it with the mask, which Saber sends back.
    expect(detail.clientSecret).toBe(SECRET_MASK);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/client/submit',
      payload: { ...detail, accessTokenValidity: 1200 },
    });
    // Our web leaves the secret out of its edit form, or a client sends it empty.
    const { clientSecret: _left, ...withoutSecret } = detail;
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/client/submit',
      payload: { ...withoutSecret, accessTokenValidity: 1500 },
    });
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/client/submit',
      payload: { ...detail, clientSecret: '', accessTokenValidity: 1800 },
    });
    // A new client still needs a secret of its own: the mask is none.
    const added = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/client/submit',
      payload: { ...detail, id: '', clientId: 'sword2' },
    });
    expect(added.json()).toMatchObject({ code: 400, field: 'clientSecret', msg: '请输入应用密钥' });
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('sword:sword_secret').toString('base64')}` },
      query: {
        grant_type: 'password',
        tenantId: '000000',
        username: 'admin',
        password: '21232f297a57a5a743894a0e4a801fc3',
      },
    });
    expect(signedIn.json()).toMatchObject({ code: 200, expires_in: 1800 });
  });

  it('a top menu added without an alias is given one', async () => {
    const saved = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/topmenu/submit',
      payload: { name: '工作台', code: 'saber_top', source: 'iconfont', sort: 9 },
    });
    expect(saved.alias).toBe('saber_top');
  });

  it('the seeded tenant has a contact', async () => {
    const page = await ok<{ records: Row[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/tenant/list',
      query: { tenantId: '000000' },
    });
    const seeded = page.records.find((r) => r.tenantId === '000000');
    expect(seeded?.linkman).toBeTruthy();
    expect(seeded?.contactNumber).toBeTruthy();
  });

  it('regions: lazy-tree ids are codes; detail, select, submit with level and remove by code', async () => {
    const get = (url: string, query: Record<string, string>) =>
      call(t.app, admin, { method: 'GET', url, query }).then((r) => r.json().data);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/region/submit',
      payload: { parentCode: '00', code: '91', name: '测试省', level: 1, sort: 1 },
    });
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/region/submit',
      payload: { parentCode: '91', code: '9101', name: '测试市', level: 2, sort: 1 },
    });
    const top = (await get('/api/blade-system/region/lazy-tree', { parentCode: '00' })) as Row[];
    const province = top.find((r) => r.code === '91')!;
    expect(province).toMatchObject({ id: '91', title: '测试省', hasChildren: true });
    const cities = (await get('/api/blade-system/region/lazy-tree', {
      parentCode: String(province.id),
    })) as Row[];
    expect(cities.map((r) => r.id)).toEqual(['9101']);
    expect(await get('/api/blade-system/region/detail', { code: '9101' })).toMatchObject({
      name: '测试市',
      parentCode: '91',
      parentName: '测试省',
      level: 2,
    });
    // Saber's region form reads its levels from the `region` dictionary.
    const levels = (await get('/api/blade-system/dict/dictionary', { code: 'region' })) as Row[];
    expect(levels.map((l) => l.dictKey)).toEqual(['1', '2', '3', '4', '5']);
    // Its edit sends the detail back with the level changed (regions are keyed by code there).
    const city = (await get('/api/blade-system/region/detail', { code: '9101' })) as Row;
    expect(city).not.toHaveProperty('id');
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/region/submit',
      payload: { ...city, level: 3 },
    });
    expect(await get('/api/blade-system/region/detail', { code: '9101' })).toMatchObject({ level: 3 });
    // "Add below" sends the parent's detail with a new code, parent code and level: a new region.
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/region/submit',
      payload: {
        ...city,
        parentCode: '9101',
        parentName: '测试市',
        code: '910109',
        name: '测试区',
        level: 4,
      },
    });
    expect(await get('/api/blade-system/region/detail', { code: '9101' })).toMatchObject({ name: '测试市' });
    expect(await get('/api/blade-system/region/detail', { code: '910109' })).toMatchObject({
      parentCode: '9101',
      parentName: '测试市',
      level: 4,
    });
    const picked = (await get('/api/blade-system/region/select', { code: '91' })) as Row[];
    expect(picked.map((r) => r.name)).toEqual(['测试市']);
    await ok(t.app, admin, { method: 'POST', url: '/api/blade-system/region/remove', query: { id: '9101' } });
    expect(await get('/api/blade-system/region/select', { code: '91' })).toEqual([]);
  });
});
