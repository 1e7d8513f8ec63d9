import { expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { choose, crud, dialog, rowOf, signIn, toast, tool } from './helpers';

/** Issue 15 (forms and data): choices that arrive, refusals said out loud, money and languages. */
test.describe.configure({ mode: 'serial', timeout: 180_000 });

/** A shared 2-core machine can be slow to render a dialog; the checks wait for it. */
const expect = baseExpect.configure({ timeout: 30_000 });

const RUN = Date.now().toString(36);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** The message antd shows under a form field. */
const fieldError = (form: Locator, text: string): Locator =>
  form.locator('.ant-form-item-explain-error').filter({ hasText: text });

async function openAdd(page: Page, path: string): Promise<Locator> {
  await page.goto(path);
  const list = crud(page);
  await tool(list, '新增').click();
  return dialog(page, '新增');
}

/** Counts the saves a page sends (a refused form sends none). */
function countSaves(page: Page, part: string): { count: () => number } {
  let n = 0;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes(part)) n++;
  });
  return { count: () => n };
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('a banner is created at the chosen position, listed and viewed by its name', async ({ page }) => {
  const add = await openAdd(page, '/mall/banner/index');
  const title = `E2E轮播${RUN}`;
  await add.getByLabel('标题').fill(title);
  await add
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: PNG });
  await expect(add.locator('img').first()).toBeVisible();
  await choose(page, add.getByLabel('位置'), '商城');
  const saved = page.waitForRequest((r) => r.url().includes('/mall/banner/submit'));
  await add.getByRole('button', { name: '提交' }).click();
  expect((await saved).postDataJSON()).toMatchObject({ position: 2 });
  await expect(toast(page, '新增成功')).toBeVisible();

  const row = rowOf(crud(page), title);
  await expect(row).toContainText('商城');
  await row.getByRole('button', { name: '查看' }).click();
  const view = dialog(page, '查看');
  const item = (label: string) => view.locator('.ant-form-item').filter({ hasText: label });
  await expect(view.getByLabel('位置', { exact: true })).toHaveText('商城');
  // Empty values read "-", not an input's placeholder.
  await expect(item('跳转地址').locator('.crud-view-value')).toHaveText('-');
  await expect(view.getByPlaceholder('请输入跳转地址')).toHaveCount(0);
});

test('out-of-range numbers are refused on the field, not changed', async ({ page }) => {
  const saves = countSaves(page, '/mall/product/submit');
  const add = await openAdd(page, '/mall/product/index');
  await add.getByLabel('商品名称').fill(`E2E越界${RUN}`);
  await choose(page, add.getByLabel('商品分类'), '图书教材');
  await add.getByLabel('售价').fill('-100');
  await add.getByLabel('库存').fill('99999999999999999999');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(fieldError(add, '售价不能小于 ¥0.00')).toBeVisible();
  await expect(fieldError(add, '库存不能大于 100000000')).toBeVisible();
  // What was typed stays as typed (no quiet clamping to 0 or 100000000).
  await expect(add.getByLabel('售价')).toHaveValue('-100');
  await expect(add.getByLabel('库存')).not.toHaveValue('100000000');
  expect(saves.count()).toBe(0);
});

test('an activity ending before it starts, and too few places, are refused in the form', async ({ page }) => {
  const add = await openAdd(page, '/mall/activity/index');
  await add.getByLabel('活动名称').fill(`E2E活动${RUN}`);
  for (const [label, value] of [
    ['开始时间', '2026-05-02 10:00:00'],
    ['结束时间', '2026-05-01 10:00:00'],
    ['报名截止', '2026-05-03 10:00:00'],
  ] as const) {
    const control = add.getByLabel(label, { exact: true });
    await control.click();
    await control.fill(value);
    await control.press('Enter');
  }
  await add.getByLabel('名额').fill('-10');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(fieldError(add, '结束时间不能早于开始时间')).toBeVisible();
  await expect(fieldError(add, '报名截止不能晚于活动开始时间')).toBeVisible();
  await expect(fieldError(add, '名额不能小于 0')).toBeVisible();
});

test('an over-long text is refused before sending, naming the field by its label', async ({ page }) => {
  const add = await openAdd(page, '/system/param/index');
  await add.getByLabel('参数名称').fill('x'.repeat(256));
  await add.getByRole('button', { name: '提交' }).click();
  await expect(fieldError(add, '参数名称不能超过 255 个字符')).toBeVisible();
});

test('money reads the same in the list and the view dialog, without a cents label', async ({ page }) => {
  await page.goto('/mall/product/index');
  const list = crud(page);
  const first = list.locator('.ant-table-row').first();
  await expect(first).toBeVisible();
  await expect(list.locator('.ant-table-thead')).not.toContainText('(分)');
  const price = (await first.locator('td').filter({ hasText: '¥' }).first().innerText()).trim();
  await first.getByRole('button', { name: '查看' }).click();
  const view = dialog(page, '查看');
  await expect(
    view.locator('.ant-form-item').filter({ hasText: '售价' }).locator('.crud-view-value'),
  ).toHaveText(price);
});

test('in English, dictionary values are English and the pager counts one row', async ({ page }) => {
  await page.getByRole('button', { name: '语言' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.goto('/mall/banner/index');
  const list = crud(page);
  await list.getByLabel('Title').fill(`E2E轮播${RUN}`);
  await list.getByRole('button', { name: 'Search' }).click();
  const row = list.locator('.ant-table-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Mall');
  await expect(row).not.toContainText('商城');
  await expect(list.locator('.ant-pagination-total-text')).toHaveText('1 row');
});

test('a text file is refused as a banner image, with the reason at the field', async ({ page }) => {
  const add = await openAdd(page, '/mall/banner/index');
  const upload = page.waitForResponse((r) => r.url().includes('/put-file'));
  await add
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  expect((await upload).status()).toBe(400);
  await expect(add.getByRole('alert').filter({ hasText: '请上传图片' })).toContainText('此文件是 txt');
  await expect(add.getByLabel('图片')).toHaveValue('');
});

test('a server refusal naming a field shows under that field; editing the parent keeps its items open', async ({
  page,
}) => {
  await page.goto('/dict-horizontal/index');
  const parents = crud(page, 0);
  const children = crud(page, 1);
  const code = `e2e_keep_${RUN}`;
  await tool(parents, '新增').click();
  const parentForm = dialog(page, '新增');
  await parentForm.getByLabel('字典编号').fill(code);
  await parentForm.getByLabel('字典名称').fill('E2E保留');
  await parentForm.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await parents.getByLabel('字典编号').fill(code);
  await parents.getByRole('button', { name: '搜索' }).click();
  const parentRow = rowOf(parents, code);
  await parentRow.getByRole('cell', { name: 'E2E保留', exact: true }).click();
  await expect(children).toContainText('E2E保留 的字典项');

  for (const attempt of [1, 2]) {
    await tool(children, '新增').click();
    const childForm = dialog(page, '新增');
    await childForm.getByLabel('字典名称').fill(`红色${attempt}`);
    await childForm.getByLabel('字典键值').fill('red');
    await childForm.getByRole('button', { name: '提交' }).click();
    if (attempt === 1) await expect(toast(page, '新增成功')).toBeVisible();
    else {
      // Only the server knows the key is taken: its refusal lands on the key's field.
      await expect(fieldError(childForm, '字典键值 red 在此字典中已存在')).toBeVisible();
      await childForm.getByRole('button', { name: '取消' }).click();
    }
  }

  await parentRow.getByRole('button', { name: '编辑' }).click();
  const editForm = dialog(page, '编辑');
  await editForm.getByLabel('字典名称').fill('E2E改名');
  await editForm.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(children).toContainText('E2E改名 的字典项');
  await expect(rowOf(children, '红色1')).toBeVisible();
});

test('codes with a meaning are shown by name: unlimited quota, built-in data source', async ({ page }) => {
  await page.goto('/system/tenant/index');
  const tenants = crud(page);
  await expect(rowOf(tenants, '000000')).toContainText('不限');
  await expect(rowOf(tenants, '000000')).not.toContainText('-1');

  await page.goto('/tool/code/index');
  await tool(crud(page), '新增').click();
  const add = dialog(page, '新增');
  await add.getByLabel('资源名称').fill(`E2E代码${RUN}`);
  await add.getByLabel('模块名').fill('mall');
  await add.getByLabel('表名').fill('blade_notice');
  await add.getByLabel('服务路径').fill(`/blade-mall/e${RUN}`);
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(rowOf(crud(page), `E2E代码${RUN}`)).toContainText('内置数据库');
});
