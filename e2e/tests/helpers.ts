import { expect, type Page } from '@playwright/test';

export const ADMIN = { tenantId: '000000', account: 'admin', password: 'admin' };

/** Signs in through the sign-in page and waits for the home page. */
export async function signIn(page: Page, account = ADMIN.account, password = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-username').fill(account);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  await expect(page.locator('.shell-sider')).toBeVisible();
}

/** The shell's sidebar. */
export const sidebar = (page: Page) => page.locator('.shell-sider');

/** The page tabs' labels, in order. */
export async function tabLabels(page: Page): Promise<string[]> {
  return page.locator('.shell-tabs .ant-tabs-tab .shell-tab-label').allInnerTexts();
}

/** Reads a stored entry (spec storage shape) from local or session storage. */
export async function storedContent(page: Page, name: string): Promise<unknown> {
  return page.evaluate((key) => {
    const raw = window.sessionStorage.getItem(key) ?? window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as { content: unknown }).content : null;
  }, `saber-${name}`);
}
