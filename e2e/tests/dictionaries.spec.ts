import { expect, type Locator, type Page, test } from '@playwright/test';
import { confirmBox, crud, dialog, signIn, toast, tool } from './helpers';

/** Both dictionary layouts end to end: parent and child tables, each test on its own rows. */

/** Add a parent and a child, toggle the child's isSealed, delete both with confirmation. */
async function exerciseDictionary(page: Page, layout: 'horizontal' | 'vertical'): Promise<void> {
  // A retry meets what the failed attempt left behind: its own code and name.
  const attempt = test.info().retry;
  const code = `e2e_${layout}_${attempt}`;
  const name = `${layout === 'horizontal' ? 'E2E横向' : 'E2E纵向'}${attempt}`;
  await page.goto(`/dict-${layout}/index`);
  const parents = crud(page, 0);
  const children = crud(page, 1);
  const header = (table: Locator) => table.locator('.ant-table-thead');
  await expect(header(parents)).toContainText('字典编号');
  await expect(header(parents)).toContainText('封存');
  if (layout === 'horizontal') await expect(header(parents)).toContainText('排序');
  else await expect(header(parents)).not.toContainText('排序');
  await expect(header(children)).toContainText('字典键值');
  await expect(header(children)).toContainText('上级字典');

  // batch delete with nothing selected warns
  await tool(parents, '删除').click();
  await expect(toast(page, '请选择至少一条数据')).toBeVisible();

  await tool(parents, '新增').click();
  const parentForm = dialog(page, '新增');
  await expect.poll(async () => (await parentForm.boundingBox())?.width).toBe(880);
  // a click outside does not close it
  await page.mouse.click(5, 400);
  await expect(parentForm).toBeVisible();
  await parentForm.getByLabel('字典编号').fill('');
  await parentForm.getByRole('button', { name: '提交' }).click();
  await expect(parentForm.getByText('请输入字典编号')).toBeVisible();
  await expect(parentForm.getByText('请输入字典名称')).toBeVisible();
  await parentForm.getByLabel('字典编号').fill(code);
  await parentForm.getByLabel('字典名称').fill(name);
  await parentForm.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(parentForm).toBeHidden();

  await parents.getByLabel('字典编号').fill(code);
  await parents.getByRole('button', { name: '搜索' }).click();
  const parentRow = parents.getByRole('row', { name: new RegExp(code) });
  await expect(parentRow).toBeVisible();
  await parentRow.getByRole('cell', { name, exact: true }).click();
  await expect(children).toContainText(`${name} 的字典项`);

  await tool(children, '新增').click();
  const childForm = dialog(page, '新增');
  await expect(childForm.getByLabel('字典编号')).toHaveValue(code);
  await expect(childForm.getByLabel('字典编号')).toBeDisabled();
  await expect(childForm.getByLabel('上级字典')).toBeDisabled();
  await expect(childForm).toContainText(name);
  await childForm.getByRole('button', { name: '提交' }).click();
  await expect(childForm.getByText('请输入字典键值')).toBeVisible();
  await childForm.getByLabel('字典名称').fill('红色');
  await childForm.getByLabel('字典键值').fill('red');
  await childForm.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const childRow = children.getByRole('row', { name: /红色/ });
  await expect(childRow).toContainText('red');
  await expect(childRow).toContainText(name);

  // isSealed toggles between 0 and 1
  const sealed = childRow.getByRole('switch');
  await expect(sealed).not.toBeChecked();
  await sealed.click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await expect(children.getByRole('row', { name: /红色/ }).getByRole('switch')).toBeChecked();

  // edit keeps code and parent fixed
  await childRow.getByRole('button', { name: '编辑' }).click();
  const editForm = dialog(page, '编辑');
  await expect(editForm.getByLabel('字典编号')).toBeDisabled();
  await expect(editForm.getByLabel('上级字典')).toBeDisabled();
  await editForm.getByRole('button', { name: '取消' }).click();

  await childRow.getByRole('button', { name: '删除' }).click();
  const confirm = confirmBox(page);
  await expect(confirm).toContainText('确定将选择数据删除?');
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(children.getByRole('row', { name: /红色/ })).toHaveCount(0);
  // The first confirmation is gone before the second is asked for (a closing one takes no clicks).
  await expect(confirm).toHaveCount(0);

  await parentRow.getByRole('checkbox').check();
  await tool(parents, '删除').click();
  await expect(confirm).toContainText('确定将选择数据删除?');
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(parents.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
}

test('dictionaries, horizontal layout: parent and child tables end to end', async ({ page }) => {
  await signIn(page);
  await exerciseDictionary(page, 'horizontal');
});

test('dictionaries, vertical layout: parent and child tables end to end', async ({ page }) => {
  await signIn(page);
  await exerciseDictionary(page, 'vertical');
});

/** The right edge of a header cell is left of the pinned 操作 column: nothing covers it. */
async function uncovered(table: Locator, title: string): Promise<boolean> {
  const cell = await table.locator('th', { hasText: title }).first().boundingBox();
  const actions = await table.locator('th', { hasText: '操作' }).first().boundingBox();
  return !!cell && !!actions && cell.x + cell.width <= actions.x + 1;
}

for (const { width, sideBySide } of [
  { width: 1366, sideBySide: false },
  { width: 1920, sideBySide: true },
]) {
  test(`dictionaries, horizontal layout at ${width} px: ${sideBySide ? 'side by side' : 'one above the other'}, names uncovered`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    await page.goto('/dict-horizontal/index');
    const parents = crud(page, 0);
    const children = crud(page, 1);
    await expect(parents.getByRole('row', { name: /sex/ })).toBeVisible();
    await expect(children).toContainText(sideBySide ? '请先在左侧选择一个字典' : '请先在上方选择一个字典');
    const [a, b] = [await parents.boundingBox(), await children.boundingBox()];
    expect(a && b && (sideBySide ? b.x >= a.x + a.width : b.y >= a.y + a.height)).toBe(true);
    expect(await uncovered(parents, '字典名称')).toBe(true);
    expect(await uncovered(children, '字典名称')).toBe(true);
  });
}
