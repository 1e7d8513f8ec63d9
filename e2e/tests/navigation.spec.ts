import { expect, test } from '@playwright/test';
import { sidebar, signIn, tabLabels } from './helpers';

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('sidebar: one submenu open at a time, a leaf opens its page and tab', async ({ page }) => {
  const side = sidebar(page);
  await side.getByText('商城管理', { exact: true }).click();
  await expect(side.getByText('轮播管理', { exact: true })).toBeVisible();
  await side.getByText('系统管理', { exact: true }).click();
  await expect(side.getByText('用户管理', { exact: true })).toBeVisible();
  await expect(side.getByText('轮播管理', { exact: true })).toBeHidden();
  await expect(side.locator('.ant-menu-submenu-open')).toHaveCount(1);

  await side.getByText('用户管理', { exact: true }).click();
  await expect(page).toHaveURL(/\/system\/user\/index$/);
  await expect(page.locator('.crud-page')).toBeVisible();
  await expect(page).toHaveTitle('用户管理-商城学习平台管理系统');
  expect(await tabLabels(page)).toEqual(['首页', '用户管理']);
  await expect(side.locator('.ant-menu-item-selected')).toHaveText('用户管理');
});

test('top menu: opening one reloads the sidebar; the home item restores it', async ({ page }) => {
  const top = page.locator('.shell-top-menu');
  await top.getByText('商城', { exact: true }).click();
  await expect(page).toHaveURL(/\/mall\/[a-z]+\/index$/);
  await expect(sidebar(page).getByText('商城管理', { exact: true })).toBeVisible();
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toHaveCount(0);

  await top.getByText('首页', { exact: true }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(sidebar(page).getByText('系统管理', { exact: true })).toBeVisible();
});

test('search: prefix match on leaf names, case-insensitive; select navigates and clears; Esc closes', async ({
  page,
}) => {
  await page.getByRole('button', { name: '搜索菜单' }).click();
  const overlay = page.getByRole('dialog', { name: '搜索菜单' });
  const box = overlay.getByPlaceholder('请输入菜单名称搜索');
  await box.fill('用户');
  await expect(overlay.getByRole('button', { name: /用户管理/ })).toBeVisible();
  await expect(overlay.getByRole('button', { name: /机构管理/ })).toHaveCount(0);
  await box.fill('管理');
  await expect(overlay.getByText('没有匹配的菜单')).toBeVisible();
  await box.fill('USERS');
  await overlay.getByRole('button', { name: /用户管理/ }).click();
  await expect(page).toHaveURL(/\/system\/user\/index$/);
  await expect(overlay).toBeHidden();

  await page.getByRole('button', { name: '搜索菜单' }).click();
  await expect(box).toHaveValue('');
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
});

test('a fixed route inside the shell and the console page hidden from the menu', async ({ page }) => {
  await page.goto('/wel/dashboard');
  await expect(page.getByText('控制台显示商城的真实数据。')).toBeVisible();
  await expect(sidebar(page)).toHaveCount(0);
  await page.goto('/info/index');
  await expect(page.getByRole('tab', { name: '修改密码' })).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
});

test('an embedded page opens in the iframe route as a tab named by the query', async ({ page }) => {
  await page.goto('/myiframe/urlPath?src=%2Ffavicon.svg&name=Embedded');
  await expect(page.locator('iframe[title="Embedded"]')).toHaveAttribute('src', '/favicon.svg');
  expect(await tabLabels(page)).toEqual(['首页', 'Embedded']);
});

test('top menu: the chosen top menu is the highlighted one; a page outside it still opens', async ({
  page,
}) => {
  const top = page.locator('.shell-top-menu');
  const selected = top.locator('.ant-menu-item-selected');
  await expect(selected).toHaveText('首页');
  await top.getByText('系统', { exact: true }).click();
  await expect(page).toHaveURL(/\/system\/[a-z]+\/index$/);
  await expect(selected).toHaveText('系统');
  await expect(top.locator('.ant-menu-item', { hasText: '首页' })).not.toHaveClass(/ant-menu-item-selected/);

  // A page of another top menu, by its address: the whole menu comes back, so 首页 is current again.
  await page.goto('/mall/order/index');
  await expect(page).toHaveURL(/\/mall\/order\/index$/);
  await expect(sidebar(page).getByText('商城管理', { exact: true })).toBeVisible();
  await expect(selected).toHaveText('首页');
});

test('search: ↑/↓ move through the results, Enter opens the marked one; Esc forgets the text', async ({
  page,
}) => {
  await page.getByRole('button', { name: '搜索菜单' }).click();
  const overlay = page.getByRole('dialog', { name: '搜索菜单' });
  const box = overlay.getByPlaceholder('请输入菜单名称搜索');
  await box.fill('系统');
  const results = overlay.locator('.shell-search-results button');
  await expect(results).toHaveCount(2);
  const names = await results.locator('.shell-search-name').allInnerTexts();
  await expect(results.nth(0)).toHaveAttribute('aria-current', 'true');
  await box.press('ArrowDown');
  await expect(results.nth(1)).toHaveAttribute('aria-current', 'true');
  await box.press('ArrowDown');
  await expect(results.nth(0)).toHaveAttribute('aria-current', 'true');
  await box.press('ArrowUp');
  await expect(results.nth(1)).toHaveAttribute('aria-current', 'true');
  await box.press('Enter');
  await expect(overlay).toBeHidden();
  await expect(page.locator('.shell-tabs .ant-tabs-tab-active')).toHaveText(names[1] ?? '');

  await page.getByRole('button', { name: '搜索菜单' }).click();
  await box.fill('用户');
  await page.keyboard.press('Escape');
  await expect(overlay).toBeHidden();
  await page.getByRole('button', { name: '搜索菜单' }).click();
  await expect(box).toHaveValue('');
  await expect(overlay.locator('.shell-search-results')).toHaveCount(0);
});
