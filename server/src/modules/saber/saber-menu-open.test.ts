import { describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';

interface Node {
  code?: string;
  isOpen?: number;
  children?: Node[];
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);

/** What Saber 4.9's 菜单管理 form sends: 新窗口 is a radio of 0 (否) and 1 (是), the yes_no keys. */
const saberMenu = (code: string, isOpen?: number) => ({
  parentId: '0',
  name: code,
  path: `https://example.com/${code}`,
  source: 'iconfont iconicon_link',
  code,
  category: 1,
  alias: code,
  action: 0,
  sort: 90,
  ...(isOpen === undefined ? {} : { isOpen }),
  remark: '',
});

describe('Saber 4.x 菜单管理 新窗口 (isOpen, the yes_no dictionary)', () => {
  const t = serverForDescribe();

  it('saves 否 (0) and 是 (1) as sent, answers them back, and defaults to 否', async () => {
    for (const [code, isOpen] of [
      ['open_no', 0],
      ['open_yes', 1],
      ['open_unset', undefined],
    ] as const) {
      const saved = await t.ok<{ id: string }>({
        method: 'POST',
        url: '/api/blade-system/menu/submit',
        payload: saberMenu(code, isOpen),
      });
      const detail = await t.ok<Node>({ method: 'GET', url: `/api/blade-system/menu/detail?id=${saved.id}` });
      expect(detail.isOpen, code).toBe(isOpen ?? 0);
    }
    const routes = flat(await t.ok<Node[]>({ method: 'GET', url: '/api/blade-system/menu/routes' }));
    const byCode = new Map(routes.map((n) => [n.code, n.isOpen]));
    expect([byCode.get('open_no'), byCode.get('open_yes'), byCode.get('open_unset')]).toEqual([0, 1, 0]);
  });

  it('seeds every screen as 否 (same window), the key the form shows as 否', async () => {
    const menus = flat(await t.ok<Node[]>({ method: 'GET', url: '/api/blade-system/menu/routes' }));
    const seeded = menus.filter((n) => !n.code?.startsWith('open_'));
    expect(seeded.length).toBeGreaterThan(10);
    expect(new Set(seeded.map((n) => n.isOpen))).toEqual(new Set([0]));
  });

  it('refuses a value outside the dictionary', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-system/menu/submit',
      payload: saberMenu('open_bad', 2),
    });
    expect(res.json()).toMatchObject({ code: 400, success: false, msg: '新窗口不能大于 1' });
  });

  it('the dictionary the form reads names 0 否 and 1 是', async () => {
    const items = await t.ok<{ dictKey: string; dictValue: string }[]>({
      method: 'GET',
      url: '/api/blade-system/dict/dictionary?code=yes_no',
    });
    expect(items.map((i) => [String(i.dictKey), i.dictValue])).toEqual([
      ['0', '否'],
      ['1', '是'],
    ]);
  });
});
