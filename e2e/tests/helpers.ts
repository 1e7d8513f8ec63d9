import { expect, type Locator, type Page } from '@playwright/test';

export const ADMIN = { tenantId: '000000', account: 'admin', password: 'admin' };

/** Signs in through the sign-in page and waits for the home page. */
export async function signIn(page: Page, account = ADMIN.account, password = ADMIN.password): Promise<void> {
  await page.goto('/login');
  await page.locator('#login-username').fill(account);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page).toHaveURL(/\/wel\/index$/);
  // Phones have the menu in a drawer, not a sidebar column.
  await expect(page.locator(isPhone(page) ? '.shell-topbar' : '.shell-sider')).toBeVisible();
}

/** Signs in as the administrator at a screen width, in Chinese or (stored, then reloaded) English. */
export async function signInAt(page: Page, width: number, lang: 'zh' | 'en'): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page);
  if (lang === 'en') {
    await page.evaluate(() =>
      window.localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })),
    );
    await page.reload();
  }
}

/** The three widths the product is used at. */
export const WIDTHS = {
  phone: { width: 375, height: 812 },
  tablet: { width: 768, height: 1024 },
  desktop: { width: 1366, height: 800 },
} as const;

/** Below 768 px the shell shows the phone layout (menu drawer). */
export const isPhone = (page: Page): boolean => (page.viewportSize()?.width ?? 1366) < 768;

/** Whether an element lies inside the window, left to right. */
export async function insideWindow(page: Page, target: Locator): Promise<boolean> {
  const box = await target.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return !!box && box.x >= 0 && box.x + box.width <= width + 0.5;
}

/** The visible list page (kept-alive pages of other tabs are hidden). */
export const crud = (page: Page, nth = 0): Locator => page.locator('.crud-page:visible').nth(nth);

/**
 * The open dialog with this title, once its opening zoom has ended: a click while it is still
 * scaled down lands on a shrunken control, and on a busy machine that click can miss its effect.
 */
export const dialog = (page: Page, title: string): Locator =>
  page
    .locator('.ant-modal:visible:not([class*="-appear"]):not([class*="-enter"])')
    .filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** The open confirmation (modal.confirm), once its opening zoom has ended, for the same reason. */
export const confirmBox = (page: Page): Locator =>
  page.locator('.ant-modal-confirm:visible:not([class*="-appear"]):not([class*="-enter"])');

/** The latest message toast with this text. */
export const toast = (page: Page, text: string): Locator =>
  page.locator('.ant-message').getByText(text).last();

/** A toolbar button of a list page (row buttons share some names). */
export const tool = (list: Locator, name: string): Locator =>
  list.locator('.crud-toolbar').getByRole('button', { name });

/** The rows of a list holding a text. */
export const rowOf = (list: Locator, text: string): Locator =>
  list.locator('.ant-table-row').filter({ hasText: text });

/** Picks an option of an antd select or tree select opened from a form control. */
export async function choose(page: Page, control: Locator, option: string): Promise<void> {
  await control.click();
  // A dropdown chosen from a moment ago may still be fading out (its motion's -leave classes):
  // only the one that is opening is this control's.
  const popup = page.locator('.ant-select-dropdown:visible:not([class*="-leave"])');
  await popup
    .locator('.ant-select-item-option-content, .ant-select-tree-title')
    .getByText(option, { exact: true })
    .first()
    .click();
}

/**
 * The dropdown that is open now (closed ones stay in the DOM, hidden), once its opening motion has
 * ended: a click while the popup is still being placed and zoomed lands beside the item, as a
 * person's click would not.
 */
export async function openDropdown(page: Page): Promise<Locator> {
  const open = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
  await expect(open).toHaveCount(1);
  await expect(open).not.toHaveClass(/-(appear|enter)\b/);
  return open;
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
