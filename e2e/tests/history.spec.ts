import { expect, type Locator, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { confirmBox, crud, dialog, rowOf, signIn, toast, tool } from './helpers';

/** Answers the open confirmation with 确定. */
const confirmIt = async (page: import('@playwright/test').Page, text: string) => {
  const confirm = confirmBox(page);
  await expect(confirm).toContainText(text);
  await confirm.getByRole('button', { name: '确定' }).click();
};

/**
 * A post is added, renamed, shown in its 历史 with the rename highlighted, put back to its first
 * version, that restore undone, removed and brought back from the 回收站; the 数据变更 screen lists its
 * changes.
 */
test('history dialog, restore of a version, the recycle bin and the data changes screen', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/system/post/index');
  const posts = crud(page);

  await tool(posts, '新增').click();
  const add = dialog(page, '新增');
  await add.getByLabel('岗位编号').fill('HIS01');
  await add.getByLabel('岗位名称').fill('历史岗');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();

  await rowOf(posts, 'HIS01').getByRole('button', { name: '编辑' }).click();
  const edit = dialog(page, '编辑');
  await edit.getByLabel('岗位名称').fill('历史岗二');
  await edit.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(rowOf(posts, 'HIS01')).toContainText('历史岗二');

  // 历史: both changes, the rename shown by the field's label, before struck and after marked.
  await rowOf(posts, 'HIS01').getByRole('button', { name: '历史' }).click();
  const history = dialog(page, '变更历史');
  const entries = history.locator('.history-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.nth(0)).toContainText('新增');
  await expect(entries.nth(0)).toContainText('岗位类型');
  const rename = entries.nth(1);
  await expect(rename).toContainText('修改');
  await expect(rename.locator('.history-change')).toContainText('岗位名称');
  await expect(rename.locator('.history-before')).toHaveText('历史岗');
  await expect(rename.locator('.history-after')).toHaveText('历史岗二');
  await page.screenshot({ path: test.info().outputPath('history-dialog.png') });

  // Restore the first version: recorded as a change of its own, the list shows the old name.
  await entries.nth(0).getByRole('button', { name: '恢复到此版本' }).click();
  await confirmIt(page, '确定将数据恢复到此版本?');
  await expect(toast(page, '操作成功!')).toBeVisible();
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(2)).toContainText('恢复');
  await expect(entries.nth(2).locator('.history-after')).toHaveText('历史岗');
  await expect(entries.nth(2)).toContainText('回到');

  // Undo that restore: recorded as an undo of it (not as a restore back to it), the rename is back.
  await entries.nth(2).getByRole('button', { name: '撤销此变更' }).click();
  await confirmIt(page, '确定撤销这次变更?');
  await expect(toast(page, '操作成功!').last()).toBeVisible();
  await expect(entries).toHaveCount(4);
  const undo = entries.nth(3);
  await expect(undo.locator('.ant-tag')).toHaveText('撤销');
  await expect(undo).toContainText('撤销了');
  await expect(undo).not.toContainText('回到');
  await expect(undo.locator('.history-after')).toHaveText('历史岗二');
  await history.locator('.ant-modal-close').click();
  await expect(rowOf(posts, 'HIS01')).toContainText('历史岗二');

  // Remove it, then bring it back from the recycle bin.
  await rowOf(posts, 'HIS01').getByRole('button', { name: '删除' }).click();
  await confirmIt(page, '确定将选择数据删除?');
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(rowOf(posts, 'HIS01')).toHaveCount(0);
  await tool(posts, '回收站').click();
  const bin = dialog(page, '回收站');
  const removed = bin.locator('.ant-table-row').filter({ hasText: 'HIS01' });
  await expect(removed).toBeVisible();
  await removed.getByRole('checkbox').check();
  await bin.getByRole('button', { name: '恢复' }).click();
  await confirmIt(page, '确定恢复选中的 1 条数据?');
  await expect(toast(page, '操作成功!')).toBeVisible();
  await expect(removed).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath('recycle-bin.png') });
  await bin.locator('.ant-modal-close').click();
  await expect(rowOf(posts, 'HIS01')).toBeVisible();

  // 日志管理 › 数据变更: the post's changes, filtered by resource.
  await page.goto('/monitor/log/change/index');
  const changes = page.locator('.data-changes-page');
  await changes.getByLabel('资源').click();
  await page.locator('.ant-select-dropdown:visible').getByText('岗位管理', { exact: true }).click();
  await changes.getByRole('button', { name: '搜索' }).click();
  const rows = changes.locator('.ant-table-row');
  await expect(rows.first()).toContainText('岗位管理');
  await expect(rows.filter({ hasText: '历史岗二' }).first()).toBeVisible();
  await expect(changes.locator('.ant-tag', { hasText: '删除' }).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('data-changes.png'), fullPage: true });
});

/** An .xlsx of rows (the first is the header). */
async function workbook(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('posts');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Checks, in the import dialog, a workbook of the post IMP01 and a second post given as its row. */
async function checkPosts(importer: Locator, second: string[]): Promise<void> {
  await importer.locator('input[type=file]').setInputFiles({
    name: 'posts.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await workbook([['岗位类型', '岗位编号', '岗位名称'], ['高层', 'IMP01', '导入岗一'], second]),
  });
  await importer.getByRole('button', { name: '检查' }).click();
}

/**
 * 导出 downloads the filtered list with labels and dictionary names; 导入 checks a file, lists the
 * refused rows, writes nothing until 导入有效数据, and a clean file then imports every row.
 */
test('export with a filter, an import with errors, then a clean one', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await page.goto('/system/post/index');
  const posts = crud(page);

  await posts.getByLabel('岗位名称').fill('历史');
  await posts.getByRole('button', { name: '搜索' }).click();
  const download = page.waitForEvent('download');
  await tool(posts, '导出').click();
  const file = await (await download).path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map(String);
  expect(header).toEqual(expect.arrayContaining(['岗位类型', '岗位编号', '岗位名称']));
  const names: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) names.push(String(row.getCell(header.indexOf('岗位名称')).value));
  });
  expect(names.length).toBeGreaterThan(0);
  expect(names.every((n) => n.includes('历史'))).toBe(true);

  await tool(posts, '导入').click();
  const importer = dialog(page, '导入');
  await checkPosts(importer, ['高层', 'IMP02', '']);
  await expect(importer.locator('.import-summary')).toHaveText('共 2 行，有效 1 行，错误 1 行');
  await expect(importer.locator('.import-problems')).toContainText('请输入岗位名称');
  await page.screenshot({ path: test.info().outputPath('import-errors.png') });
  await importer.locator('.ant-modal-close').click();
  // Nothing was written by the check.
  await posts.getByLabel('岗位名称').fill('导入岗');
  await posts.getByRole('button', { name: '搜索' }).click();
  await expect(posts.locator('.ant-table-row')).toHaveCount(0);

  await tool(posts, '导入').click();
  await checkPosts(importer, ['基层', 'IMP02', '导入岗二']);
  await expect(importer.locator('.import-summary')).toHaveText('共 2 行，有效 2 行，错误 0 行');
  await importer.getByRole('button', { name: '导入有效数据' }).click();
  await expect(toast(page, '已导入 2 条')).toBeVisible();
  await importer.locator('.ant-modal-close').click();
  await posts.getByRole('button', { name: '搜索' }).click();
  await expect(posts.locator('.ant-table-row')).toHaveCount(2);
});

/**
 * An import with errors: the refused rows listed and their report downloadable, nothing written.
 * Then a clean file beyond the background threshold (1,000 rows): checked and imported as
 * background work with a progress bar, which a reload finds again and follows to the end; the
 * rows are there after another reload.
 */
test('an import with errors, then a large clean one in the background surviving a reload', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await signIn(page);
  await page.goto('/system/post/index');
  const posts = crud(page);
  const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

  await tool(posts, '导入').click();
  const importer = dialog(page, '导入');
  await importer.locator('input[type=file]').setInputFiles({
    name: 'bad.xlsx',
    mimeType: xlsx,
    buffer: await workbook([
      ['岗位类型', '岗位编号', '岗位名称'],
      ['高层', 'BAD01', '坏岗一'],
      ['无此类型', 'BAD02', '坏岗二'],
      ['高层', 'BAD03', ''],
    ]),
  });
  await importer.getByRole('button', { name: '检查' }).click();
  await expect(importer.locator('.import-summary')).toHaveText('共 3 行，有效 1 行，错误 2 行');
  const report = page.waitForEvent('download');
  await importer.getByRole('button', { name: '下载错误报告' }).click();
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(await (await report).path(), 'utf8');
  expect(text).toContain('"3"');
  expect(text).toContain('岗位类型');
  expect(text).toContain('"4","请输入岗位名称"');
  await importer.locator('.ant-modal-close').click();
  await posts.getByLabel('岗位名称').fill('坏岗');
  await posts.getByRole('button', { name: '搜索' }).click();
  await expect(posts.locator('.ant-table-row')).toHaveCount(0);

  const rows: unknown[][] = [['岗位类型', '岗位编号', '岗位名称', '排序']];
  for (let i = 1; i <= 1500; i++) rows.push(['基层', `BG${String(i).padStart(4, '0')}`, `后台岗${i}`, i]);
  await tool(posts, '导入').click();
  await importer.locator('input[type=file]').setInputFiles({
    name: 'large.xlsx',
    mimeType: xlsx,
    buffer: await workbook(rows),
  });
  await importer.getByRole('button', { name: '检查' }).click();
  await expect(importer.locator('.import-summary')).toHaveText('共 1500 行，有效 1500 行，错误 0 行', {
    timeout: 120_000,
  });
  await importer.getByRole('button', { name: '导入有效数据' }).click();
  await expect(importer.locator('.import-progress .ant-progress')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-progress.png') });

  // A reload while it runs: the list page opens the import again and follows it to the end.
  await page.reload();
  const resumed = dialog(page, '导入');
  await expect(resumed.locator('.import-progress')).toBeVisible({ timeout: 60_000 });
  await expect(resumed.locator('.import-summary')).toHaveText('已导入 1500 条', { timeout: 180_000 });
  await expect(resumed.locator('.ant-progress-status-success')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('import-done.png') });
  await resumed.locator('.ant-modal-close').click();

  // Seen and closed, it does not come back; the rows are there.
  await page.reload();
  await expect(crud(page).locator('.ant-table-row').first()).toBeVisible({ timeout: 60_000 });
  await expect(dialog(page, '导入')).toHaveCount(0, { timeout: 10_000 });
  await crud(page).getByLabel('岗位名称').fill('后台岗');
  await crud(page).getByRole('button', { name: '搜索' }).click();
  await expect(crud(page).locator('.ant-pagination')).toContainText('共 1500 条');
});
