import { expect as baseExpect, test } from '@playwright/test';
import { ADMIN, crud, signIn } from './helpers';

// Whole page loads on a busy two-core machine take several seconds each.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

for (const [path, title] of [
  ['/system/user/index', '用户管理'],
  ['/mall/order/index', '订单管理'],
] as const) {
  test(`signed out, ${path} goes to sign-in and comes back after it`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirect=${encodeURIComponent(path)}$`));
    await page.locator('#login-username').fill(ADMIN.account);
    await page.locator('#login-password').fill(ADMIN.password);
    await page.getByRole('button', { name: '登 录' }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(crud(page)).toBeVisible();
    await expect(page).toHaveTitle(`${title}-商城学习平台管理系统`);
  });
}

test('a path that is no page still ends on /404 once signed in', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.locator('#login-username').fill(ADMIN.account);
  await page.locator('#login-password').fill(ADMIN.password);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/404$/);
});

test('/404, /403 and /500 title the window themselves', async ({ page }) => {
  for (const [path, title] of [
    ['/404', '页面不存在'],
    ['/403', '无权访问'],
    ['/500', '服务器出错'],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title}-商城学习平台管理系统`);
  }
});

test("a signed-in direct load asks for the page's first rows and dictionaries once, with its code", async ({
  page,
}) => {
  await signIn(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/')) asked.push(pathname + search);
  });
  await page.goto('/system/user/index');
  await expect(crud(page).locator('.ant-table-row').first()).toBeVisible();
  const count = (prefix: string) => asked.filter((url) => url.startsWith(prefix)).length;
  expect(count('/api/blade-user/page?current=1&size=10')).toBe(1);
  expect(count('/api/blade-system/dict/dictionary?code=user_type')).toBe(1);
  // The department tree beside the list and the department column read one call.
  expect(count('/api/blade-system/dept/tree')).toBe(1);
  // The rows are asked for with the page's code, before the page itself is drawn (its own first
  // call once mounted is the import-progress check). Whether that is before or after the shell's
  // top menu call is a race of two chunks on this machine, so it is not what is checked.
  expect(asked.indexOf('/api/blade-user/page?current=1&size=10')).toBeLessThan(
    asked.findIndex((url) => url.startsWith('/api/blade-log/data/import/latest')),
  );
});
