import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { AA_TEXT, contrast } from '../../web/src/shell/contrast';
import { signIn, tabLabels } from './helpers';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

declare global {
  interface Window {
    axe: { run(context: Document | Element): Promise<AxeResults> };
  }
}

/** What a person using a screen reader or low vision would be blocked by, one line per element. */
function describe(violations: Result[]): string[] {
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.impact} ${v.id}: ${v.help} at ${n.target.join(' ')} (${n.failureSummary ?? ''})`),
  );
}

/**
 * Runs axe-core (WCAG rules and best practices) on the page as it is, or on the part a selector
 * names, and answers serious and critical findings.
 */
async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  // Motion off, so contrast is measured on settled colours, not mid-transition.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // Evaluated rather than added as a script tag: the app's Content-Security-Policy (rightly)
  // refuses inline scripts.
  await page.evaluate(AXE);
  const results = await page.evaluate(
    (part) => window.axe.run((part && document.querySelector(part)) || document),
    selector,
  );
  return describe(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'));
}

test('the sign-in page has no serious accessibility violation', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#login-username')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the shell home has no serious accessibility violation', async ({ page }) => {
  await signIn(page);
  await expect(page.locator('.shell-tabs')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the user list has no serious accessibility violation', async ({ page }) => {
  await signIn(page);
  await page.goto('/system/user/index');
  await expect(page.getByRole('row', { name: /admin/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the API documentation page has no serious accessibility violation (its header chips and methods read)', async ({
  page,
}) => {
  await page.goto('/api/docs');
  await expect(page.locator('.op').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('in the white theme the sidebar, its title too, has no serious accessibility violation', async ({
  page,
}) => {
  await page.addInitScript(() =>
    window.localStorage.setItem('saber-themeName', JSON.stringify({ content: 'theme-white' })),
  );
  await signIn(page);
  const title = page.locator('.shell-sider .shell-logo');
  await expect(title).toBeVisible();
  expect(await seriousViolations(page, '.shell-sider')).toEqual([]);
  // axe leaves text of its background's own colour undecided: measure the title itself
  const [color, background] = await title.evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.color, style.backgroundColor];
  });
  expect(contrast(hexOf(color), hexOf(background)), `${color} on ${background}`).toBeGreaterThanOrEqual(
    AA_TEXT,
  );
});

/** #rrggbb of a computed rgb() colour. */
function hexOf(rgb: string): string {
  const [r, g, b] = (rgb.match(/\d+/g) ?? []).map(Number);
  return `#${[r, g, b].map((c) => (c ?? 0).toString(16).padStart(2, '0')).join('')}`;
}

test('a keyboard closes the focused page tab with Delete; its close button is for the mouse only', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/system/user/index');
  await expect.poll(() => tabLabels(page)).toEqual(['首页', '用户管理']);
  const users = page.getByRole('tab', { name: '用户管理' });
  await expect(page.locator('.shell-tabs .ant-tabs-tab-remove')).toHaveAttribute('aria-hidden', 'true');
  await users.focus();
  await page.keyboard.press('Delete');
  await expect.poll(() => tabLabels(page)).toEqual(['首页']);
  await expect(page).toHaveURL(/\/wel\/index$/);
});
