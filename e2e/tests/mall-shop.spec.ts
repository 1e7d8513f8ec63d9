import { readFileSync } from 'node:fs';
import { expect, type Locator, test } from '@playwright/test';
import { choose, crud, dialog, signIn, toast } from './helpers';

/** Issue 6 end to end on the demo shop the default server seeds. */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const rows = (list: Locator): Locator => list.locator('.ant-table-row');

async function pickTime(control: Locator, value: string): Promise<void> {
  await control.click();
  await control.fill(value);
  await control.press('Enter');
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('the home page shows the mall figures as charts', async ({ page }) => {
  await expect(page.locator('.mall-figures')).toBeVisible();
  await expect(page.locator('.mall-figures svg.chart')).toHaveCount(4);
  await expect(page.locator('.mall-figures .chart-bar rect').first()).toBeVisible();
});

test('a product is created with an uploaded cover and listed in yuan', async ({ page }) => {
  await page.goto('/mall/product/index');
  const list = crud(page);
  await list.locator('.crud-toolbar').getByRole('button', { name: '新增' }).click();
  const add = dialog(page, '新增');
  const name = `E2E商品${RUN}`;
  await add.getByLabel('商品名称').fill(name);
  await choose(page, add.getByLabel('商品分类'), '图书教材');
  const uploaded = page.waitForResponse((r) => r.url().includes('/put-file'));
  await add
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  const link = ((await (await uploaded).json()) as { data: { link: string } }).data.link;
  await expect(add.locator(`img[src="${link}"]`)).toBeVisible();
  await add.getByLabel('售价').fill('19.99');
  await add.getByLabel('库存').fill('7');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await list.getByLabel('商品名称').fill(name);
  await list.getByRole('button', { name: '搜索' }).click();
  const row = rows(list).filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('¥19.99');
  await expect(row.locator('img')).toHaveAttribute('src', link);
});

test('orders filter by their creation date range', async ({ page }) => {
  await page.goto('/mall/order/index');
  const list = crud(page);
  await expect(rows(list).first()).toBeVisible();
  // the range form may search on Enter already; wait for the filtered call either way
  const listed = page.waitForResponse(
    (r) => r.url().includes('/mall/order/page') && decodeURIComponent(r.url()).includes('2000-01-01'),
  );
  const start = list.getByPlaceholder('开始时间');
  await start.click();
  await start.fill('2000-01-01 00:00:00');
  await start.press('Enter');
  const end = list.getByPlaceholder('结束时间');
  await end.fill('2000-01-31 23:59:59');
  await end.press('Enter');
  await list.getByRole('button', { name: '搜索' }).click();
  await listed;
  await expect(rows(list)).toHaveCount(0);

  await list.getByRole('button', { name: '清空' }).click();
  await expect(rows(list).first()).toBeVisible();
  await rows(list).first().getByRole('button', { name: '商品明细' }).click();
  await expect(dialog(page, '商品明细').locator('.ant-table-row').first()).toBeVisible();
});

test('links export downloads an .xlsx of the filtered rows', async ({ page }) => {
  await page.goto('/mall/links/index');
  const list = crud(page);
  const downloading = page.waitForEvent('download');
  await list.locator('.crud-toolbar').getByRole('button', { name: '导出' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 2).toString()).toBe('PK');
  await expect(toast(page, '导出完成')).toBeVisible();
});

test('equity codes are generated for a meeting and listed unused', async ({ page }) => {
  await page.goto('/mall/equitycode/index');
  const meetings = crud(page, 0);
  await meetings.locator('.crud-toolbar').getByRole('button', { name: '新增' }).click();
  const add = dialog(page, '新增');
  const title = `E2E会议${RUN}`;
  await add.getByLabel('会议名称').fill(title);
  await pickTime(add.getByLabel('开始时间'), '2030-01-01 09:00:00');
  await add.getByLabel('权益码数量').fill('5');
  await pickTime(add.getByLabel('权益码有效期至'), '2030-12-31 23:59:59');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();

  const meeting = rows(meetings).filter({ hasText: title });
  await meeting.getByRole('button', { name: '生成权益码' }).click();
  await expect(toast(page, '新生成 5 个，共 5 个权益码')).toBeVisible();
  const codes = crud(page, 1);
  await expect(rows(codes)).toHaveCount(5);
  await expect(rows(codes).first()).toContainText('未使用');

  await meeting.getByRole('button', { name: '生成权益码' }).click();
  await expect(toast(page, '新生成 0 个，共 5 个权益码')).toBeVisible();
  await expect(rows(codes)).toHaveCount(5);
});
