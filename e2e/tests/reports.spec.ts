import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { choose, crud, dialog, rowOf, signIn, toast, tool } from './helpers';

const RUN = Date.now().toString(36);
const NAME = `E2E报表${RUN}`;
const SQL = `select category, count(*) as products, sum(stock) as stock
from mall_product
where is_deleted = 0 and price >= :minPrice
group by category
order by category`;

test('a report is designed with a parameter, previewed, saved, run and exported', async ({ page }) => {
  await signIn(page);
  await page.goto('/report/reportlist/index');
  const list = crud(page);
  await tool(list, '新增').click();
  const add = dialog(page, '新增');
  await add.getByLabel('报表名称').fill(NAME);
  await expect(add.locator('.report-datasource')).toContainText('内置数据库');
  await add.getByLabel('查询语句').fill(SQL);

  await add.getByRole('button', { name: '添加参数' }).click();
  await add.getByLabel('参数名 1').fill('minPrice');
  await add.getByLabel('显示名称 1').fill('最低价格');
  await choose(page, add.locator('.report-param-row .ant-select').first(), '数字');
  await add.getByLabel('默认值 1').fill('0');

  // The preview fills the column list from the result; labels and the chart use it.
  const previewed = page.waitForResponse((r) => r.url().includes('/report/rest/preview'));
  await add.getByRole('button', { name: '预览' }).click();
  expect((await previewed).status()).toBe(200);
  await expect(add.locator('.report-table .ant-table-row').first()).toBeVisible();
  await add.getByLabel('标题 category').fill('分类');
  await add.getByLabel('标题 products').fill('商品数');
  await choose(page, add.locator('.report-chart-kind'), '柱状图');
  await choose(page, add.locator('.report-chart-category'), 'category');
  await choose(page, add.locator('.report-chart-value'), 'products');
  await expect(add.locator('.report-chart svg.chart-bar rect').first()).toBeVisible();

  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();

  // Run with a parameter: a price no product reaches gives no rows, zero gives them all.
  await rowOf(list, NAME).getByRole('button', { name: '运行' }).click();
  const run = dialog(page, `运行报表：${NAME}`);
  const price = run.getByLabel('最低价格');
  await expect(price).toHaveValue('0');
  await price.fill('999999999');
  await run.getByRole('button', { name: '运行' }).click();
  await expect(run.getByText('共 0 行')).toBeVisible();
  await price.fill('0');
  await run.getByRole('button', { name: '运行' }).click();
  await expect(run.locator('.report-table .ant-table-row').first()).toBeVisible();
  await expect(run.locator('.report-table thead')).toContainText('分类');
  await expect(run.locator('.report-table thead')).toContainText('商品数');
  await expect(run.locator('.report-chart svg.chart-bar rect').first()).toBeVisible();
  const shown = await run.locator('.report-table .ant-table-row').count();

  const downloading = page.waitForEvent('download');
  await run.getByRole('button', { name: '导出' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${NAME}.xlsx`);
  const file = readFileSync(await download.path());
  expect(file.subarray(0, 2).toString()).toBe('PK');
  await expect(toast(page, '导出完成')).toBeVisible();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).values).toEqual([undefined, '分类', '商品数', 'stock']);
  expect(sheet.actualRowCount).toBe(shown + 1);
});
