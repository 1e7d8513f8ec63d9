import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

/** Issue 44 (the product as a person uses it, round 2): screens checked at three widths in both languages. */

const SHOTS = process.env.E2E_SHOTS_DIR;
const WIDTHS = [375, 800, 1440] as const;
const LANGUAGES = ['zh', 'en'] as const;
type Language = (typeof LANGUAGES)[number];

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`) });
}

/** Signed in at this width, the pages in this language. */
async function signInAt(page: Page, width: number, language: Language): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await signIn(page);
  if (language === 'en')
    await page.evaluate(() =>
      window.localStorage.setItem('saber-language', JSON.stringify({ content: 'en' })),
    );
}

/** Nothing sticks out of the window sideways. */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

for (const language of LANGUAGES)
  for (const width of WIDTHS)
    test.describe(`${language} at ${width} px`, () => {
      test('短信配置: the tab labels keep the margin the list cards keep', async ({ page }) => {
        await signInAt(page, width, language);
        await page.goto('/resource/sms/index');
        const tabs = page.locator('.shell-content .ant-tabs-nav:visible .ant-tabs-tab');
        await expect(tabs).toHaveCount(2);
        const card = await page.locator('.crud-page:visible .ant-card-body').first().boundingBox();
        const first = await tabs.first().boundingBox();
        if (!card || !first) throw new Error('the SMS page is not laid out');
        // the first label starts where the card's contents do, not at the page's outer margin
        expect(first.x).toBeGreaterThanOrEqual(card.x + 7);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await shot(page, `sms-${width}-${language}`);
      });
    });
