import { expect, test } from '@playwright/test';
import { dialog, signIn } from './helpers';

test('lock requires a password, holds every route, and unlocks with it', async ({ page }) => {
  await signIn(page);
  await page.goto('/system/user/index');
  await page.getByRole('button', { name: '锁屏' }).click();
  const setLock = dialog(page, '设置锁屏密码');
  // The lock is the browser's only: it says so where it is set and where it holds.
  await expect(setLock).toContainText('锁屏只遮住本设备上的页面，登录状态保持不变');
  await setLock.getByRole('button', { name: '确定' }).click();
  await expect(setLock.getByText('锁屏密码不能为空')).toBeVisible();
  await setLock.getByLabel('锁屏密码').fill('s3cret');
  await setLock.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/lock$/);

  await page.goto('/wel/index');
  await expect(page).toHaveURL(/\/lock$/);
  await expect(page.locator('.lock-card')).toContainText('登录状态保持不变');

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

test('a lock holds in every tab until unlocked, and the lock page fills the window', async ({
  page,
  context,
}) => {
  await signIn(page);
  await page.getByRole('button', { name: '锁屏' }).click();
  const setLock = dialog(page, '设置锁屏密码');
  await setLock.getByLabel('锁屏密码').fill('s3cret');
  await setLock.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/lock$/);
  const card = page.locator('.lock-page');
  const size = page.viewportSize();
  expect(await card.boundingBox()).toEqual({ x: 0, y: 0, width: size?.width, height: size?.height });

  // A new tab starts locked.
  const other = await context.newPage();
  await other.goto('/system/user/index');
  await expect(other).toHaveURL(/\/lock$/);

  // An unlocked tab follows a lock made in another one.
  await other.getByLabel('锁屏密码').fill('s3cret');
  await other.getByRole('button', { name: '解锁' }).click();
  await expect(other).not.toHaveURL(/\/lock$/);
  await expect(page).not.toHaveURL(/\/lock$/);
  await other.getByRole('button', { name: '锁屏' }).click();
  const again = dialog(other, '设置锁屏密码');
  await again.getByLabel('锁屏密码').fill('other');
  await again.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/lock$/);

  // Reloading does not unlock; signing out does.
  await page.reload();
  await expect(page).toHaveURL(/\/lock$/);
  await page.getByRole('button', { name: '退出系统' }).click();
  await expect(page).toHaveURL(/\/login/);
  await other.goto('/wel/index');
  await expect(other).toHaveURL(/\/login/);
});
