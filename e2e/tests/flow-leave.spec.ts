import { expect, test } from '@playwright/test';
import { createUser, list, rowWith, signInElsewhere, toast } from './flow-helpers';
import { signIn } from './helpers';

/**
 * The leave request with two people on the real server: the administrator applies naming a
 * second user as approver, the approver approves it from the to-do list in a browser of their
 * own, and the applicant finds it done with the diagram highlighting the path it took.
 */
const APPROVER = { account: 'leave_mgr', password: 'Leave1234', realName: '部门经理' };
const REASON = '回家探亲';

test('a leave request is started, approved by the named approver and shown done', async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page);
  await createUser(page, APPROVER);

  // the applicant starts the leave process from the start list
  await page.goto('/work/start/index');
  await rowWith(page, '请假流程').getByRole('button', { name: '发起' }).click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/form\/\d+$/);
  const form = page.locator('.leave-form');
  await form.getByRole('button', { name: '提交' }).click();
  const errors = form.locator('.ant-form-item-explain-error');
  for (const message of ['请选择请假类型', '请选择开始时间', '请输入请假理由', '请选择审批人'])
    await expect(errors.filter({ hasText: message })).toBeVisible();

  await page.locator('#leave-type').click();
  await page.locator('.ant-select-dropdown:visible').getByText('年假', { exact: true }).click();
  for (const [id, time] of [
    ['#leave-start', '2026-12-01 09:00:00'],
    ['#leave-end', '2026-12-03 18:00:00'],
  ] as const) {
    await page.locator(id).click();
    await page.locator(id).fill(time);
    await page.locator(id).press('Enter');
  }
  await expect(form.locator('.leave-days')).toHaveText('3 天');
  await page.locator('#leave-reason').fill(REASON);
  await page.locator('#leave-approver').click();
  await page.locator('#leave-approver').fill(APPROVER.realName);
  await page
    .locator('.ant-select-dropdown:visible')
    .getByText(`${APPROVER.realName} (${APPROVER.account})`)
    .click();
  await form.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '请假申请已提交')).toBeVisible();
  await expect(page).toHaveURL(/\/work\/send\/index$/);
  await expect(rowWith(page, '请假流程')).toContainText('审批中');

  // the approver finds it in the to-do list, sees where it stands and approves it
  const approver = await signInElsewhere(browser, testInfo, APPROVER.account, APPROVER.password);
  await approver.goto('/work/todo/index');
  const task = rowWith(approver, '部门审批');
  await expect(task).toContainText('请假流程');
  await task.getByRole('button', { name: '办理' }).click();
  await expect(approver).toHaveURL(/\/work\/process\/leave\/handle\/\d+\/\d+\/\d+$/);
  await expect(approver.locator('.leave-summary')).toContainText(REASON);
  await expect(approver.locator('.flow-diagram')).toHaveAttribute('data-state', 'ready');
  await expect(approver.locator('.djs-element.flow-current[data-element-id="managerApproval"]')).toHaveCount(
    1,
  );
  await approver.locator('#work-comment').fill('同意，注意交接工作');
  await approver.getByRole('button', { name: '同意', exact: true }).click();
  await expect(toast(approver, '操作成功!')).toBeVisible();
  await expect(approver).toHaveURL(/\/work\/todo\/index$/);
  await expect(list(approver).locator('.ant-table-row').filter({ hasText: '部门审批' })).toHaveCount(0);
  await approver.goto('/work/done/index');
  await expect(rowWith(approver, '部门审批')).toContainText('同意，注意交接工作');
  await approver.context().close();

  // the applicant sees it done, and the detail page shows the history and the highlighted diagram
  await page.goto('/work/send/index');
  const sent = rowWith(page, '请假流程');
  await expect(sent).toContainText('已办结');
  await sent.getByRole('button', { name: '详情' }).click();
  await expect(page).toHaveURL(/\/work\/process\/leave\/detail\/\d+\/\d+$/);
  await expect(page.locator('.leave-summary')).toContainText('年假');
  await expect(page.locator('.leave-summary')).toContainText('3 天');
  // The first step is the applicant's own: it names who submitted the request.
  const submitted = page.locator('.flow-history .ant-table-row').first();
  await expect(submitted).toContainText('提交申请');
  await expect(submitted).toContainText('admin');
  const approval = page.locator('.flow-history .ant-table-row').filter({ hasText: '部门审批' });
  await expect(approval).toContainText(APPROVER.account);
  await expect(approval).toContainText('同意，注意交接工作');
  await expect(page.locator('.flow-diagram')).toHaveAttribute('data-state', 'ready');
  for (const id of ['start', 'managerApproval', 'approvedEnd'])
    await expect(page.locator(`.djs-element.flow-finished[data-element-id="${id}"]`)).toHaveCount(1);
  await expect(page.locator('.djs-element.flow-finished[data-element-id="hrApproval"]')).toHaveCount(0);
  await expect(page.locator('.djs-element.flow-current')).toHaveCount(0);
});
