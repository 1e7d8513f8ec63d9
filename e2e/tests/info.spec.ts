import { expect, type Page, test } from '@playwright/test';
import { createUser } from './flow-helpers';
import { signIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

/** The input labelled `label` in the open tab of the personal info page. */
const field = (page: Page, label: string) =>
  page.locator('.ant-card').getByRole('tabpanel').getByLabel(label, { exact: true });

test('personal info: phone check messages, then a saved update', async ({ page }) => {
  await page.locator('.shell-user').click();
  await page.getByRole('menuitem', { name: '个人信息' }).click();
  await expect(page).toHaveURL(/\/info\/index$/);
  await expect(field(page, '姓名')).toHaveValue('管理员');
  await expect(page.getByText('只能上传 jpg/png 文件，且不超过 500kb')).toBeVisible();
  const phone = field(page, '手机号');
  // an empty phone is refused, so the label says the field is required before anyone submits
  await expect(
    page
      .locator('.ant-card')
      .getByRole('tabpanel')
      .locator('label.ant-form-item-required', { hasText: '手机号' }),
  ).toBeVisible();
  const submit = page.locator('.ant-card').getByRole('tabpanel').getByRole('button', { name: '提交' });

  await phone.fill('');
  await submit.click();
  await expect(page.getByText('手机号码不能为空')).toBeVisible();
  await phone.fill('12345');
  await expect(page.getByText('手机号码长度不为11位')).toBeVisible();
  await phone.fill('01012345678');
  await expect(page.getByText('手机号码格式不正确')).toBeVisible();
  await phone.fill('13812345678');
  await field(page, '邮箱').fill('admin@example.com');
  await submit.click();
  await expect(page.getByText('操作成功!')).toBeVisible();

  await page.reload();
  await expect(field(page, '手机号')).toHaveValue('13812345678');
});

test('change password: required, match and length checks, server refusal, then a change that signs in', async ({
  page,
}) => {
  // A user of its own, so the administrator's password stays as the other tests know it.
  const user = { account: 'pwd_changer', password: 'First-pass-2026', realName: '改密用户' };
  await createUser(page, user);
  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, user.account, user.password);
  await page.goto('/info/index');
  await page.getByRole('tab', { name: '修改密码' }).click();
  const submit = page.locator('.ant-card').getByRole('tabpanel').getByRole('button', { name: '提交' });
  await submit.click();
  await expect(page.getByText('请输入原密码')).toBeVisible();
  await expect(page.getByText('请输入新密码')).toBeVisible();

  const fill = async (old: string, next: string, again: string) => {
    await field(page, '原密码').fill(old);
    await field(page, '新密码').fill(next);
    await field(page, '确认密码').fill(again);
  };
  await fill(user.password, 'Second-pass-2026', 'Second-pass-2027');
  await expect(page.getByText('两次密码输入不一致')).toBeVisible();

  await fill(user.password, 'short1', 'short1');
  await expect(page.getByText('密码至少需要 8 个字符')).toBeVisible();

  await fill('not-the-password', 'Second-pass-2026', 'Second-pass-2026');
  await submit.click();
  await expect(page.locator('.ant-message-error')).toBeVisible();

  await fill(user.password, 'Second-pass-2026', 'Second-pass-2026');
  await submit.click();
  await expect(page.getByText('操作成功!')).toBeVisible();

  await page.context().clearCookies();
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  await signIn(page, user.account, 'Second-pass-2026');
});

test('without switch mode the user menu has no switch entry', async ({ page }) => {
  await page.locator('.shell-user').click();
  await expect(page.getByRole('menuitem', { name: '退出系统' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: '切换部门/角色' })).toHaveCount(0);
});
