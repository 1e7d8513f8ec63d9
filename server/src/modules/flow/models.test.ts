import { minimalDiagram } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptNamed, ok, roleWith, tenantWithAdmin, userWith } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

const PROCESS = (name: string) => minimalDiagram('expense', name, '审核');

type Row = Record<string, unknown>;

describe('process models', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  const list = async () =>
    (
      await ok<{ records: Row[]; total: number }>(t.app, admin, {
        method: 'GET',
        url: '/api/blade-flow/model/list',
      })
    ).records;

  it('are added, changed, deployed and removed; a removed model is gone for detail and change', async () => {
    const added = await ok<{ id: string }>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-flow/model/submit',
      payload: { modelKey: 'expense', name: '报销', xml: PROCESS('报销') },
    });
    expect((await list()).find((r) => r.id === added.id)).toMatchObject({
      modelKey: 'expense',
      name: '报销',
    });

    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-flow/model/submit',
      payload: {
        id: added.id,
        modelKey: 'expense',
        name: '费用报销',
        category: 'finance',
        xml: PROCESS('费用报销'),
      },
    });
    const detail = await ok<Row>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-flow/model/detail',
      query: { id: added.id },
    });
    expect(detail).toMatchObject({ name: '费用报销', category: 'finance' });

    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-flow/model/deploy',
      payload: { modelId: added.id },
    });
    const startable = await ok<{ records: Row[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-flow/work/start-list',
    });
    expect(startable.records.find((r) => r.processKey === 'expense')).toMatchObject({ name: '费用报销' });

    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-flow/model/remove',
      payload: { ids: added.id },
    });
    expect((await list()).some((r) => r.id === added.id)).toBe(false);
    const gone = await call(t.app, admin, {
      method: 'GET',
      url: '/api/blade-flow/model/detail',
      query: { id: added.id },
    });
    expect(gone.statusCode).toBe(404);
    const changed = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-flow/model/submit',
      payload: { id: added.id, modelKey: 'expense', name: '又改', xml: PROCESS('又改') },
    });
    expect(changed.statusCode).toBe(404);
  });

  it('another tenant, a reader without the write codes and hostile bodies change nothing', async () => {
    const own = await ok<{ id: string }>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-flow/model/submit',
      payload: { modelKey: 'guarded', name: '受保护', xml: PROCESS('受保护') },
    });
    const stored = () =>
      t.services.data
        .unscoped()
        .selectFrom('flow_model')
        .selectAll()
        .where('id', '=', Number(own.id))
        .executeTakeFirst();
    const before = await stored();
    expect(before?.name).toBe('受保护');

    // another tenant's administrator neither sees nor reaches the row by its id
    const other = await tenantWithAdmin(t.app, t.services, '771177');
    const theirs = await ok<{ records: Row[] }>(t.app, other, {
      method: 'GET',
      url: '/api/blade-flow/model/list',
    });
    expect(theirs.records.some((r) => r.id === own.id)).toBe(false);
    const reach = [
      { method: 'GET' as const, url: '/api/blade-flow/model/detail', query: { id: own.id } },
      {
        method: 'POST' as const,
        url: '/api/blade-flow/model/submit',
        payload: { id: own.id, modelKey: 'stolen', name: '改掉', xml: PROCESS('改掉') },
      },
      { method: 'POST' as const, url: '/api/blade-flow/model/deploy', payload: { modelId: own.id } },
    ];
    for (const req of reach) expect((await call(t.app, other, req)).statusCode, req.url).toBe(404);
    await call(t.app, other, {
      method: 'POST',
      url: '/api/blade-flow/model/remove',
      payload: { ids: own.id },
    });

    // a user who may open the screen but holds no add, edit, delete or deploy code
    const head = (await ok<Row[]>(t.app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const dept = await deptNamed(t.app, admin, '模型只读部', String(head.id));
    const role = await roleWith(t.app, t.services, admin, 'modelreader', ['flow', 'model']);
    const reader = await userWith(t.app, admin, { account: 'modelreader', roleId: role, deptId: dept });
    const listed = await ok<{ records: Row[] }>(t.app, reader.token, {
      method: 'GET',
      url: '/api/blade-flow/model/list',
    });
    expect(listed.records.some((r) => r.id === own.id)).toBe(true);
    for (const req of [
      { url: '/api/blade-flow/model/submit', payload: { modelKey: 'x', name: 'x', xml: PROCESS('x') } },
      {
        url: '/api/blade-flow/model/submit',
        payload: { id: own.id, modelKey: 'x', name: 'x', xml: PROCESS('x') },
      },
      { url: '/api/blade-flow/model/remove', payload: { ids: own.id } },
      { url: '/api/blade-flow/model/deploy', payload: { modelId: own.id } },
    ])
      expect((await call(t.app, reader.token, { method: 'POST', ...req })).statusCode, req.url).toBe(403);

    // hostile bodies: 60,000 characters, nesting, a forged id
    const hostile = [
      { id: own.id, modelKey: 'guarded', name: 'x'.repeat(60_000), xml: PROCESS('x') },
      { id: own.id, modelKey: { $ne: null }, name: [['deep']], xml: PROCESS('x') },
      { id: '999999999999999999', modelKey: 'forged', name: '伪造', xml: PROCESS('伪造') },
      { id: own.id, modelKey: '1bad key', name: '坏', xml: PROCESS('坏') },
    ];
    for (const payload of hostile) {
      const res = await call(t.app, admin, { method: 'POST', url: '/api/blade-flow/model/submit', payload });
      expect([400, 404], JSON.stringify(payload).slice(0, 80)).toContain(res.statusCode);
    }
    const long = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-flow/model/submit',
      payload: hostile[0],
    });
    expect(long.json().msg).toContain('模型名称');

    expect(await stored()).toEqual(before);
  });

  it('names the field of an id that is not one', async () => {
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/blade-flow/model/detail',
      query: { id: 'abc' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('参数 id 不合法');
  });
});
