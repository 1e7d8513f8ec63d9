import { expect, test } from '@playwright/test';
import { signIn, storedContent } from './helpers';

test('sign in stores the session in the spec entry shape, and sign out clears it', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveTitle('首页-商城学习平台管理系统');
  await expect(page.getByText('管理员，欢迎回来')).toBeVisible();
  const entry = await page.evaluate(() => JSON.parse(window.localStorage.getItem('saber-token') ?? '{}'));
  expect(entry).toMatchObject({ name: 'token', dataType: 'string', type: 'local' });
  expect(typeof entry.datetime).toBe('number');
  expect(await storedContent(page, 'tenantId')).toBe('000000');

  await page.locator('.shell-user').click();
  await page.getByRole('menuitem', { name: '退出系统' }).click();
  await expect(page.getByText('是否退出系统, 是否继续?')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedContent(page, 'token')).toBeNull();
  expect(await page.evaluate(() => document.cookie)).not.toContain('saber-access-token');

  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fwel%2Findex$/);
  await expect(page).toHaveTitle('登录-商城学习平台管理系统');
});

test('a wrong password shows the server message and sets no session', async ({ page }) => {
  await page.goto('/login');
  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill('wrong-password');
  await page.getByRole('button', { name: '登 录' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).not.toHaveText('');
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedContent(page, 'token')).toBeNull();
});

test('empty fields are reported before calling the server', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByText('请输入账号')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
});

test('a 401 from the server logs out locally and returns to /login', async ({ page }) => {
  await signIn(page);
  // let the shell finish loading so that the click below makes the first call after revocation
  await page.waitForLoadState('networkidle');
  // Revoke the session on the server behind the page's back.
  const status = await page.evaluate(async () => {
    const token = JSON.parse(window.localStorage.getItem('saber-token') ?? '{}').content as string;
    const res = await fetch('/api/blade-auth/oauth/logout', {
      headers: { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'Blade-Auth': `bearer ${token}` },
    });
    return res.status;
  });
  expect(status).toBe(200);
  await page.locator('.shell-top-menu').getByText('系统', { exact: true }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await storedContent(page, 'token')).toBeNull();
});

test('unknown paths go to /404, signed in or not', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
});

test('a signed-in user going to /login is sent home', async ({ page }) => {
  await signIn(page);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/wel\/index$/);
});

test('/sso signs in with a one-time ticket; a used ticket is refused', async ({ page, browser }) => {
  await signIn(page);
  const ticket = await page.evaluate(async () => {
    const token = JSON.parse(window.localStorage.getItem('saber-token') ?? '{}').content as string;
    const res = await fetch('/api/sq-user/ticket', {
      method: 'POST',
      headers: { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0', 'Blade-Auth': `bearer ${token}` },
    });
    return ((await res.json()) as { data: { ticket: string } }).data.ticket;
  });

  const other = await browser.newPage();
  try {
    await other.goto(`/sso?ticket=${encodeURIComponent(ticket)}`);
    await expect(other).toHaveURL(/\/wel\/index$/);
    await expect(other.getByText('管理员，欢迎回来')).toBeVisible();
  } finally {
    await other.close();
  }

  const third = await browser.newPage();
  try {
    await third.goto(`/sso?ticket=${encodeURIComponent(ticket)}`);
    await expect(third.getByRole('alert')).toBeVisible();
    await expect(third.getByRole('link', { name: '返回登录页' })).toBeVisible();
  } finally {
    await third.close();
  }
});
