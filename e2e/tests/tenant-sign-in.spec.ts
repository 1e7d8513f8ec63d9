import { expect, test } from '@playwright/test';
import { adminApi } from './admin-api';
import { crud, dialog, signIn, tool } from './helpers';

/**
 * Tenant mode is off (the default), yet once a second tenant exists its administrator signs in
 * from the sign-in page: the page asks for the tenant, and remembers it.
 */
test("a new tenant's administrator signs in from the sign-in page with the tenant and the one-time password", async ({
  page,
  request,
}) => {
  const api = await adminApi(request);
  const tenant = await api.post<{ tenantId: string; adminAccount: string; adminPassword: string }>(
    '/api/blade-system/tenant/submit',
    { tenantName: '签到租户' },
  );
  expect(tenant.adminPassword).toBeTruthy();

  await page.goto('/login');
  const field = page.locator('#login-tenantId');
  await expect(field).toHaveValue('000000');
  await field.fill(tenant.tenantId);
  await page.locator('#login-username').fill(tenant.adminAccount);
  await page.locator('#login-password').fill(tenant.adminPassword);
  await page.getByRole('button', { name: '登 录' }).click();

  await expect(page.getByRole('heading', { name: '修改初始密码' })).toBeVisible();
  await page.locator('#login-newPassword').fill('Owner12345');
  await page.locator('#login-newPassword1').fill('Owner12345');
  await page.getByRole('button', { name: '修改并登录' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.locator('.shell-sider')).toBeVisible();

  // Signed out, the page starts with the tenant signed in to last.
  await page.context().clearCookies();
  await page.evaluate(() => sessionStorage.clear());
  await page.goto('/login');
  await expect(page.locator('#login-tenantId')).toHaveValue(tenant.tenantId);
});

const SHOTS = '/tmp/shots-commerce';

test('the tenant creation dialog tells how its administrator signs in', async ({ page }) => {
  await signIn(page);
  await page.goto('/system/tenant/index');
  await tool(crud(page), '新增').click();
  const form = dialog(page, '新增');
  await form.getByLabel('租户名称').fill('说明租户');
  await form.getByRole('button', { name: '提交' }).click();
  const oneTime = page.getByRole('dialog', { name: '一次性密码' });
  await expect(oneTime.getByText('在登录页填写租户编号、账号和这个密码登录')).toBeVisible();
  await expect(oneTime.getByRole('columnheader', { name: '租户编号' })).toBeVisible();
  await expect(oneTime.locator('.one-time-tenant')).toHaveText(/^\d{6}$/);
  await expect(oneTime.locator('.one-time-account')).toHaveText('admin');
  await page.screenshot({ path: `${SHOTS}/tenant-one-time.png` });
});

for (const width of [375, 800, 1440]) {
  for (const lang of ['zh', 'en'] as const) {
    test(`the sign-in page with the tenant field at ${width}px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.addInitScript((language) => {
        const entry = { name: 'language', content: language, dataType: 'string', type: 'local', datetime: 0 };
        localStorage.setItem('saber-language', JSON.stringify(entry));
      }, lang);
      await page.goto('/login');
      await expect(page.locator('#login-tenantId')).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/login-${width}-${lang}.png`, fullPage: true });
    });
  }
}
