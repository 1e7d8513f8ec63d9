import { type Browser, expect, type Page, test } from '@playwright/test';
import { choose, confirmBox, crud, dialog, rowOf, signIn, toast, tool } from './helpers';

/**
 * Issue 5 end to end on the real server: avatar upload, attachments, object storage and SMS
 * configurations, a notice reaching another signed-in browser live, and the API log of what was
 * just done.
 */
test.describe.configure({ mode: 'serial' });

const RUN = Date.now().toString(36);
/** A 1×1 PNG, well under the avatar limit. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

async function signedInPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page);
  return page;
}

test('an uploaded avatar is stored with the avatar check and shows in the top bar', async ({ page }) => {
  await signIn(page);
  await page.goto('/info/index');
  const uploaded = page.waitForResponse((r) => r.url().includes('/put-file'));
  await page.locator('.ant-card input[type=file]').first().setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  const response = await uploaded;
  expect(new URL(response.url()).searchParams.get('purpose')).toBe('avatar');
  const link = ((await response.json()) as { data: { link: string } }).data.link;
  const panel = page.locator('.ant-card').getByRole('tabpanel');
  await panel.getByLabel('手机号', { exact: true }).fill('13812345678');
  await panel.getByRole('button', { name: '提交' }).click();
  await expect(page.getByText('操作成功!')).toBeVisible();
  await expect(page.locator('.shell-user img')).toHaveAttribute('src', link);
  const image = await page.request.get(link);
  expect(image.headers()['content-type']).toContain('image/png');
});

test('an attachment is added by its upload, renamed and deleted; no 新增 form or import stands in its way', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/resource/attach');
  const list = crud(page);
  // The server records an attachment only from an upload: a 新增 form or an import would only be refused.
  await expect(tool(list, '上传附件')).toBeVisible();
  await expect(tool(list, '回收站')).toBeVisible();
  await expect(tool(list, '新增')).toHaveCount(0);
  await expect(tool(list, '导入')).toHaveCount(0);
  const name = `e2e-${RUN}.txt`;
  await list.locator('.crud-toolbar input[type=file]').setInputFiles({
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from('an attachment'),
  });
  await expect(toast(page, '上传成功')).toBeVisible();
  const row = rowOf(list, name);
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: '编辑' }).click();
  const edit = dialog(page, '编辑');
  await edit.getByLabel('附件原名').fill(`renamed-${name}`);
  await edit.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '更新成功')).toBeVisible();
  const renamed = rowOf(list, `renamed-${name}`);
  await expect(renamed).toBeVisible();

  await renamed.getByRole('button', { name: '删除' }).click();
  await confirmBox(page).getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '删除成功')).toBeVisible();
  await expect(rowOf(list, name)).toHaveCount(0);
});

test('an OSS configuration is created with a write-only secret and enabled', async ({ page }) => {
  await signIn(page);
  await page.goto('/resource/oss/index');
  const list = crud(page);
  await list.locator('.crud-toolbar').getByRole('button', { name: '新增' }).click();
  const add = dialog(page, '新增');
  await choose(page, add.getByLabel('存储类型'), '本地存储');
  await add.getByLabel('资源编号').fill(`e2e${RUN}`);
  await add.getByLabel('secretKey').fill('top-secret-value');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const row = rowOf(list, `e2e${RUN}`);
  await expect(row).toBeVisible();
  await expect(list.getByText('top-secret-value')).toHaveCount(0);

  await row.getByRole('button', { name: '启用' }).click();
  await expect(toast(page, '启用成功')).toBeVisible();
  await expect(row.getByText('已启用')).toBeVisible();
  await expect(list.locator('.ant-table-row').getByText('已启用')).toHaveCount(1);

  await row.getByRole('button', { name: '编辑' }).click();
  const edit = dialog(page, '编辑');
  await expect(edit.getByLabel('secretKey')).toHaveValue('');
  await expect(edit.getByLabel('secretKey')).toHaveAttribute('placeholder', '留空则保留原密钥');
  await edit.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '更新成功')).toBeVisible();
});

test('an SMS sent through the log category is checked, sent and recorded', async ({ page }) => {
  await signIn(page);
  await page.goto('/resource/sms/index');
  const list = crud(page);
  await list.locator('.crud-toolbar').getByRole('button', { name: '新增' }).click();
  const add = dialog(page, '新增');
  await choose(page, add.getByLabel('服务类型'), '仅记录');
  await add.getByLabel('资源编号').fill(`sms${RUN}`);
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(page, '新增成功')).toBeVisible();
  const row = rowOf(list, `sms${RUN}`);
  await row.getByRole('button', { name: '启用' }).click();
  await expect(row.getByText('已启用')).toBeVisible();

  await list.locator('.crud-toolbar').getByRole('button', { name: '发送短信' }).click();
  const send = dialog(page, '发送短信');
  const phones = send.getByLabel('手机号码');
  const submit = send.getByRole('button', { name: '提交' });
  await submit.click();
  await expect(send.getByText('手机号码不能为空')).toBeVisible();
  await phones.fill('13800138000,1380013');
  await expect(send.getByText('手机号码长度不为11位')).toBeVisible();
  await phones.fill('13800138000,12800138000');
  await expect(send.getByText('手机号码格式不正确')).toBeVisible();
  const phone = `139${String(Date.now()).slice(-8)}`;
  await phones.fill(`13800138000,${phone}`);
  await send.getByLabel('短信参数').fill('{"code":"4321"}');
  await submit.click();
  await expect(toast(page, '发送成功!')).toBeVisible();
  await expect(send).toBeHidden();

  await page.getByRole('tab', { name: '短信记录' }).click();
  const records = crud(page);
  await expect(rowOf(records, phone)).toBeVisible();
  await expect(rowOf(records, phone)).toContainText('4321');
});

test('a published notice reaches another signed-in browser live', async ({ browser }) => {
  const reader = await signedInPage(browser);
  // the shell opens the notice stream shortly after sign-in
  await reader.waitForResponse((r) => r.url().includes('/blade-desk/notice/stream'), { timeout: 15_000 });
  const writer = await signedInPage(browser);

  const title = `E2E通知${RUN}`;
  await writer.goto('/desk/notice/index');
  const list = crud(writer);
  await list.locator('.crud-toolbar').getByRole('button', { name: '新增' }).click();
  const add = dialog(writer, '新增');
  await add.getByLabel('通知标题').fill(title);
  await choose(writer, add.getByLabel('通知类型'), '发布通知');
  const when = add.getByLabel('通知日期');
  await when.click();
  await when.fill('2026-01-01 09:00:00');
  await when.press('Enter');
  await add.getByLabel('通知内容').fill('<p>hello</p><script>alert(1)</script>');
  await add.getByRole('button', { name: '提交' }).click();
  await expect(toast(writer, '新增成功')).toBeVisible();

  await expect(reader.locator('.notice-fresh')).toBeVisible();
  await reader.getByRole('button', { name: '消息通知' }).click();
  await reader.getByRole('tab', { name: '通知' }).click();
  await expect(reader.locator('.notice-real-list').getByText(title)).toBeVisible();
  await reader.context().close();
  await writer.context().close();
});

test('the API log shows a row for an action just taken', async ({ page }) => {
  await signIn(page);
  await page.goto('/monitor/log/api/index');
  const list = crud(page);
  await list.getByLabel('请求接口').fill('/oss/enable');
  await expect(async () => {
    await list.getByRole('button', { name: '搜索' }).click();
    await expect(list.locator('.ant-table-row').first()).toContainText('/api/blade-resource/oss/enable', {
      timeout: 1000,
    });
  }).toPass({ timeout: 15_000 });
  await list.locator('.ant-table-row').first().getByRole('button', { name: '查看' }).click();
  await expect(dialog(page, '查看').getByLabel('请求数据')).toBeVisible();
});
