import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptNamed, ok, roleWith, userWith } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

type Row = Record<string, unknown>;

const USER_READ = ['system', 'user', 'user_view'];

/** Data scopes as Saber's 权限配置 drawer adds them (its 全部可见 fills the column with `-`). */
describe('Saber data scopes', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  /** The body Saber's drawer sends: its own fields beside ours (ignored). */
  const saberScope = (scopeType: number, scopeColumn: string, scopeName: string) => ({
    resourceCode: 'user',
    scopeName,
    scopeColumn,
    scopeType,
    scopeField: '*',
    scopeClass: 'org.springblade.modules.system.mapper.UserMapper.selectUserPage',
    remark: '',
  });
  const submit = (payload: Row) =>
    call(t.app, admin, { method: 'POST', url: '/api/blade-system/data-scope/submit', payload });

  it('全部可见 with the column "-" is saved and kept as "-"; a role holding it sees every row', async () => {
    const saved = await submit(saberScope(1, '-', '用户管理 [全部可见]'));
    expect(saved.json()).toMatchObject({ code: 200 });
    const id = String(saved.json().data.id);
    const detail = await ok<Row>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/data-scope/detail',
      query: { id },
    });
    // Saber's edit requires the fields and the mapper method: all fields, no method of ours.
    expect(detail).toMatchObject({ scopeColumn: '-', scopeType: 1, scopeField: '*', scopeClass: '-' });
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      payload: { ...detail, scopeName: '用户管理 [全部可见] 2' },
    });

    const ownDept = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      payload: saberScope(4, 'create_dept', '用户管理 [所在机构可见]'),
    });
    const east = await deptNamed(t.app, admin, 'East');
    const west = await deptNamed(t.app, admin, 'West');
    const allRole = await roleWith(t.app, t.services, admin, 'seesall', USER_READ, { dataScopeIds: [id] });
    const deptRole = await roleWith(t.app, t.services, admin, 'seesdept', USER_READ, {
      dataScopeIds: [String(ownDept.id)],
    });
    const everyone = await userWith(t.app, admin, { account: 'everyone', roleId: allRole, deptId: east });
    const local = await userWith(t.app, admin, { account: 'local', roleId: deptRole, deptId: east });
    await userWith(t.app, admin, { account: 'westerner', roleId: deptRole, deptId: west });

    const accounts = async (token: string) =>
      (
        await ok<{ records: Row[] }>(t.app, token, {
          method: 'GET',
          url: '/api/blade-system/user/list',
          query: { current: '1', size: '100' },
        })
      ).records.map((r) => r.account);
    // The own-department rule narrows the list, so the all-visible role's wider list is its rule's doing.
    expect(await accounts(local.token)).not.toContain('westerner');
    expect(await accounts(everyone.token)).toEqual(
      expect.arrayContaining(['admin', 'everyone', 'local', 'westerner']),
    );
  });

  it('"-" is refused, on the column, for a rule that reads a column, also by an edit of the type alone', async () => {
    const refused = await submit(saberScope(4, '-', '用户管理 [所在机构可见]'));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      field: 'scopeColumn',
      msg: '权限字段 - 只用于全部可见，请填写 create_dept、create_user、dept_id 或 id',
    });

    const all = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      payload: saberScope(1, '-', 'all users'),
    });
    const retyped = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      headers: { 'accept-language': 'en' },
      payload: { id: all.id, scopeType: 3 },
    });
    expect(retyped.statusCode).toBe(400);
    expect(retyped.json().msg).toBe(
      'The column - only goes with the rule All: enter create_dept, create_user, dept_id or id',
    );
    // With a column the same edit is taken.
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      payload: { id: all.id, scopeType: 3, scopeColumn: 'create_user' },
    });

    const unknown = await submit(saberScope(1, 'owner', 'owner'));
    expect(unknown.json().msg).toBe(
      '权限字段只能是 create_dept、create_user、dept_id 或 id（全部可见可填 -）',
    );
  });

  it("a menu's scope drawer lists the scopes saved with its id, whatever code was typed", async () => {
    const userMenu = await t.services.data.global
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'user')
      .executeTakeFirstOrThrow();
    const menuId = String(userMenu.id);
    // Saber's API-scope form leaves the code to the person and sends the drawer's menu id.
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/api-scope/submit',
      payload: {
        menuId,
        scopeName: '用户接口',
        resourceCode: 'user_api',
        scopePath: '/api/blade-system/user/**',
        scopeType: 1,
      },
    });
    const listed = await ok<{ records: Row[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/api-scope/list',
      query: { menuId, current: '1', size: '10' },
    });
    expect(listed.records.map((r) => r.scopeName)).toEqual(['用户接口']);
    const otherMenu = await t.services.data.global
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'dept')
      .executeTakeFirstOrThrow();
    const other = await ok<{ records: Row[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/api-scope/list',
      query: { menuId: String(otherMenu.id), current: '1', size: '10' },
    });
    expect(other.records).toEqual([]);
  });
});
