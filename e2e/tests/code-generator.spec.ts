import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { AUDIT_COLUMN_SQL } from '../../server/src/modules/develop/audit-columns';
import { confirmBox, crud, dialog, rowOf, sidebar, signIn, toast, tool } from './helpers';

/**
 * The code generator end to end: a table created in the server's database becomes a code
 * record, its generated files are previewed and downloaded, and once registered its screen is
 * in the menu and its list and form work at once, without a restart.
 */
test.describe.configure({ mode: 'serial' });

const TABLE = 'demo_gadget';
const LABEL = '小工具';

test.beforeAll(() => {
  const dataDir = process.env.E2E_DATA_DIR_DEFAULT;
  if (!dataDir) throw new Error('playwright.config.ts exports the default server’s data directory');
  const db = new Database(join(dataDir, 'app.db'));
  try {
    db.exec(`create table if not exists ${TABLE} (
      id bigint primary key,
      tenant_id varchar(12) not null,
      name varchar(64) not null,
      price decimal(10,2),
      qty integer not null default 0,${AUDIT_COLUMN_SQL}
    )`);
  } finally {
    db.close();
  }
});

test('generate, preview, download, register and use the new page', async ({ page }) => {
  await signIn(page);
  await page.goto('/tool/code/index');
  const records = crud(page);

  await tool(records, '新增').click();
  const add = dialog(page, '新增');
  await add.getByLabel('资源名称').fill(LABEL);
  await add.getByLabel('模块名').fill('demo');
  await add.getByLabel('表名').fill(TABLE);
  await add.getByLabel('表前缀').fill('demo_');
  await add.getByLabel('服务路径').fill('/blade-demo/gadget');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const row = rowOf(records, TABLE);
  await expect(row).toBeVisible();

  // Preview: the file tree, and the chosen file's source, highlighted.
  await row.getByRole('button', { name: '预览' }).click();
  const preview = dialog(page, '预览');
  await expect(preview.locator('.ant-tree-title', { hasText: 'README.md' })).toBeVisible();
  await preview.locator('.ant-tree-title', { hasText: 'demo-gadget.ts' }).click();
  const source = preview.locator('.code-preview-source pre');
  await expect(source).toContainText('export const gadget: ResourceDef = {');
  await expect(source.locator('.hljs-keyword').first()).toBeVisible();
  // The declaration carries its screen: the menu and its buttons come from it, no menu file.
  await expect(source).toContainText("screen: { folder: 'tool'");
  await expect(preview.locator('.ant-tree-title', { hasText: 'gadget-menu.ts' })).toHaveCount(0);

  // Download: a .zip holding every file under the resource's folder.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    preview.getByRole('button', { name: '下载代码' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('gadget.zip');
  const zip = readFileSync(await download.path());
  expect(zip.subarray(0, 2).toString()).toBe('PK');
  for (const path of ['gadget/schema/src/resources/demo-gadget.ts', 'gadget/README.md'])
    expect(zip.includes(Buffer.from(path)), path).toBe(true);
  await preview.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect(preview).toBeHidden();

  // Register: the menu appears and the page serves the table at once.
  await row.getByRole('button', { name: '注册到系统' }).click();
  await expect(toast(page, '已注册')).toBeVisible();
  // It joins the open 研发工具 folder of the sidebar without a reload.
  const item = sidebar(page).getByText(LABEL, { exact: true });
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(/\/demo\/gadget(\/index)?$/);
  const gadgets = crud(page);
  await expect(gadgets).toBeVisible();

  await tool(gadgets, '新增').click();
  const create = dialog(page, '新增');
  await create.getByRole('button', { name: '提交' }).click();
  await expect(create.getByText('请输入Name')).toBeVisible();
  await create.getByLabel('Name').fill('Spanner');
  await create.getByLabel('Price').fill('12.5');
  await create.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const gadget = rowOf(gadgets, 'Spanner');
  await expect(gadget).toContainText('12.5');

  await gadget.getByRole('button', { name: '编辑' }).click();
  const edit = dialog(page, '编辑');
  await edit.getByLabel('Name').fill('Wrench');
  await edit.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '更新成功')).toBeVisible();
  const wrench = rowOf(gadgets, 'Wrench');
  await expect(wrench).toBeVisible();

  await wrench.getByRole('button', { name: '删除' }).click();
  const confirm = confirmBox(page);
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(rowOf(gadgets, 'Wrench')).toHaveCount(0);
});
