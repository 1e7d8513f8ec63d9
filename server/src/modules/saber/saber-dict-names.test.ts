import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';

type Row = Record<string, unknown>;

/** One row of each list whose Saber column shows a `*Name` tag, with the dictionary entry it names. */
const CASES = [
  {
    path: '/api/blade-desk/notice',
    payload: { title: 'n1', category: 2, releaseTime: '2026-11-01 10:00:00', content: '<p>x</p>' },
    field: 'categoryName',
    zh: '批转通知',
    en: 'Endorsed notice',
  },
  {
    path: '/api/blade-system/post',
    payload: { category: 3, postCode: 'p1', postName: 'Clerk', sort: 1 },
    field: 'categoryName',
    zh: '基层',
    en: 'Junior',
  },
  {
    path: '/api/blade-system/data-scope',
    payload: { resourceCode: 'user', scopeName: 'own', scopeColumn: 'create_user', scopeType: 3 },
    field: 'scopeTypeName',
    zh: '本人可见',
    en: 'Own rows',
  },
  {
    path: '/api/blade-system/api-scope',
    payload: { resourceCode: 'user', scopeName: 'api', scopePath: '/api/blade-user/**', scopeType: 2 },
    field: 'scopeTypeName',
    zh: '业务接口',
    en: 'Business API',
  },
];

describe('Saber 4.x list tags: the dictionary names SpringBlade answers beside a key', () => {
  const t = serverForDescribe();

  for (const c of CASES) {
    it(`${c.path}: list and detail answer ${c.field} in the caller's language`, async () => {
      const saved = await t.ok<Row>({ method: 'POST', url: `${c.path}/submit`, payload: c.payload });
      for (const [language, name] of [
        ['zh-CN', c.zh],
        ['en', c.en],
      ] as const) {
        const headers = { 'accept-language': language };
        const page = await t.ok<{ records: Row[] }>({
          method: 'GET',
          url: `${c.path}/list`,
          headers,
          query: { current: '1', size: '100' },
        });
        const listed = page.records.find((r) => r.id === saved.id);
        expect(listed?.[c.field], `${c.path} list ${language}`).toBe(name);
        const detail = await t.ok<Row>({
          method: 'GET',
          url: `${c.path}/detail`,
          headers,
          query: { id: String(saved.id) },
        });
        expect(detail[c.field], `${c.path} detail ${language}`).toBe(name);
      }
    });
  }
});
