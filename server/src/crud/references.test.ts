import { describe, expect, it } from 'vitest';
import { md5 } from '../core/digest.js';
import { deptNamed, ok, roleWith, tenantWithAdmin } from '../test/fixtures.js';
import { serverForDescribe } from '../test/harness.js';

type Row = Record<string, unknown>;

/**
 * A reference names a live row of the caller's own tenant: another tenant's id, a removed row's or
 * one that never was is refused, naming the field by its label, whichever call writes it.
 */
describe('references stay inside the tenant', () => {
  const t = serverForDescribe({ JOBS_ENABLED: 'false' });
  const other = { token: '', dept: '', post: '', role: '', mallUser: '' };

  const setUp = async () => {
    if (other.token) return other;
    other.token = await tenantWithAdmin(t.app, t.services, '454545');
    other.dept = await deptNamed(t.app, other.token, 'Other dept');
    other.post = (
      await ok<{ id: string }>(t.app, other.token, {
        method: 'POST',
        url: '/api/blade-system/post/submit',
        payload: { postCode: 'other-1', postName: 'Other post' },
      })
    ).id;
    other.role = await roleWith(t.app, t.services, other.token, 'other-role', ['post']);
    other.mallUser = (
      await ok<{ id: string }>(t.app, other.token, {
        method: 'POST',
        url: '/api/mall/user/save',
        payload: { nickname: 'Other buyer' },
      })
    ).id;
    return other;
  };

  const refusal = async (url: string, payload: Row, lang = 'zh-CN') => {
    const res = await t.call({ method: 'POST', url, payload, headers: { 'accept-language': lang } });
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ msg: string; field?: string }>();
  };

  it('refuses a user naming another tenant’s department, post or role (finding 10)', async () => {
    const { dept, post, role } = await setUp();
    const ownRole = await roleWith(t.app, t.services, t.admin, 'ref-own', ['post']);
    const ownDept = await deptNamed(t.app, t.admin, 'Ref own');
    const user = (n: number, extra: Row) => ({
      account: `ref-user-${n}`,
      password: md5('pass-1234'),
      realName: 'Ref',
      roleId: ownRole,
      deptId: ownDept,
      ...extra,
    });
    const byDept = await refusal('/api/blade-user/submit', user(1, { deptId: dept }));
    expect(byDept).toMatchObject({
      msg: '所属部门 所选的数据不存在、已被删除或不属于本租户',
      field: 'deptId',
    });
    const byPost = await refusal('/api/blade-user/submit', user(2, { postId: `${post}` }), 'en');
    expect(byPost.msg).toBe('The Posts chosen does not exist, was deleted or is not of this tenant');
    await refusal('/api/blade-user/submit', user(3, { roleId: `${ownRole},${role}` }));
    // Saber's path writes through the same rule.
    await refusal('/api/blade-system/user/submit', user(4, { deptId: dept }));
    // An id that never was, and a removed department, are refused alike.
    await refusal('/api/blade-user/submit', user(5, { deptId: '123456789' }));
    const gone = await deptNamed(t.app, t.admin, 'Ref gone');
    await t.ok({ method: 'POST', url: `/api/blade-system/dept/remove?ids=${gone}` });
    await refusal('/api/blade-user/submit', user(6, { deptId: gone }));

    // Its own are accepted, and an edit keeps ids the row holds already.
    const created = await t.ok<{ id: string }>({
      method: 'POST',
      url: '/api/blade-user/submit',
      payload: user(7, {}),
    });
    const edited = await refusal('/api/blade-user/submit', { ...user(7, {}), id: created.id, deptId: dept });
    expect(edited.field).toBe('deptId');
  });

  it('refuses an order for another tenant’s mall user (finding 10)', async () => {
    const { mallUser } = await setUp();
    const product = await t.ok<{ id: string }>({
      method: 'POST',
      url: '/api/mall/product/save',
      payload: { name: 'Ref product', category: 1, price: 100, stock: 5, status: 1 },
    });
    const refused = await refusal('/api/mall/order/save', {
      mallUserId: mallUser,
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(refused.field).toBe('mallUserId');
    const stock = await t.ok<{ stock: number }>({
      method: 'GET',
      url: '/api/mall/product/detail',
      query: { id: product.id },
    });
    expect(stock.stock).toBe(5);
  });
});
