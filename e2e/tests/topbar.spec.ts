import { expect, test } from '@playwright/test';
import { sidebar, signIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('notice popover: three tabs of sample items; paging appends more after a second', async ({ page }) => {
  await page.getByRole('button', { name: '消息通知' }).click();
  const popover = page.getByRole('tooltip');
  for (const name of ['邮件', '消息', '通知']) await expect(popover.getByRole('tab', { name })).toBeVisible();
  const pane = popover.getByRole('tabpanel', { name: '邮件' });
  const items = pane.getByRole('listitem');
  await expect(items).toHaveCount(5);
  await pane.getByRole('button', { name: '加载更多' }).click();
  await expect(items).toHaveCount(5);
  await expect(items).toHaveCount(10, { timeout: 3_000 });
});

test('the sidebar collapses on narrow screens and the toggle works', async ({ page }) => {
  const sider = sidebar(page);
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);
  await page.getByRole('button', { name: '收起/展开菜单' }).click();
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
  await page.getByRole('button', { name: '收起/展开菜单' }).click();
  await expect(sider).not.toHaveClass(/ant-layout-sider-collapsed/);

  await page.setViewportSize({ width: 900, height: 700 });
  await expect(sider).toHaveClass(/ant-layout-sider-collapsed/);
  expect(await sider.evaluate((el) => el.getBoundingClientRect().width)).toBe(64);
  // Phone widths: no sidebar column; the menu opens in a drawer from the menu button.
  await page.setViewportSize({ width: 700, height: 700 });
  await expect(sider).toHaveCount(0);
  await page.getByRole('button', { name: '菜单', exact: true }).click();
  await expect(page.locator('.shell-drawer .shell-sider')).toBeVisible();
});

test('full screen toggles', async ({ page }) => {
  await page.getByRole('button', { name: '全屏' }).click();
  await expect(page.getByRole('button', { name: '退出全屏' })).toBeVisible();
  await page.getByRole('button', { name: '退出全屏' }).click();
  await expect(page.getByRole('button', { name: '全屏' })).toBeVisible();
});
