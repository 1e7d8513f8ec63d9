import { expect, test } from '@playwright/test';
import { dialog, sidebar, signIn, tabLabels } from './helpers';

test('language switch changes texts, the stored language and the title', async ({ page }) => {
  await signIn(page);
  await page.getByRole('button', { name: '语言' }).click();
  await expect(page.getByRole('menuitem', { name: '中文' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: 'English' }).click();

  await expect(page).toHaveTitle('Home-Mall & Learning Admin');
  await expect(sidebar(page).getByText('System', { exact: true })).toBeVisible();
  expect(await tabLabels(page)).toEqual(['Home']);
  await expect(page.getByText('Welcome back, 管理员')).toBeVisible();
  const stored = await page.evaluate(
    () => JSON.parse(window.localStorage.getItem('saber-language') ?? '{}').content,
  );
  expect(stored).toBe('en');

  await page.getByRole('button', { name: 'Language' }).click();
  await expect(page.getByRole('menuitem', { name: 'English' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('menuitem', { name: '中文' }).click();
  await expect(page).toHaveTitle('首页-商城学习平台管理系统');
});

test('the sign-in page switches language too', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('语言').selectOption('en');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page).toHaveTitle('Login-Mall & Learning Admin');
});

test('theme switch recolours the shell and the colour persists', async ({ page }) => {
  await signIn(page);
  const siderBg = () => sidebar(page).evaluate((el) => getComputedStyle(el).backgroundColor);
  const headerBg = () => page.locator('.shell-header').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(await siderBg()).toBe('rgb(32, 34, 42)');

  await page.getByRole('button', { name: '主题' }).click();
  const themes = dialog(page, '选择主题');
  await expect(themes.locator('.theme-card')).toHaveCount(11);
  await themes.locator('[data-theme-name="theme-lte"]').click();
  await expect.poll(siderBg).toBe('rgb(34, 45, 50)');
  // AdminLTE's header blue, darkened for its white text to read
  await expect.poll(headerBg).toBe('rgb(53, 125, 167)');

  await themes.locator('[data-theme-name="theme-white"]').click();
  await expect.poll(siderBg).toBe('rgb(255, 255, 255)');
  await page.reload();
  await expect.poll(siderBg).toBe('rgb(255, 255, 255)');
});
