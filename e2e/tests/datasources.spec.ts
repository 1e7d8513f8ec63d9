import { expect, test } from '@playwright/test';
import { choose, confirmBox, crud, dialog, rowOf, signIn, toast, tool } from './helpers';

/**
 * Data sources end to end: configure one, see a clear answer when it cannot connect, bind a
 * tenant's business data to it (which creates and prepares the database), test it again, and
 * be refused when removing it while the tenant is bound.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const SOURCE = `店铺库${RUN}`;
const TENANT = `独立库租户${RUN}`;

test('a data source is configured, bound to a tenant and tested', async ({ page }) => {
  await signIn(page);
  await page.goto('/tool/datasource/index');
  const sources = crud(page);

  // A URL of an unsupported kind is refused with what to write instead.
  await tool(sources, '新增').click();
  const add = dialog(page, '新增');
  await add.getByLabel('名称').fill(SOURCE);
  await choose(page, add.getByLabel('类型'), 'PostgreSQL');
  await add.getByLabel('连接地址').fill('mysql://127.0.0.1/shop');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, 'PostgreSQL 以 postgres:// 开头')).toBeVisible();

  await choose(page, add.getByLabel('类型'), 'SQLite');
  await add.getByLabel('连接地址').fill(`sqlite:tenants/e2e-${RUN}.db`);
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const row = rowOf(sources, SOURCE);
  await expect(row).toBeVisible();

  // The file does not exist yet: the test says so.
  await row.getByRole('button', { name: '测试连接' }).click();
  await expect(toast(page, '数据源中没有这个数据库或文件')).toBeVisible();

  // Binding a new tenant to it creates and prepares the database.
  await page.goto('/system/tenant/index');
  const tenants = crud(page);
  await tool(tenants, '新增').click();
  const tenantForm = dialog(page, '新增');
  await tenantForm.getByLabel('租户名称').fill(TENANT);
  await tenantForm.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  // The new administrator's one-time password is shown once; this test does not sign in with it.
  const oneTime = page.getByRole('dialog', { name: '一次性密码' });
  await oneTime.getByRole('button', { name: '确定' }).click();
  await expect(oneTime).toBeHidden();
  await rowOf(tenants, TENANT).getByRole('button', { name: '数据源配置' }).click();
  const bind = dialog(page, '数据源配置');
  await choose(page, bind.getByLabel('数据源'), SOURCE);
  await bind.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '操作成功!')).toBeVisible();

  await page.goto('/tool/datasource/index');
  await rowOf(crud(page), SOURCE).getByRole('button', { name: '测试连接' }).click();
  await expect(toast(page, '连接成功')).toBeVisible();

  // A bound data source cannot be removed.
  await rowOf(crud(page), SOURCE).getByRole('button', { name: '删除' }).click();
  const confirm = confirmBox(page);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '请先解除绑定')).toBeVisible();
  await expect(rowOf(crud(page), SOURCE)).toBeVisible();
});

test('a data source is tested from its form before it is saved', async ({ page }) => {
  await signIn(page);
  await page.goto('/tool/datasource/index');
  let saves = 0;
  page.on('request', (r) => {
    if (r.url().includes('/datasource/submit')) saves++;
  });
  await tool(crud(page), '新增').click();
  const add = dialog(page, '新增');
  await add.getByLabel('名称').fill(`未保存${RUN}`);
  await choose(page, add.getByLabel('类型'), 'SQLite');
  const test = add.getByRole('button', { name: '测试连接' });

  await add.getByLabel('连接地址').fill(`sqlite:nothing-${RUN}.db`);
  await test.click();
  await expect(toast(page, '数据源中没有这个数据库或文件')).toBeVisible();

  // The app's own database file, reached through the form's values: it connects.
  await add.getByLabel('连接地址').fill('sqlite:app.db');
  await test.click();
  await expect(toast(page, '连接成功')).toBeVisible();

  // The same outbound guard as saved sources: no private addresses.
  await choose(page, add.getByLabel('类型'), 'PostgreSQL');
  await add.getByLabel('连接地址').fill('postgres://10.0.0.1:5432/shop');
  await test.click();
  await expect(toast(page, '数据源地址指向本机、内网或保留地址，不允许连接')).toBeVisible();
  expect(saves).toBe(0);
});
