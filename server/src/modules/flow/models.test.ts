import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

const PROCESS = (name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" id="d" targetNamespace="x">
  <process id="expense" name="${name}" isExecutable="true">
    <startEvent id="s" />
    <sequenceFlow id="a" sourceRef="s" targetRef="check" />
    <userTask id="check" name="审核" />
    <sequenceFlow id="b" sourceRef="check" targetRef="e" />
    <endEvent id="e" />
  </process>
</definitions>`;

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
