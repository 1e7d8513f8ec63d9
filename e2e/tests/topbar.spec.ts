import { expect, test } from '@playwright/test';
import { sidebar, signIn } from './helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('notice popover: the real notices first, then two tabs of sample items said to be samples', async ({
  page,
}) => {
  await page.getByRole('button', { name: '消息通知' }).click();
  const popover = page.getByRole('tooltip');
  for (const name of ['通知', '邮件（示例）', '消息（示例）'])
    await expect(popover.getByRole('tab', { name })).toBeVisible();
  await popover.getByRole('tab', { name: '邮件（示例）' }).click();
  const pane = popover.getByRole('tabpanel', { name: '邮件（示例）' });
  await expect(pane.getByRole('listitem')).toHaveCount(5);
  await expect(pane.getByText('示例消息 1', { exact: true })).toBeVisible();
  await expect(pane.getByRole('button', { name: '加载更多' })).toHaveCount(0);
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
