import { expect as baseExpect, type Page, test } from '@playwright/test';
import { crud, dialog, insideWindow, isPhone, openDropdown, signIn, tool, WIDTHS } from './helpers';

// Whole page loads on a busy two-core machine take several seconds each.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 180_000 });

// Show scrollbars as a person's browser does (headless Chromium hides them by default).
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    ignoreDefaultArgs: ['--hide-scrollbars'],
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  },
});

/** Nothing sticks out of the window sideways. */
async function fitsSideways(page: Page): Promise<void> {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  ).toBeLessThanOrEqual(0);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

async function switchLanguage(page: Page, to: 'English' | '中文'): Promise<void> {
  await page.getByRole('button', { name: to === 'English' ? '语言' : 'Language' }).click();
  await (await openDropdown(page)).getByText(to, { exact: true }).click();
}

for (const [size, viewport] of Object.entries(WIDTHS)) {
  test.describe(`at ${size} width (${viewport.width}×${viewport.height})`, () => {
    test.use({ viewport });

    test('the top bar fits and the menu opens from a visible toggle', async ({ page }) => {
      await signIn(page);
      const header = page.locator('.shell-topbar');
      const avatar = header.locator('.shell-user');
      const search = header.getByRole('button', { name: '搜索菜单' });
      await expect(avatar).toBeVisible();
      expect(await insideWindow(page, avatar)).toBe(true);
      expect(await insideWindow(page, search)).toBe(true);
      await fitsSideways(page);

      if (isPhone(page)) {
        await expect(page.locator('.shell > .shell-sider')).toHaveCount(0);
        const toggle = header.getByRole('button', { name: '菜单', exact: true });
        const a = await toggle.boundingBox();
        const b = await search.boundingBox();
        expect(a && b && a.x + a.width <= b.x).toBe(true);
        // A tap lands on the toggle itself, nothing covers it.
        await toggle.click();
        const drawer = page.locator('.shell-drawer');
        await expect(drawer).toBeVisible();
        await shot(page, `${size}-drawer-zh`);
        await drawer.getByText('系统管理', { exact: true }).click();
        await drawer.getByText('用户管理', { exact: true }).click();
        await expect(page).toHaveURL(/\/system\/user\/index$/);
        await expect(drawer).toBeHidden();
        // Other top-bar actions sit in the "more" menu.
        await header.getByRole('button', { name: '更多' }).click();
        await expect(page.getByRole('menuitem', { name: '锁屏' })).toBeVisible();
        await page.keyboard.press('Escape');
      } else {
        const sider = page.locator('.shell-sider');
        await expect(sider).toBeVisible();
        const width = await sider.evaluate((el) => el.getBoundingClientRect().width);
        expect(width).toBe(size === 'tablet' ? 64 : 230);
        await page.getByRole('button', { name: '收起/展开菜单' }).click();
        await expect(sider).toHaveCSS('width', size === 'tablet' ? '230px' : '64px');
      }
    });

    test('tables show their data columns and scroll sideways; dialogs fit', async ({ page }) => {
      await signIn(page);
      await page.goto('/system/user/index');
      const list = crud(page);
      await expect(list.locator('.ant-table-row').first()).toBeVisible();
      // The data columns come first into view, not only the actions column.
      for (const name of ['登录账号', '用户昵称'])
        expect(await insideWindow(page, list.getByRole('columnheader', { name, exact: true }))).toBe(true);
      const actions = list.getByRole('columnheader', { name: '操作' });
      const pinned = await actions.evaluate((el) => el.classList.contains('ant-table-cell-fix-end'));
      expect(pinned).toBe(viewport.width >= 992);
      // Wider than its card: a scrollbar is drawn under the table.
      const scroller = list.locator('.ant-table-content');
      const { overflow, bar } = await scroller.evaluate((el: HTMLElement) => ({
        overflow: el.scrollWidth > el.clientWidth,
        bar: el.offsetHeight - el.clientHeight,
      }));
      if (overflow) expect(bar).toBeGreaterThanOrEqual(8);
      expect(overflow).toBe(size !== 'desktop' || bar > 0);
      await fitsSideways(page);
      await shot(page, `${size}-users-zh`);

      await tool(list, '新增').click();
      const form = dialog(page, '新增');
      await expect(form).toBeVisible();
      const box = await form.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      // A phone gets one column of fields, each as wide as the dialog; wider screens get two.
      const starts = await form
        .locator('.crud-form > .ant-row > .ant-col')
        .evaluateAll((cols) => new Set(cols.map((c) => Math.round(c.getBoundingClientRect().x))).size);
      expect(starts).toBe(isPhone(page) ? 1 : 2);
      await shot(page, `${size}-dialog-zh`);
      await form
        .getByRole('button', { name: '取 消' })
        .or(form.getByRole('button', { name: '取消' }))
        .click();

      await switchLanguage(page, 'English');
      await expect(list.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
      await fitsSideways(page);
      await shot(page, `${size}-users-en`);
      await page.goto('/wel/index');
      await expect(page.locator('svg.chart').first()).toBeVisible();
      await shot(page, `${size}-home-en`);
      await switchLanguage(page, '中文');
    });

    test('list filters fold to two on narrow widths and still apply when folded', async ({ page }) => {
      await signIn(page);
      await page.goto('/mall/order/index');
      const list = crud(page);
      await expect(list.locator('.ant-table-row').first()).toBeVisible();
      const search = list.locator('.crud-search');
      const more = search.getByRole('button', { name: '展开' });
      const consignee = search.getByLabel('收货人');
      await expect(search.getByLabel('订单号')).toBeVisible();
      if (viewport.width >= 992) {
        await expect(consignee).toBeVisible();
        await expect(more).toHaveCount(0);
        return;
      }
      await expect(consignee).toBeHidden();
      await shot(page, `${size}-filters-folded`);
      await more.click();
      await expect(consignee).toBeVisible();
      await consignee.fill('无此收货人');
      await search.getByRole('button', { name: '收起' }).click();
      await expect(consignee).toBeHidden();
      await search
        .getByRole('button', { name: '搜 索' })
        .or(search.getByRole('button', { name: '搜索' }))
        .click();
      await expect(list.locator('.ant-table-row')).toHaveCount(0);
      await search
        .getByRole('button', { name: '清 空' })
        .or(search.getByRole('button', { name: '清空' }))
        .click();
      await expect(list.locator('.ant-table-row').first()).toBeVisible();
      await fitsSideways(page);
    });

    test('the API documentation shows inside the app', async ({ page }) => {
      await signIn(page);
      await page.goto('/tool/apidoc/index');
      await expect(page.getByText('页面尚未完成')).toHaveCount(0);
      const docs = page.frameLocator('iframe.apidoc-frame');
      await expect(docs.getByRole('heading', { name: 'Blade Mall Admin API' })).toBeVisible();
      await expect(docs.getByText('/api/blade-user/page').first()).toBeVisible();
      await fitsSideways(page);
      await shot(page, `${size}-apidoc-zh`);
    });
  });
}

test('home page chart labels stay inside their charts at 800 px', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 800 });
  await signIn(page);
  const charts = page.locator('svg.chart');
  await expect(charts.first()).toBeVisible();
  for (const chart of await charts.all()) {
    const clipped = await chart.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('text')]
        .filter((t) => {
          const r = t.getBoundingClientRect();
          return r.left < box.left - 0.5 || r.right > box.right + 0.5;
        })
        .map((t) => t.textContent);
    });
    expect(clipped).toEqual([]);
  }
});
