import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

/**
 * Nothing on a freshly loaded page moves once painted (Lighthouse's cumulative layout shift): the
 * sidebar opens the current screen's submenu without animating it, and the home page's figures,
 * which arrive later, come last.
 */
async function layoutShiftOf(page: Page, path: string): Promise<number> {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShift: number };
    w.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
        if (!entry.hadRecentInput) w.layoutShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
}

test.use({ viewport: { width: 1350, height: 940 } });

for (const path of ['/wel/index', '/system/user/index'])
  test(`${path} does not move after its first paint`, async ({ page }) => {
    await signIn(page);
    expect(await layoutShiftOf(page, path)).toBeLessThan(0.01);
  });
