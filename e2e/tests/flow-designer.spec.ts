import { expect, type Locator, type Page, test } from '@playwright/test';
import { list, rowWith, toast } from './flow-helpers';
import { confirmBox, signIn, WIDTHS } from './helpers';

/**
 * A model drawn in the designer: created from the starting diagram, its user task assigned in the
 * properties panel, saved, deployed, started from the start list and handled from the to-do list.
 */
const MODEL = { key: 'e2e_review', name: 'E2E审阅流程' };
// biome-ignore lint/suspicious/noTemplateCurlyInString: a process expression, not a template
const STARTER = '${starterId}';

test.describe.configure({ mode: 'serial' });

test('a model drawn in the designer is saved, deployed and started', async ({ page }) => {
  await signIn(page);
  await page.goto('/flow/model/index');
  await page.locator('.crud-toolbar').getByRole('button', { name: '新增' }).click();
  const designer = page.locator('.flow-designer');
  await expect(designer.locator('.flow-editor')).toHaveAttribute('data-state', 'ready');

  await page.locator('#flow-model-key').fill(MODEL.key);
  await page.locator('#flow-model-name').fill(MODEL.name);
  await expect(designer.getByText('选择一个用户任务以设置办理人')).toBeVisible();
  await designer.locator('[data-element-id="UserTask_1"]').click();
  await page.locator('#flow-task-assignee').fill(STARTER);
  await page.locator('#flow-task-assignee').press('Enter');
  await designer.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  await expect(designer).toBeHidden();

  // the saved diagram carries the assignment and the key, and reopens in the designer
  const model = rowWith(page, MODEL.key);
  await expect(model).toContainText(MODEL.name);
  await model.getByRole('button', { name: '编辑' }).click();
  await expect(designer.locator('.flow-editor')).toHaveAttribute('data-state', 'ready');
  await designer.locator('[data-element-id="UserTask_1"]').click();
  await expect(page.locator('#flow-task-assignee')).toHaveValue(STARTER);
  await designer.getByRole('button', { name: '取消' }).click();

  await model.getByRole('button', { name: '部署' }).click();
  await expect(toast(page, '部署成功')).toBeVisible();
  await page.goto('/flow/deploy/index');
  await expect(rowWith(page, MODEL.key)).toContainText('激活');

  await page.goto('/work/start/index');
  await rowWith(page, MODEL.name).getByRole('button', { name: '发起' }).click();
  await confirmBox(page).getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '流程已发起')).toBeVisible();
  await expect(page).toHaveURL(/\/work\/send\/index$/);
  await expect(rowWith(page, MODEL.name)).toContainText('审批中');

  // its user task went to the starter, who approves it in the generic dialog
  await page.goto('/work/todo/index');
  await rowWith(page, MODEL.name).getByRole('button', { name: '办理' }).click();
  const dialog = page.locator('.ant-modal:visible');
  await dialog.locator('#work-comment').fill('可以');
  await dialog.getByRole('button', { name: '同意', exact: true }).click();
  await expect(toast(page, '操作成功!')).toBeVisible();
  await page.goto('/work/send/index');
  await expect(rowWith(page, MODEL.name)).toContainText('已办结');
});

/** Signed in, the saved model open in the designer with its user task chosen. */
async function editUserTask(page: Page): Promise<Locator> {
  await signIn(page);
  await page.goto('/flow/model/index');
  await rowWith(page, MODEL.key).getByRole('button', { name: '编辑' }).click();
  const designer = page.locator('.flow-designer');
  await expect(designer.locator('.flow-editor')).toHaveAttribute('data-state', 'ready');
  await designer.locator('[data-element-id="UserTask_1"]').click();
  return designer;
}

test('a task offered to a candidate group is claimed, then handled', async ({ page }) => {
  const designer = await editUserTask(page);
  await page.locator('#flow-task-assignee').fill('');
  await page.locator('#flow-task-groups').fill(' administrator ');
  await page.locator('#flow-task-groups').press('Enter');
  await designer.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '更新成功')).toBeVisible();
  await rowWith(page, MODEL.key).getByRole('button', { name: '部署' }).click();
  await expect(toast(page, '部署成功')).toBeVisible();

  await page.goto('/work/start/index');
  const definition = rowWith(page, MODEL.name);
  await expect(definition).toContainText('2');
  await definition.getByRole('button', { name: '发起' }).click();
  await confirmBox(page).getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '流程已发起')).toBeVisible();

  await page.goto('/work/claim/index');
  await rowWith(page, MODEL.name).getByRole('button', { name: '签收' }).click();
  await expect(toast(page, '操作成功!')).toBeVisible();
  await expect(list(page).locator('.ant-table-row').filter({ hasText: MODEL.name })).toHaveCount(0);

  await page.goto('/work/todo/index');
  await rowWith(page, MODEL.name).getByRole('button', { name: '办理' }).click();
  const dialog = page.locator('.ant-modal:visible');
  // A rejection says why: without a comment the field is marked and nothing is sent.
  await expect(dialog.getByText('驳回时须填写审批意见')).toBeVisible();
  await dialog.getByRole('button', { name: '驳回', exact: true }).click();
  await expect(dialog.getByText('请输入审批意见，说明驳回理由')).toBeVisible();
  await expect(dialog.locator('#work-comment')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  await dialog.locator('#work-comment').fill('预算不足');
  await dialog.getByRole('button', { name: '驳回', exact: true }).click();
  await expect(toast(page, '操作成功!')).toBeVisible();
  await page.goto('/work/done/index');
  await expect(rowWith(page, MODEL.name)).toContainText('驳回');
});

test('on a phone the canvas takes the dialog width and the properties panel goes under it', async ({
  page,
}) => {
  await page.setViewportSize(WIDTHS.phone);
  const designer = await editUserTask(page);

  const body = await designer.locator('.ant-modal-body').boundingBox();
  const canvas = await designer.locator('.flow-editor-canvas').boundingBox();
  const panel = await designer.locator('.flow-editor-panel').boundingBox();
  if (!body || !canvas || !panel) throw new Error('the designer is not laid out');
  expect(canvas.width).toBeGreaterThan(body.width * 0.9);
  expect(panel.y).toBeGreaterThanOrEqual(canvas.y + canvas.height);
  // The palette speaks the page's language.
  await expect(designer.locator('.djs-palette [data-action="create.task"]')).toHaveAttribute(
    'aria-label',
    '创建任务',
  );
  // The whole diagram shows beside the palette: no shape lies under it or past the canvas.
  const palette = await designer.locator('.djs-palette').boundingBox();
  const shapes = await designer.locator('.djs-shape[data-element-id]').all();
  expect(shapes.length).toBeGreaterThanOrEqual(3);
  for (const shape of shapes) {
    const box = await shape.boundingBox();
    expect(
      box && palette && box.x >= palette.x + palette.width && box.x + box.width <= canvas.x + canvas.width,
    ).toBe(true);
  }
  await designer.locator('#flow-task-groups').scrollIntoViewIfNeeded();
  await expect(designer.locator('#flow-task-groups')).toBeInViewport();
});

test('in English a new model starts with an Approval task, and an empty submit marks the fields and throws nothing', async ({
  page,
}) => {
  const thrown: string[] = [];
  page.on('pageerror', (error) => thrown.push(error.message));
  await signIn(page);
  await page.evaluate(() => window.localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })));
  await page.goto('/flow/model/index');
  await page.locator('.crud-toolbar').getByRole('button', { name: 'Add' }).click();
  const designer = page.locator('.flow-designer');
  await expect(designer.locator('.flow-editor')).toHaveAttribute('data-state', 'ready');
  await expect(designer.locator('[data-element-id="UserTask_1"]')).toHaveText('Approval');

  await designer.getByRole('button', { name: 'Submit' }).click();
  await expect(designer.locator('.ant-form-item-explain-error').first()).toBeVisible();
  await expect(designer).toBeVisible();
  // a refusal of the form is not an uncaught rejection of the page
  await page.waitForTimeout(500);
  expect(thrown).toEqual([]);
});
