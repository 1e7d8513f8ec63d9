import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { confirmBox, signIn, storedContent } from './helpers';

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

test('unknown paths go to /404 once signed in (signed out, they may be menu pages: sign-in first)', async ({
  page,
}) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fno%2Fsuch%2Fpage$/);
  await signIn(page);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByText('抱歉，您访问的页面不存在')).toBeVisible();
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

test('a reset password is shown once, and its owner must change it at the first sign-in', async ({
  page,
  browser,
  request,
}) => {
  const basic = { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' };
  const token = await request.post('/api/blade-auth/oauth/token', {
    headers: basic,
    params: {
      tenantId: '000000',
      username: 'admin',
      password: '21232f297a57a5a743894a0e4a801fc3',
      grant_type: 'password',
      scope: 'all',
    },
  });
  const api = {
    ...basic,
    'Blade-Auth': `bearer ${((await token.json()) as { access_token: string }).access_token}`,
  };
  const post = async (url: string, data: Record<string, unknown>) =>
    ((await (await request.post(url, { headers: api, data })).json()) as { data: { id: string } }).data;
  const role = await post('/api/blade-system/role/submit', {
    roleName: '重置测试',
    roleAlias: 'resetcheck',
    sort: 9,
  });
  const depts = (await (await request.get('/api/blade-system/dept/tree', { headers: api })).json()) as {
    data: Array<{ id: string }>;
  };
  await post('/api/blade-user/submit', {
    account: 'resetme',
    password: '2184e7bfb7abf45c7a9b865dc398ddec', // md5('Reset-Me-2026'): the policy refuses common ones such as 123456
    realName: '重置用户',
    roleId: role.id,
    deptId: depts.data[0]!.id,
  });

  await signIn(page);
  await page.goto('/system/user/index');
  const users = page.locator('.crud-page:visible');
  await users
    .getByRole('row', { name: /resetme/ })
    .getByRole('checkbox')
    .check();
  await users.locator('.crud-toolbar').getByRole('button', { name: '密码重置' }).click();
  await confirmBox(page).getByRole('button', { name: '确定' }).click();
  const shown = page.getByRole('dialog', { name: '一次性密码' });
  await expect(shown).toContainText('resetme');
  const oneTime = (await shown.locator('code').innerText()).trim();
  expect(oneTime).toMatch(/^[A-Za-z0-9]{12}$/);
  await shown.getByRole('button', { name: '确定' }).click();

  const owner = await browser.newPage();
  try {
    await owner.goto('/login');
    await owner.locator('#login-username').fill('resetme');
    await owner.locator('#login-password').fill(oneTime);
    await owner.getByRole('button', { name: '登 录' }).click();
    await expect(owner.getByRole('heading', { name: '修改初始密码' })).toBeVisible();
    expect(await storedContent(owner, 'token')).toBeNull();
    await owner.locator('#login-newPassword').fill(oneTime);
    await owner.locator('#login-newPassword1').fill(oneTime);
    await owner.getByRole('button', { name: '修改并登录' }).click();
    await expect(owner.getByText('新密码不能与原密码相同')).toBeVisible();
    await owner.locator('#login-newPassword').fill('Resetme-2024');
    await owner.locator('#login-newPassword1').fill('Resetme-2024');
    await owner.getByRole('button', { name: '修改并登录' }).click();
    await expect(owner).toHaveURL(/\/wel\/index$/);
  } finally {
    await owner.close();
  }
  // The one-time password is spent; the chosen one signs in without a further step.
  const again = await request.post('/api/blade-auth/oauth/token', {
    headers: basic,
    params: {
      tenantId: '000000',
      username: 'resetme',
      password: createHash('md5').update(oneTime).digest('hex'),
      grant_type: 'password',
      scope: 'all',
    },
  });
  expect(((await again.json()) as { error_description: string }).error_description).toBe('用户名或密码错误');
});
