import { describe, expect, it } from 'vitest';
import { seed } from '../../db/seed/seed.js';
import { serverForDescribe } from '../../test/harness.js';
import { PasswordHasher } from '../auth/passwords.js';

type Row = Record<string, unknown>;

/** The 34 provincial-level divisions by their GB/T 2260 codes, the first level of SpringBlade's blade_region. */
const PROVINCES: Record<string, string> = {
  '11': '北京市',
  '12': '天津市',
  '13': '河北省',
  '14': '山西省',
  '15': '内蒙古自治区',
  '21': '辽宁省',
  '22': '吉林省',
  '23': '黑龙江省',
  '31': '上海市',
  '32': '江苏省',
  '33': '浙江省',
  '34': '安徽省',
  '35': '福建省',
  '36': '江西省',
  '37': '山东省',
  '41': '河南省',
  '42': '湖北省',
  '43': '湖南省',
  '44': '广东省',
  '45': '广西壮族自治区',
  '46': '海南省',
  '50': '重庆市',
  '51': '四川省',
  '52': '贵州省',
  '53': '云南省',
  '54': '西藏自治区',
  '61': '陕西省',
  '62': '甘肃省',
  '63': '青海省',
  '64': '宁夏回族自治区',
  '65': '新疆维吾尔自治区',
  '71': '台湾省',
  '81': '香港特别行政区',
  '82': '澳门特别行政区',
};

describe('行政区划 on a fresh install (Saber 4.9 cannot add a top-level region)', () => {
  const t = serverForDescribe();
  const provinces = () =>
    t.ok<Row[]>({ method: 'GET', url: '/api/blade-system/region/lazy-tree', query: { parentCode: '00' } });
  const reseed = () => seed(t.services.data, t.config, new PasswordHasher(1024));

  it('starts with the 34 provincial-level divisions under 00, as SpringBlade keys them', async () => {
    const rows = await provinces();
    expect(Object.fromEntries(rows.map((r) => [r.code, r.name]))).toEqual(PROVINCES);
    expect(rows.map((r) => r.code)).toEqual(Object.keys(PROVINCES).sort());
    for (const r of rows)
      expect(r, String(r.code)).toMatchObject({ id: r.code, parentCode: '00', regionLevel: 1 });
    const detail = await t.ok<Row>({
      method: 'GET',
      url: '/api/blade-system/region/detail',
      query: { code: '33' },
    });
    expect(detail).toMatchObject({ code: '33', name: '浙江省', level: 1, parentCode: '00' });
  });

  it("adds a city below a seeded province with Saber's 新增下级, which prefixes the province's code with 00", async () => {
    // Saber's form shows a province's code as 00 + code once picked (its code watcher), and
    // 新增下级 takes that as the parent code: the child arrives as 0033 / 003301.
    const province = await t.ok<Row>({
      method: 'GET',
      url: '/api/blade-system/region/detail',
      query: { code: '33' },
    });
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/region/submit',
      payload: {
        ...province,
        parentCode: '0033',
        parentName: '浙江省',
        code: '003301',
        subCode: '01',
        name: '杭州市',
        level: 2,
        sort: 1,
      },
    });
    const cities = await t.ok<Row[]>({
      method: 'GET',
      url: '/api/blade-system/region/lazy-tree',
      query: { parentCode: '33' },
    });
    expect(cities.map((r) => [r.code, r.name, r.regionLevel])).toEqual([['3301', '杭州市', 2]]);
    expect(
      (await t.ok<Row>({ method: 'GET', url: '/api/blade-system/region/detail', query: { code: '33' } }))
        .name,
    ).toBe('浙江省');
  });

  it('seeding again adds nothing and restores no deleted province', async () => {
    expect((await provinces()).find((r) => r.code === '33')).toMatchObject({ hasChildren: true });
    await t.ok({ method: 'POST', url: '/api/blade-system/region/remove', query: { id: '71' } });
    await reseed();
    const codes = (await provinces()).map((r) => r.code);
    expect(codes).toHaveLength(33);
    expect(codes).not.toContain('71');
  });
});
