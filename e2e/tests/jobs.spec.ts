import { expect, type Locator, type Page, test } from '@playwright/test';
import { confirmBox, signIn, storedContent, toast } from './helpers';

const BASIC = { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' };

/** The jobs table's row of a job (by its key, e.g. flow.timers). */
const jobRow = (page: Page, key: string): Locator =>
  page.locator('.job-page .ant-table-row').filter({ hasText: key });

/** Answers an open confirmation with 确定. */
const confirm = (page: Page) => confirmBox(page).getByRole('button', { name: '确定' }).click();

/**
 * 系统管理 › 定时任务 on the real server, whose scheduler runs the product's jobs: the list with
 * the next five runs, editing a schedule with its live preview, run now and the run history,
 * pause and resume; and a notice dated a few seconds ahead appears in the notice popover once the
 * publishing job (set here to every second) has published it.
 */
test('the jobs screen lists, edits, runs, pauses and resumes jobs; a scheduled notice appears at its time', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page.locator('.shell-sider').getByText('系统管理', { exact: true }).click();
  await page.locator('.shell-sider').getByText('定时任务', { exact: true }).click();
  await expect(page).toHaveURL(/\/system\/job\/index$/);

  // Platform and tenant jobs, each with its schedule and the next five runs.
  const timers = jobRow(page, 'flow.timers');
  await expect(timers).toContainText('流程定时器', { timeout: 30_000 });
  await expect(timers.locator('.ant-tag', { hasText: '平台' })).toBeVisible();
  await expect(timers.locator('.job-cron')).toHaveText('*/2 * * * * *');
  await expect(jobRow(page, 'mall.close-unpaid-orders').locator('.ant-tag', { hasText: '平台' })).toHaveCount(
    0,
  );
  await timers.getByRole('button', { name: '接下来五次' }).click();
  const nextRuns = page.locator('.ant-popover:visible .job-next-runs li');
  await expect(nextRuns).toHaveCount(5);
  const times = await nextRuns.allInnerTexts();
  const gaps = times
    .slice(1)
    .map((x, i) => (Date.parse(x.replace(' ', 'T')) - Date.parse(times[i]!.replace(' ', 'T'))) / 1000);
  expect(gaps).toEqual([2, 2, 2, 2]);
  await page.keyboard.press('Escape');

  // Edit a schedule: a wrong one is named beside the field; a good one previews its next runs.
  const notices = jobRow(page, 'desk.publish-notices');
  await notices.getByRole('button', { name: '修改计划' }).click();
  const dialog = page.locator('.job-schedule-dialog');
  await expect(dialog.locator('.job-preview li')).toHaveCount(5);
  await dialog.locator('.job-cron-input').fill('61 * * * *');
  await expect(dialog.locator('.ant-form-item-explain-error')).toContainText('执行计划「61 * * * *」无效');
  await expect(dialog.locator('.job-preview li')).toHaveCount(0);
  await dialog.locator('.job-cron-input').fill('* * * * * *');
  await expect(dialog.locator('.job-preview li')).toHaveCount(5);
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '操作成功!')).toBeVisible();
  await expect(notices.locator('.job-cron')).toHaveText('* * * * * *');

  // A notice dated a few seconds ahead: not shown at first, in the popover once published.
  const token = (await storedContent(page, 'token')) as string;
  const release = new Date(Date.now() + 15_000);
  // The server's TIME_ZONE is Asia/Shanghai (UTC+8 all year): its wire time of `release`.
  const wire = new Date(release.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
  const saved = await page.request.post('/api/blade-desk/notice/submit', {
    headers: { ...BASIC, 'Blade-Auth': `bearer ${token}` },
    data: { title: 'E2E定时通知', category: 1, releaseTime: wire },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  expect(((await saved.json()) as { data: { published: number } }).data.published).toBe(0);
  const popover = async () => {
    await page.reload();
    await page.getByRole('button', { name: '消息通知' }).click();
    await page.locator('.ant-popover:visible').getByRole('tab', { name: '通知' }).click();
    const text = await page.locator('.ant-popover:visible .notice-real-list').innerText();
    await page.keyboard.press('Escape');
    return text;
  };
  // Users' lists leave it out until it is published.
  const shown = await page.request.get('/api/blade-desk/notice/list', {
    headers: { ...BASIC, 'Blade-Auth': `bearer ${token}` },
    params: { current: 1, size: 10, published: 1 },
  });
  expect(JSON.stringify(await shown.json())).not.toContain('E2E定时通知');
  await expect.poll(popover, { timeout: 45_000, intervals: [2000] }).toContain('E2E定时通知');
  expect(Date.now()).toBeGreaterThanOrEqual(release.getTime() - 1000);

  // Run now: the run ends and shows in the job's history.
  const close = jobRow(page, 'mall.close-unpaid-orders');
  await close.getByRole('button', { name: '立即运行' }).click();
  await confirm(page);
  await expect(toast(page, '任务已开始运行')).toBeVisible();
  await close.getByRole('button', { name: '运行记录' }).click();
  const history = page.locator('.job-runs-dialog');
  const manual = history.locator('.ant-table-row').filter({ hasText: '手动' }).first();
  await expect(manual).toContainText('成功', { timeout: 20_000 });
  await expect(manual.locator('td').nth(4)).toHaveText(/\d+(\.\d)? m?s/);
  await history.locator('.ant-modal-close').click();

  // Pause: no next run; resume: waiting again with a next run.
  const states = jobRow(page, 'mall.activity-states');
  await states.getByRole('button', { name: '暂停' }).click();
  await confirm(page);
  await expect(states.locator('.ant-tag', { hasText: '已暂停' })).toBeVisible();
  await expect(states.locator('td').nth(4)).toHaveText('');
  await states.getByRole('button', { name: '恢复' }).click();
  await confirm(page);
  await expect(states.locator('.ant-tag', { hasText: '等待中' })).toBeVisible();
  await expect(states.locator('td').nth(4)).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:00$/);

  // Put the publishing job back on its default schedule.
  await notices.getByRole('button', { name: '修改计划' }).click();
  await dialog.getByRole('button', { name: '恢复默认' }).click();
  await expect(dialog.locator('.job-cron-input')).toHaveValue('0 * * * * *');
  await dialog.getByRole('button', { name: '提交' }).click();
  await expect(notices.locator('.job-cron')).toHaveText('0 * * * * *');
});
