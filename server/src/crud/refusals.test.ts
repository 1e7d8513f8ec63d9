import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../test/harness.js';

type Row = Record<string, unknown>;

/**
 * What a person typing into a form meets on the server: bad values are refused (never clamped)
 * with a sentence naming the field by its label, in the person's language.
 */
describe('refusals', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  const post = (url: string, payload: Row, lang = 'zh-CN') =>
    call(t.app, admin, { method: 'POST', url, payload, headers: { 'accept-language': lang } });
  const refused = async (url: string, payload: Row, lang?: string) => {
    const res = await post(url, payload, lang);
    expect(res.statusCode, res.body).toBe(400);
    return res.json<{ msg: string }>().msg;
  };
  /** The form field a refusal names, for the form to mark it. */
  const fieldOf = async (url: string, payload: Row) =>
    (await post(url, payload)).json<{ field?: string }>().field;

  it('creates a banner at every seeded position and reads the position back', async () => {
    const positions = await ok<Array<{ dictKey: string; dictValue: string }>>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/dict-biz/dictionary',
      query: { code: 'banner_position' },
    });
    expect(positions.map((p) => p.dictKey)).toEqual(['1', '2', '3', '4', '5']);
    for (const p of positions) {
      const saved = await ok<Row>(t.app, admin, {
        method: 'POST',
        url: '/api/mall/banner/submit',
        payload: { title: p.dictValue, image: '/favicon.svg', position: Number(p.dictKey) },
      });
      expect(saved.position).toBe(Number(p.dictKey));
    }
  });

  it.each([
    ['/api/mall/product/submit', { name: 'p', category: 1, price: -100 }, '售价不能小于 ¥0.00'],
    [
      '/api/mall/product/submit',
      { name: 'p', category: 1, price: 100, stock: '99999999999999999999' },
      '库存不能大于 100000000',
    ],
    ['/api/mall/lesson/submit', { columnId: '1', title: 'l', durationMinutes: -30 }, '时长(分钟)不能小于 0'],
    [
      '/api/mall/activity/save',
      { title: 'a', startTime: '2026-05-01 10:00:00', quota: -10 },
      '名额不能小于 0',
    ],
    ['/api/blade-system/role/submit', { roleName: 'r', roleAlias: 'r', sort: -3 }, '排序不能小于 0'],
    ['/api/blade-system/tenant/submit', { tenantName: 't', accountNumber: -7 }, '账号额度不能小于 -1'],
  ])('refuses an out-of-range number on %s', async (url, payload, message) => {
    expect(await refusal(url, payload)).toBe(message);
    expect(await fieldOf(url, payload)).toBe(Object.keys(payload).at(-1));
  });
  const refusal = (url: string, payload: Row) => refused(url, payload);

  it('names the field by its label in the caller language, never the validator text', async () => {
    const long = { paramName: 'x'.repeat(256), paramKey: 'k.long', paramValue: 'v' };
    expect(await refused('/api/blade-system/param/submit', long)).toBe('参数名称不能超过 255 个字符');
    expect(await refused('/api/blade-system/param/submit', long, 'en')).toBe(
      'Name must be at most 255 characters',
    );
    expect(
      await refused('/api/blade-system/role/submit', { roleName: 'r', roleAlias: 'r', sort: 2.5 }, 'en'),
    ).toBe('Sort must be a whole number');
    expect(await refused('/api/mall/activity/save', { title: 'a', startTime: 'tomorrow', quota: 1 })).toBe(
      '开始时间必须是形如 2026-01-31 08:00:00 的时间',
    );
  });

  it('words refused list filters and other inputs the same way', async () => {
    const get = (url: string, query: Record<string, string>, lang = 'zh-CN') =>
      call(t.app, admin, { method: 'GET', url, query, headers: { 'accept-language': lang } });
    const stock = await get('/api/mall/product/page', { category: 'abc' });
    expect(stock.json().msg).toBe('商品分类必须是数字');
    const range = await get('/api/mall/product/page', { createTime_dategt: 'yesterday' }, 'en');
    expect(range.json().msg).toBe('Created must be a time like 2026-01-31 08:00:00');
    const quota = await post('/api/blade-system/tenant/setting', { ids: '1', accountNumber: -7 });
    expect(quota.json().msg).toBe('参数 accountNumber 不合法：不能小于 -1');
  });

  it('refuses an activity ending before it starts or closing sign-up after it starts, on add and edit', async () => {
    const base = { title: '读书会', startTime: '2026-05-02 10:00:00', quota: 10 };
    expect(await refused('/api/mall/activity/save', { ...base, endTime: '2026-05-01 10:00:00' })).toBe(
      '结束时间不能早于开始时间',
    );
    expect(
      await refused('/api/mall/activity/save', { ...base, signupEnd: '2026-05-03 10:00:00' }, 'en'),
    ).toBe('Sign-up must close by the time the activity starts');
    expect(await fieldOf('/api/mall/activity/save', { ...base, endTime: '2026-05-01 10:00:00' })).toBe(
      'endTime',
    );
    expect(await fieldOf('/api/mall/activity/save', { quota: 1 })).toBe('title');
    const saved = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/mall/activity/save',
      payload: { ...base, endTime: '2026-05-02 12:00:00' },
    });
    // An edit sending the end alone is checked against the stored start.
    expect(await refused('/api/mall/activity/update', { id: saved.id, endTime: '2026-05-01 09:00:00' })).toBe(
      '结束时间不能早于开始时间',
    );
  });

  it('refuses a second entry with the same key in one dictionary, and word keys where numbers are stored', async () => {
    const parent = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/dict-biz/submit',
      payload: { code: 'fruit', dictValue: '水果', sort: 1, isSealed: 0 },
    });
    const child = {
      code: 'fruit',
      parentId: parent.id,
      dictKey: 'apple',
      dictValue: '苹果',
      sort: 1,
      isSealed: 0,
    };
    await ok(t.app, admin, { method: 'POST', url: '/api/blade-system/dict-biz/submit', payload: child });
    expect(await refused('/api/blade-system/dict-biz/submit', { ...child, dictValue: '青苹果' })).toBe(
      '字典键值 apple 在此字典中已存在',
    );
    expect(await fieldOf('/api/blade-system/dict-biz/submit', child)).toBe('dictKey');
    const positions = await ok<Array<{ parentId: string }>>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/dict-biz/dictionary',
      query: { code: 'banner_position' },
    });
    const word = {
      code: 'banner_position',
      parentId: positions[0]!.parentId,
      dictKey: 'sidebar',
      dictValue: '侧栏',
      sort: 9,
      isSealed: 0,
    };
    expect(await refused('/api/blade-system/dict-biz/submit', word)).toMatch(
      /^此字典的键值必须是整数：轮播管理·位置/,
    );
  });

  it('refuses a tenant phone of letters and a code entry for a table that is not there', async () => {
    expect(await refused('/api/blade-system/tenant/submit', { tenantName: 't', contactNumber: 'abc' })).toBe(
      '电话号码只能包含数字、空格、括号、短横线和开头的 +',
    );
    const record = {
      codeName: '无表',
      moduleName: 'mall',
      tableName: 'no_such_table',
      apiPath: '/blade-shop/none',
    };
    expect(await refused('/api/blade-develop/code/submit', record)).toBe('数据源中没有表 no_such_table');
    expect(await fieldOf('/api/blade-develop/code/submit', record)).toBe('tableName');
    expect(await fieldOf('/api/blade-system/tenant/submit', { tenantName: 't', contactNumber: 'abc' })).toBe(
      'contactNumber',
    );
  });
});
