import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { firstPasswordChange } from './admin-api';
import { signIn, storedContent } from './helpers';

const BASIC = { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' };

interface MenuRow {
  id: string;
  parentId?: string;
  code?: string;
  children?: MenuRow[];
}

/** As the signed-in administrator: a role holding only the 工作台 (desk) folder and a user with it. */
async function deskOnlyUser(page: Page, account: string, password: string): Promise<void> {
  const headers = { ...BASIC, 'Blade-Auth': `bearer ${(await storedContent(page, 'token')) as string}` };
  const post = async (url: string, data: Record<string, unknown>) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { data: { id: string } }).data;
  };
  const listed = await page.request.get('/api/blade-system/menu/list?size=2000', { headers });
  const data = ((await listed.json()) as { data: MenuRow[] | { records: MenuRow[] } }).data;
  const flat: MenuRow[] = [];
  const walk = (rows: MenuRow[]) => {
    for (const r of rows) {
      flat.push(r);
      walk(r.children ?? []);
    }
  };
  walk(Array.isArray(data) ? data : data.records);
  const desk = flat.find((m) => m.code === 'desk')!;
  const under = (id: string): string[] => [
    id,
    ...flat.filter((m) => String(m.parentId) === id).flatMap((m) => under(String(m.id))),
  ];
  const role = await post('/api/blade-system/role/submit', {
    roleName: '只看工作台',
    roleAlias: 'deskonly',
    sort: 9,
  });
  await post('/api/blade-system/role/grant', {
    roleIds: role.id,
    menuIds: under(String(desk.id)).join(','),
    dataScopeIds: '',
    apiScopeIds: '',
  });
  const info = (await storedContent(page, 'userInfo')) as { deptId: string };
  const oneTime = `${password}-given`;
  await post('/api/blade-user/submit', {
    account,
    password: createHash('md5').update(oneTime).digest('hex'),
    realName: '工作台用户',
    roleId: role.id,
    deptId: info.deptId,
  });
  await firstPasswordChange(page.request, { account, oneTime, password });
}

test('a user granted only 工作台 gets a 403 page for the users screen, and makes no call it may not', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page);
  await deskOnlyUser(page, 'deskonly', 'Desk-Only-2026');

  const { baseURL, locale, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, locale, viewport });
  const user = await context.newPage();
  const refused: string[] = [];
  user.on('response', async (res) => {
    if (!res.url().includes('/api/')) return;
    const body = (await res.json().catch(() => null)) as { code?: number } | null;
    if (res.status() === 403 || body?.code === 403) refused.push(res.url());
  });
  await signIn(user, 'deskonly', 'Desk-Only-2026');
  await user.waitForLoadState('networkidle');

  await user.goto('/system/user/index');
  await expect(user).toHaveURL(/\/403$/);
  await expect(user.locator('.error-page')).toContainText('403');
  await user.waitForLoadState('networkidle');
  expect(refused).toEqual([]);
  await context.close();
});
