import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('lock requires a password, holds every route, and unlocks with it', async ({ page }) => {
  await signIn(page);
  await page.goto('/system/user/index');
  await page.getByRole('button', { name: '锁屏' }).click();
  const dialog = page.getByRole('dialog', { name: '设置锁屏密码' });
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('锁屏密码不能为空')).toBeVisible();
  await dialog.getByLabel('锁屏密码').fill('s3cret');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/lock$/);

  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/lock$/);

  const input = page.getByLabel('锁屏密码');
  await input.fill('nope');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page.getByText('锁屏密码错误')).toBeVisible();
  await input.fill('s3cret');
  await page.getByRole('button', { name: '解锁' }).click();
  await expect(page).toHaveURL(/\/system\/user\/index$/);
  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/wel\/index$/);
});
