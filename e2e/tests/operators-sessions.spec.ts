import { mkdirSync } from 'node:fs';
import { expect as baseExpect, type Page, test } from '@playwright/test';
import { confirmBox, signInAt, storedContent } from './helpers';

// Whole page loads on a busy two-core machine take several seconds each.
const expect = baseExpect.configure({ timeout: 30_000 });
test.describe.configure({ timeout: 120_000 });

const BASIC = { Authorization: 'Basic c2FiZXI6c2FiZXJfc2VjcmV0' };
const SHOTS = '/tmp/shots-sessions';
/** admin's md5 digest: what the sign-in page sends. */
const ADMIN_MD5 = '21232f297a57a5a743894a0e4a801fc3';

const TEXT = {
  zh: { current: '当前会话', end: '强退', ok: '确定', info: '登录设备', failed: '账号或密码错误' },
  en: {
    current: 'This session',
    end: 'Sign out',
    ok: 'OK',
    info: 'Signed-in devices',
    failed: 'Wrong account or password',
  },
} as const;

/** A sign-in through the API with a browser of its own; answers its access token. */
async function apiSignIn(page: Page, browser: string): Promise<string> {
  const res = await page.request.post('/api/blade-auth/oauth/token', {
    headers: { ...BASIC, 'User-Agent': browser },
    params: { tenantId: '000000', username: 'admin', password: ADMIN_MD5, grant_type: 'password' },
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

for (const width of [1440, 800, 375]) {
  for (const lang of ['zh', 'en'] as const) {
    test(`在线用户 ends another session and 登录日志 shows a failed attempt (${width}px, ${lang})`, async ({
      page,
    }) => {
      mkdirSync(SHOTS, { recursive: true });
      const text = TEXT[lang];
      await signInAt(page, width, lang);

      const browser = `E2E-Other-${width}-${lang}/1.0`;
      const other = await apiSignIn(page, browser);
      const profile = () =>
        page.request.get('/api/blade-auth/oauth/user-info', {
          headers: { ...BASIC, 'Blade-Auth': `bearer ${other}` },
        });
      expect((await profile()).status()).toBe(200);

      await page.goto('/system/online/index');
      const table = page.locator('.online-table');
      await expect(table.locator('.ant-tag', { hasText: text.current })).toBeVisible();
      const row = table.locator('.ant-table-row').filter({ hasText: browser });
      await expect(row).toBeVisible();
      await shot(page, `online-${width}-${lang}`);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);

      await row.getByRole('button', { name: text.end }).click();
      await confirmBox(page).getByRole('button', { name: text.ok }).click();
      await expect(row).toHaveCount(0);
      expect((await profile()).status()).toBe(401);

      // A failed attempt, found in the sign-in log.
      const account = `e2e-nobody-${width}-${lang}`;
      await page.request.post('/api/blade-auth/oauth/token', {
        headers: BASIC,
        params: { tenantId: '000000', username: account, password: ADMIN_MD5, grant_type: 'password' },
      });
      // Written in a batch after the answer: wait for it before opening the screen.
      const token = String(await storedContent(page, 'token'));
      await expect
        .poll(async () => {
          const res = await page.request.get('/api/blade-log/login/list', {
            headers: { ...BASIC, 'Blade-Auth': `bearer ${token}` },
            params: { account },
          });
          return ((await res.json()) as { data: { total: number } }).data.total;
        })
        .toBe(1);
      await page.goto('/monitor/log/login/index');
      const failed = page.locator('.ant-table-row').filter({ hasText: account });
      await expect(failed).toBeVisible();
      await expect(failed).toContainText(text.failed);
      await shot(page, `login-log-${width}-${lang}`);

      // Personal info lists the caller's own sessions.
      await page.goto('/info/index');
      await page.getByRole('tab', { name: text.info }).click();
      await expect(page.locator('.online-table .ant-tag', { hasText: text.current })).toBeVisible();
      await shot(page, `info-sessions-${width}-${lang}`);
    });
  }
}
