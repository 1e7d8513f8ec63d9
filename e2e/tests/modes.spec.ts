import { expect, test } from '@playwright/test';
import { adminApi } from './admin-api';
import { storedContent } from './helpers';

// Server started with TENANT_MODE, SWITCH_MODE and TOKEN_TIME=12.

async function signInWithTenant(page: import('@playwright/test').Page, tenantId: string): Promise<void> {
  await page.goto('/login');
  const tenant = page.locator('#login-tenantId');
  await expect(tenant).toHaveValue('000000');
  await tenant.fill(tenantId);
  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill('admin');
  await page.getByRole('button', { name: '登 录' }).click();
}

test('tenant mode shows the tenant field; an unknown tenant is refused', async ({ page }) => {
  await signInWithTenant(page, '999999');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.locator('#login-tenantId').fill('');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByText('请输入租户编号')).toBeVisible();
});

test('switch mode: the switch dialog requires department and role, then switches', async ({ page }) => {
  await signInWithTenant(page, '000000');
  await expect(page).toHaveURL(/\/wel\/index$/);
  await page.locator('.shell-user').click();
  await page.getByRole('menuitem', { name: '切换部门/角色' }).click();
  const dialog = page.getByRole('dialog', { name: '切换部门/角色' });
  await expect(dialog.getByText('总部')).toBeVisible();
  await expect(dialog.getByText('超级管理员')).toBeVisible();

  for (const label of ['部门', '角色']) {
    const item = dialog.locator('.ant-form-item', { hasText: label });
    await item.hover();
    await item.locator('.ant-select-clear').click();
  }
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(dialog.getByText('请选择部门')).toBeVisible();
  await expect(dialog.getByText('请选择角色')).toBeVisible();

  const before = await storedContent(page, 'token');
  await dialog.locator('.ant-form-item', { hasText: '部门' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '总部' }).click();
  await dialog.locator('.ant-form-item', { hasText: '角色' }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: '超级管理员' }).click();
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('操作成功!')).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(await storedContent(page, 'token')).not.toBe(before);
});

test('the token is refreshed once the configured token time has passed', async ({ page }) => {
  test.setTimeout(90_000);
  await signInWithTenant(page, '000000');
  await expect(page).toHaveURL(/\/wel\/index$/);
  const first = await storedContent(page, 'token');
  const firstRefresh = await storedContent(page, 'refreshToken');
  await expect
    .poll(() => storedContent(page, 'token'), { timeout: 45_000, intervals: [2_000] })
    .not.toBe(first);
  expect(await storedContent(page, 'refreshToken')).not.toBe(firstRefresh);
  // the new token works: a server call made now succeeds and the shell stays signed in
  await page.locator('.shell-top-menu').getByText('系统', { exact: true }).click();
  await expect(page).toHaveURL(/\/system\//);
});

test('a tenant bound to the address hides the tenant field and signs in to that tenant', async ({
  page,
  request,
  baseURL,
}) => {
  const { tenantId } = await (await adminApi(request)).post<{ tenantId: string }>(
    '/api/blade-system/tenant/submit',
    {
      tenantName: '本地租户',
      domain: 'localhost',
      linkman: 'e2e',
      contactNumber: '13812345678',
    },
  );

  // the same server through the host name the new tenant is bound to
  const local = (baseURL ?? '').replace('127.0.0.1', 'localhost');
  await page.goto(`${local}/login`);
  await expect(page.locator('#login-username')).toBeVisible();
  await expect(page.locator('#login-tenantId')).toHaveCount(0);
  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill('admin');
  const sent = page.waitForRequest((r) => r.url().includes('/api/blade-auth/oauth/token'));
  await page.getByRole('button', { name: '登 录' }).click();
  const tokenRequest = await sent;
  expect(tokenRequest.headers()['tenant-id']).toBe(tenantId);
  expect(new URL(tokenRequest.url()).searchParams.get('tenantId')).toBe(tenantId);
});
