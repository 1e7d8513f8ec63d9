import { bpmnDocument } from '@blade/schema';
import { expect, test } from '@playwright/test';
import { list, rowWith, toast } from './flow-helpers';
import { choose, confirmBox, signIn } from './helpers';

/**
 * Deployments and follow-up on the real server: a BPMN file is uploaded, suspended (it leaves the
 * start list) and activated again, an instance of it is followed and deleted with a reason.
 */
const NAME = 'E2E上传流程';
const BPMN = bpmnDocument({
  id: 'e2e_upload',
  name: NAME,
  body: `
    <startEvent id="s" />
    <sequenceFlow id="a" sourceRef="s" targetRef="confirm" />
    <userTask id="confirm" name="确认收货" flowable:assignee="\${starterId}" />
    <sequenceFlow id="b" sourceRef="confirm" targetRef="e" />
    <endEvent id="e" />`,
});

test('an uploaded definition is suspended, activated, started, followed and its instance deleted', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/flow/deploy/index');
  await page.locator('.crud-toolbar').getByRole('button', { name: '部署上传' }).click();
  const upload = page.locator('.ant-modal:visible');
  await upload.locator('input[type=file]').setInputFiles([
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') },
    { name: 'e2e-upload.bpmn', mimeType: 'text/xml', buffer: Buffer.from(BPMN) },
  ]);
  await expect(toast(page, 'notes.txt 不是 .bpmn 或 .bpmn20.xml 文件')).toBeVisible();
  // The category is picked by name and listed by name (the dictionary's key is stored).
  await choose(page, upload.getByLabel('流程分类'), '审批流程');
  await upload.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '部署成功')).toBeVisible();

  const definition = rowWith(page, 'e2e_upload');
  await expect(definition).toContainText(NAME);
  await expect(definition).toContainText('审批流程');
  await definition.getByRole('button', { name: '挂起' }).click();
  await confirmBox(page).getByRole('button', { name: '确定' }).click();
  await expect(definition.locator('.ant-tag')).toHaveText('挂起');
  await page.goto('/work/start/index');
  await expect(list(page).locator('.ant-table-row').filter({ hasText: NAME })).toHaveCount(0);

  await page.goto('/flow/deploy/index');
  await rowWith(page, 'e2e_upload').getByRole('button', { name: '激活' }).click();
  await confirmBox(page).getByRole('button', { name: '确定' }).click();
  await expect(rowWith(page, 'e2e_upload').locator('.ant-tag')).toHaveText('激活');
  await page.goto('/work/start/index');
  await rowWith(page, NAME).getByRole('button', { name: '发起' }).click();
  const startConfirm = confirmBox(page);
  await expect(startConfirm).toContainText(NAME);
  await startConfirm.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '流程已发起')).toBeVisible();
  await expect(page).toHaveURL(/\/work\/send\b/);

  await page.goto('/flow/follow/index');
  const instance = rowWith(page, NAME);
  await expect(instance).toContainText('确认收货');
  await instance.getByRole('button', { name: '跟踪' }).click();
  const history = page.locator('.ant-modal:visible');
  await expect(history.locator('.flow-diagram')).toHaveAttribute('data-state', 'ready');
  await expect(history.locator('.djs-element.flow-current[data-element-id="confirm"]')).toHaveCount(1);
  await expect(history.locator('.djs-element.flow-finished[data-element-id="s"]')).toHaveCount(1);
  await history.locator('.ant-modal-close').click();
  await expect(history).toBeHidden();

  await rowWith(page, NAME).getByRole('button', { name: '删除' }).click();
  const remove = page.locator('.ant-modal:visible');
  await remove.getByRole('button', { name: '确定' }).click();
  await expect(remove.getByText('请输入删除原因')).toBeVisible();
  await remove.getByLabel('删除原因').fill('测试数据');
  await remove.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(list(page).locator('.ant-table-row').filter({ hasText: NAME })).toHaveCount(0);
  await page.goto('/work/send/index');
  await expect(rowWith(page, NAME)).toContainText('已删除');
});
