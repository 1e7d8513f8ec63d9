import { mkdirSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { isPhone, signInAt } from './helpers';

// The server samples its load every 5 s: a chart needs two samples.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/shots-monitor';

const TEXT = {
  zh: {
    folder: '系统管理',
    screen: '服务监控',
    uptime: '运行时长',
    requests: '请求速率',
    slowest: '近期最慢语句',
  },
  en: {
    folder: 'System',
    screen: 'Server Monitor',
    uptime: 'Uptime',
    requests: 'Request rate',
    slowest: 'Slowest recent statements',
  },
} as const;

/**
 * Opens 服务监控 the way a person does: the sidebar on a wide screen, the menu drawer on a phone;
 * by its address in between, where the sidebar shows icons only.
 */
async function openMonitor(page: Page, text: (typeof TEXT)[keyof typeof TEXT]): Promise<void> {
  const width = page.viewportSize()?.width ?? 1440;
  if (!isPhone(page) && width < 1200) {
    await page.goto('/system/monitor/index');
    return;
  }
  if (isPhone(page)) await page.locator('.shell-menu-toggle').click();
  const menu = page.locator('.shell-sider:visible');
  await menu.getByText(text.folder, { exact: true }).click();
  await menu.getByText(text.screen, { exact: true }).click();
  await baseExpect(page).toHaveURL(/\/system\/monitor\/index$/);
}

for (const width of [1440, 800, 375]) {
  for (const lang of ['zh', 'en'] as const) {
    test(`the platform administrator watches 服务监控: figures and live charts (${width}px, ${lang})`, async ({
      page,
    }) => {
      mkdirSync(SHOTS, { recursive: true });
      const text = TEXT[lang];
      await signInAt(page, width, lang);
      await openMonitor(page, text);

      const figures = page.locator('.monitor-figure');
      await expect(figures).toHaveCount(6);
      await expect(figures.filter({ hasText: text.uptime })).toBeVisible();
      await expect(figures.filter({ hasText: text.requests })).toContainText(/\d/);
      // The request rate and the event-loop delay over the last minutes, as lines.
      const charts = page.locator('.monitor-chart');
      await expect(charts).toHaveCount(2);
      await expect(charts.first().locator('polyline').first()).toHaveAttribute('points', /,.* /);
      await expect(page.getByText(text.slowest)).toBeVisible();
      await expect(page.locator('.monitor-slowest .monitor-shape').first()).toBeVisible();

      // The figures move on by themselves while the page is open.
      const updated = page.locator('.monitor-live .ant-typography');
      const first = await updated.innerText();
      await expect(updated).not.toHaveText(first, { timeout: 15_000 });

      await page.screenshot({ path: `${SHOTS}/monitor-${width}-${lang}.png`, fullPage: true });
      await page.locator('.monitor-slowest').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/monitor-${width}-${lang}-database.png` });
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
    });
  }
}
