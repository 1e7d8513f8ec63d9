import { createHash } from 'node:crypto';
import { type Browser, expect, type Locator, type Page, type TestInfo } from '@playwright/test';
import { firstPasswordChange } from './admin-api';
import { ADMIN, signIn, storedContent } from './helpers';

const BASIC = { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' };

/** The visible list page (kept-alive pages of other tabs are hidden). */
export const list = (page: Page): Locator => page.locator('.crud-page:visible').first();

/** The row of a list holding a text. */
export const rowWith = (page: Page, text: string): Locator =>
  list(page).locator('.ant-table-row').filter({ hasText: text }).first();

export { toast } from './helpers';

/**
 * Creates a user holding the signed-in administrator's role and department, and makes the change
 * of the administrator-given password their first sign-in asks for: they sign in with `password`.
 */
export async function createUser(
  page: Page,
  user: { account: string; password: string; realName: string },
): Promise<void> {
  const token = (await storedContent(page, 'token')) as string;
  const info = (await storedContent(page, 'userInfo')) as { roleId: string; deptId: string };
  const oneTime = `${user.password}-given`;
  const res = await page.request.post('/api/blade-user/submit', {
    headers: { ...BASIC, 'Blade-Auth': `bearer ${token}` },
    data: {
      account: user.account,
      password: createHash('md5').update(oneTime).digest('hex'),
      realName: user.realName,
      roleId: info.roleId,
      deptId: info.deptId,
      tenantId: ADMIN.tenantId,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await firstPasswordChange(page.request, { account: user.account, oneTime, password: user.password });
}

/** A second signed-in user in a browser context of its own. */
export async function signInElsewhere(
  browser: Browser,
  testInfo: TestInfo,
  account: string,
  password: string,
): Promise<Page> {
  const { baseURL, locale, viewport } = testInfo.project.use;
  const context = await browser.newContext({ baseURL, locale, viewport });
  const page = await context.newPage();
  await signIn(page, account, password);
  return page;
}
