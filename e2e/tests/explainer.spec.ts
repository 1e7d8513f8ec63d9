import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test } from '@playwright/test';
import { adminApi } from './admin-api';
import { crud, rowOf, signIn } from './helpers';

// Whole page loads on a busy two-core machine take several seconds each.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const SHOTS = '/tmp/shots-explainer';

const TEXT = {
  zh: {
    explain: '权限解释',
    run: '解释',
    users: '用户管理',
    grant: '菜单与按钮授权',
    reason: '没有任何角色授予「用户管理」',
    change: '在「角色管理」中修改',
  },
  en: {
    explain: 'Explain access',
    run: 'Explain',
    users: 'Users',
    grant: 'Menu and button grant',
    reason: 'No role of the user grants "Users"',
    change: 'Change it in "Roles"',
  },
} as const;

for (const width of [1440, 800, 375]) {
  for (const lang of ['zh', 'en'] as const) {
    test(`权限解释 shows why a clerk cannot open 用户管理 (${width}px, ${lang})`, async ({ page }) => {
      mkdirSync(SHOTS, { recursive: true });
      const text = TEXT[lang];
      // A clerk whose only role grants no screen.
      const api = await adminApi(page.request);
      const suffix = `${width}${lang}${Date.now() % 100000}`;
      const role = await api.post<{ id: string }>('/api/blade-system/role/submit', {
        roleName: `clerk${suffix}`,
        roleAlias: `clerk${suffix}`,
        sort: 9,
      });
      const dept = await api.post<{ id: string }>('/api/blade-system/dept/submit', {
        deptName: `desk${suffix}`,
        parentId: 0,
        sort: 9,
      });
      const account = `clerk${suffix}`;
      await api.post('/api/blade-user/submit', {
        account,
        password: createHash('md5').update('Clerk-desk-2026!').digest('hex'),
        realName: `Clerk ${suffix}`,
        roleId: role.id,
        deptId: dept.id,
      });

      await page.setViewportSize({ width, height: 900 });
      await signIn(page);
      if (lang === 'en')
        await page.evaluate(() =>
          window.localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })),
        );
      await page.goto('/system/user/index');
      const row = rowOf(crud(page), account);
      await row.getByRole('button', { name: text.explain }).click();

      const drawer = page.locator('.explain-drawer .ant-drawer-body');
      await expect(drawer).toBeVisible();
      await drawer.getByRole('combobox').first().click();
      await page.keyboard.type(text.users);
      await page
        .locator('[class*="-tree-node-content-wrapper"]:visible', { hasText: new RegExp(`^${text.users}$`) })
        .first()
        .click();
      await drawer.getByRole('button', { name: text.run }).click();

      const grant = drawer.locator('[data-step="grant"]');
      await expect(grant).toContainText(text.reason);
      await expect(grant.getByRole('link', { name: text.change })).toBeVisible();
      await expect(drawer.locator('.ant-alert-error')).toContainText(`Clerk ${suffix}`);
      await expect(drawer.locator('.ant-steps-item-error')).not.toHaveCount(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/explainer-${width}-${lang}.png`, fullPage: true });
    });
  }
}
