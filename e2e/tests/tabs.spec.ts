import { expect, type Page, test } from '@playwright/test';
import { openDropdown, signIn, tabLabels } from './helpers';

const tab = (page: Page, label: string) => page.locator('.shell-tabs .ant-tabs-tab', { hasText: label });
/** An item of the open dropdown; the dropdown closes after the choice. */
async function chooseMenuItem(page: Page, name: string): Promise<void> {
  const open = await openDropdown(page);
  await open.getByRole('menuitem', { name }).click();
  await expect(open).toHaveCount(0);
}

/** Loads three pages one after another, each shown (its tab open) before the next is loaded. */
async function openThreePages(page: Page): Promise<void> {
  for (const [path, label] of [
    ['/system/user/index', '用户管理'],
    ['/system/dept/index', '机构管理'],
    ['/system/post/index', '岗位管理'],
  ] as const) {
    await page.goto(path);
    await expect(tab(page, label)).toBeVisible();
  }
}

test.beforeEach(async ({ page }) => {
  await signIn(page);
});

test('home tab is fixed; closing the active tab activates the previous one', async ({ page }) => {
  expect(await tabLabels(page)).toEqual(['首页']);
  await expect(tab(page, '首页').locator('.ant-tabs-tab-remove')).toHaveCount(0);

  await openThreePages(page);
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '用户管理', '机构管理', '岗位管理']);
  await expect(tab(page, '首页').locator('.ant-tabs-tab-remove')).toHaveCount(0);

  await tab(page, '岗位管理').locator('.ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/system\/dept\/index$/);
  expect(await tabLabels(page)).toEqual(['首页', '用户管理', '机构管理']);

  await tab(page, '首页').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await tab(page, '用户管理').locator('.ant-tabs-tab-remove').click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  expect(await tabLabels(page)).toEqual(['首页', '机构管理']);
});

test('context menu: close others, close all, clear cache; the tabs menu opens search', async ({ page }) => {
  await openThreePages(page);
  await tab(page, '机构管理').click();
  await expect(page).toHaveURL(/\/system\/dept\/index$/);

  await tab(page, '机构管理').locator('.shell-tab-label').click({ button: 'right' });
  await chooseMenuItem(page, '关闭其他');
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '机构管理']);

  await tab(page, '机构管理').locator('.shell-tab-label').click({ button: 'right' });
  await chooseMenuItem(page, '清除缓存');
  await expect(page.getByText('清除完毕')).toBeVisible();

  await page.getByRole('button', { name: '标签菜单' }).click();
  await chooseMenuItem(page, '关闭全部');
  await expect(page).toHaveURL(/\/wel\/index$/);
  expect(await tabLabels(page)).toEqual(['首页']);

  await page.getByRole('button', { name: '标签菜单' }).click();
  await chooseMenuItem(page, '搜索');
  await expect(page.getByPlaceholder('请输入菜单名称搜索')).toBeVisible();
});

test('close others on an inactive tab keeps only that tab (and the fixed home tab) and shows it', async ({
  page,
}) => {
  await openThreePages(page);
  await expect(page).toHaveURL(/\/system\/post\/index$/);
  await tab(page, '用户管理').locator('.shell-tab-label').click({ button: 'right' });
  await chooseMenuItem(page, '关闭其他');
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '用户管理']);
  await expect(page).toHaveURL(/\/system\/user\/index$/);
});
