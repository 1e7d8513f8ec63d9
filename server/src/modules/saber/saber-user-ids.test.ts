import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';

type Row = Record<string, unknown>;
const ID_LISTS = ['deptId', 'roleId', 'postId'] as const;

/** Saber's user form splits each id list of the detail (`postId.split(',')`) and joins it to save. */
const saberOpensAndSaves = (row: Row): Row => {
  const form: Row = { ...row };
  for (const key of ID_LISTS) form[key] = (row[key] as string).split(',').join(',');
  return form;
};

describe('Saber 4.x 用户管理 on the seeded administrator (no post)', () => {
  const t = serverForDescribe();
  const url = (name: string) => `/api/blade-system/user/${name}`;

  it('answers every id list as a string, empty when there is none, in detail and list', async () => {
    const page = await t.ok<{ records: Row[] }>({
      method: 'GET',
      url: url('list'),
      query: { current: '1', size: '10' },
    });
    const listed = page.records.find((r) => r.account === 'admin');
    const detail = await t.ok<Row>({ method: 'GET', url: url('detail'), query: { id: String(listed?.id) } });
    for (const row of [listed, detail])
      for (const key of ID_LISTS) expect(typeof row?.[key], key).toBe('string');
    expect(detail.postId).toBe('');
  });

  it('saves the administrator as Saber sends it back, and our own addresses keep their answer', async () => {
    const page = await t.ok<{ records: Row[] }>({
      method: 'GET',
      url: url('list'),
      query: { current: '1', size: '10' },
    });
    const id = String(page.records.find((r) => r.account === 'admin')?.id);
    const detail = await t.ok<Row>({ method: 'GET', url: url('detail'), query: { id } });
    await t.ok({
      method: 'POST',
      url: url('update'),
      payload: { ...saberOpensAndSaves(detail), realName: '超级管理员' },
    });
    const ours = await t.ok<Row>({ method: 'GET', url: '/api/blade-user/detail', query: { id } });
    expect(ours).toMatchObject({ realName: '超级管理员', postId: null });
  });
});
