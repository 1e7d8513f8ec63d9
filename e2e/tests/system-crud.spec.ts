import { expect, type Locator, type Page, test } from '@playwright/test';
import { choose, crud, dialog, sidebar, signIn, storedContent, toast, tool } from './helpers';

/**
 * System administration end to end, on the real server: a tenant with a package, its
 * administrator's menus, a role with limited buttons and a user holding it, and both dictionary
 * layouts. The tests share what they create, so they run in order.
 */
test.describe.configure({ mode: 'serial' });

const PACKAGE = 'E2E产品包';
const TENANT = 'E2E租户';
const ROLE = { name: '岗位录入员', alias: 'post_clerk' };
const CLERK = { account: 'clerk1', password: 'Clerk1234', realName: '岗位录入' };
const BASIC = { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' };
/** The new tenant administrator's one-time password (shown once at creation) and the one it picks. */
const OWNER = { oneTime: '', password: 'Owner12345' };

/** The same server through the host name the new tenant is bound to (its domain). */
const tenantOrigin = (baseURL: string | undefined): string =>
  (baseURL ?? '').replace('127.0.0.1', 'localhost');

/** Signs in; with `newPassword`, the password is a one-time one that the first sign-in changes. */
async function signInAt(
  page: Page,
  origin: string,
  account: string,
  password: string,
  newPassword?: string,
): Promise<void> {
  await page.goto(`${origin}/login`);
  await expect(page.locator('#login-tenantId')).toHaveCount(0);
  await page.locator('#login-username').fill(account);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
  if (newPassword) {
    await expect(page.getByRole('heading', { name: '修改初始密码' })).toBeVisible();
    await page.getByRole('button', { name: '修改并登录' }).click();
    await expect(page.getByText('请输入新密码')).toBeVisible();
    await page.locator('#login-newPassword').fill(newPassword);
    await page.locator('#login-newPassword1').fill(newPassword);
    await page.getByRole('button', { name: '修改并登录' }).click();
  }
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(sidebar(page)).toBeVisible();
}

/** Ticks a node of a checkable tree by its exact title; returns the node. */
async function tick(scope: Locator, title: string): Promise<Locator> {
  const node = scope
    .locator('.ant-tree-treenode')
    .filter({ has: scope.page().locator('.ant-tree-title').getByText(title, { exact: true }) })
    .first();
  await node.locator('.ant-tree-checkbox').click();
  return node;
}

test('the administrator creates a package and a tenant bound to it', async ({ page }) => {
  // Two dialogs and a tree of every menu on a shared 2-core machine: more than the default minute.
  test.setTimeout(120_000);
  await signIn(page);

  await page.goto('/system/tenantpackage/index');
  const packages = crud(page);
  await expect(packages.getByRole('button', { name: '查看' })).toHaveCount(0);
  await tool(packages, '新增').click();
  const add = dialog(page, '新增');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(add.getByText('请输入产品包名称')).toBeVisible();
  await expect(add.getByText('请选择菜单')).toBeVisible();
  await add.getByLabel('产品包名称').fill(PACKAGE);
  for (const menu of ['用户管理', '岗位管理', '角色管理']) await tick(add, menu);
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(add).toBeHidden();
  await expect(packages.getByRole('row', { name: new RegExp(PACKAGE) })).toBeVisible();

  await page.goto('/system/tenant/index');
  const tenants = crud(page);
  await tool(tenants, '新增').click();
  const tenantForm = dialog(page, '新增');
  await tenantForm.getByLabel('租户名称').fill(TENANT);
  await tenantForm.getByLabel('域名地址').fill('localhost');
  await tenantForm.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  // Its administrator's password is random, for one sign-in, and shown this once.
  const oneTime = page.getByRole('dialog', { name: '一次性密码' });
  await expect(oneTime).toBeVisible();
  OWNER.oneTime = (await oneTime.locator('code').innerText()).trim();
  expect(OWNER.oneTime).toMatch(/^[A-Za-z0-9]{12}$/);
  await oneTime.getByRole('button', { name: '确定' }).click();
  await expect(oneTime).toBeHidden();
  const row = tenants.getByRole('row', { name: new RegExp(TENANT) });
  await row.getByRole('button', { name: '产品包配置' }).click();
  const binding = dialog(page, '产品包配置');
  await choose(page, binding.getByRole('combobox'), PACKAGE);
  await binding.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '操作成功!')).toBeVisible();
  await expect(row).toContainText(PACKAGE);
});

test("the tenant's administrator sees only the package's menus, and sets up a role and a user", async ({
  page,
  baseURL,
}) => {
  const origin = tenantOrigin(baseURL);
  await signInAt(page, origin, 'admin', OWNER.oneTime, OWNER.password);
  const side = sidebar(page);
  await expect(side.getByText('系统管理', { exact: true })).toBeVisible();
  await expect(side.getByText('权限管理', { exact: true })).toBeVisible();
  for (const hidden of ['商城管理', '工作台', '日志管理', '资源管理'])
    await expect(side.getByText(hidden, { exact: true })).toHaveCount(0);
  await side.getByText('系统管理', { exact: true }).click();
  await expect(side.getByText('用户管理', { exact: true })).toBeVisible();
  await expect(side.getByText('岗位管理', { exact: true })).toBeVisible();
  await expect(side.getByText('机构管理', { exact: true })).toHaveCount(0);
  await expect(side.getByText('租户管理', { exact: true })).toHaveCount(0);

  // a role that may add, edit and view posts, but not delete them
  await page.goto(`${origin}/authority/role/index`);
  const roles = crud(page);
  await tool(roles, '新增').click();
  const roleForm = dialog(page, '新增');
  await roleForm.getByLabel('角色名称').fill(ROLE.name);
  await roleForm.getByLabel('角色别名').fill(ROLE.alias);
  await roleForm.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const roleRow = roles.getByRole('row', { name: new RegExp(ROLE.name) });
  await roleRow.getByRole('checkbox').check();
  await tool(roles, '权限设置').click();
  const grant = dialog(page, '权限设置');
  const posts = await tick(grant, '岗位管理');
  const deleteButton = posts.locator('xpath=following-sibling::div[3]');
  await expect(deleteButton).toHaveText('删除');
  await deleteButton.locator('.ant-tree-checkbox').click();
  await expect(posts.locator('.ant-tree-checkbox-indeterminate')).toBeVisible();
  await grant.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '操作成功!')).toBeVisible();

  // a user holding only that role
  await page.goto(`${origin}/system/user/index`);
  const users = crud(page);
  await tool(users, '新增').click();
  const userForm = dialog(page, '新增');
  await userForm.getByRole('button', { name: '提交' }).click();
  await expect(userForm.getByText('请输入登录账号')).toBeVisible();
  await userForm.getByLabel('登录账号').fill(CLERK.account);
  await userForm.getByLabel('密码', { exact: true }).fill(CLERK.password);
  await userForm.getByLabel('用户姓名').fill(CLERK.realName);
  await choose(page, userForm.getByLabel('所属角色'), ROLE.name);
  await userForm.locator('.ant-modal-title').click();
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await userForm.getByLabel('所属部门').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-tree-title').first().click();
  await userForm.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(users.getByRole('row', { name: new RegExp(CLERK.account) })).toContainText(ROLE.name);
});

test('a user without post_delete sees no delete button and the server refuses the delete', async ({
  page,
  baseURL,
}) => {
  // The password its administrator gave is one-time: the first sign-in changes it.
  await signInAt(page, tenantOrigin(baseURL), CLERK.account, CLERK.password, 'Clerk5678');
  await page.goto(`${tenantOrigin(baseURL)}/system/post/index`);
  const posts = crud(page);
  await tool(posts, '新增').click();
  const form = dialog(page, '新增');
  await form.getByLabel('岗位编号').fill('E2E01');
  await form.getByLabel('岗位名称').fill('录入岗');
  await form.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const row = posts.getByRole('row', { name: /录入岗/ });
  await expect(row.getByRole('button', { name: '查看' })).toBeVisible();
  await expect(row.getByRole('button', { name: '编辑' })).toBeVisible();
  await expect(posts.getByRole('button', { name: '删除' })).toHaveCount(0);

  const token = String(await storedContent(page, 'token'));
  const headers = { ...BASIC, 'Blade-Auth': `bearer ${token}` };
  const list = await page.request.get(`${tenantOrigin(baseURL)}/api/blade-system/post/list`, {
    headers,
    params: { postName: '录入岗' },
  });
  const id = ((await list.json()) as { data: { records: Array<{ id: string }> } }).data.records[0]?.id;
  expect(id).toBeTruthy();
  const refused = await page.request.post(`${tenantOrigin(baseURL)}/api/blade-system/post/remove`, {
    headers,
    params: { ids: String(id) },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { msg: string }).msg).toBe('没有权限执行此操作');
});
