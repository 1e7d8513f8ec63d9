import { test } from '@playwright/test';
import { crud, dialog, signIn } from './helpers';

const widths = { phone: 375, tablet: 800, desktop: 1440 } as const;
for (const lang of ['zh', 'en'] as const)
  for (const [name, width] of Object.entries(widths))
    test(`shots ${lang} ${name}`, async ({ page }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width, height: 900 });
      await signIn(page);
      await page.evaluate((l) => {
        localStorage.setItem('saber-language', JSON.stringify({ dataType: 'string', content: l, datetime: Date.now() }));
      }, lang);
      await page.goto('/flow/model/index');
      await crud(page).locator('.ant-table-row').first().waitFor();
      await page.screenshot({ path: `/tmp/shots/model-${lang}-${name}.png`, fullPage: true });
      await page.goto('/authority/role/index');
      const roles = crud(page);
      await roles.locator('.ant-table-row').first().getByRole('checkbox').check();
      await roles.getByRole('button', { name: lang === 'zh' ? '权限设置' : /Permission|Grant/ }).first().click();
      await page.locator('.ant-modal:visible .ant-tree').waitFor();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/shots/grant-${lang}-${name}.png` });
      void dialog;
    });
