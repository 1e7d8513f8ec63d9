import { WALL_CLOCK_PARTS } from '@blade/schema';
import { expect, test } from '@playwright/test';
import { crud, dialog, signIn, tool } from './helpers';

// A browser whose clock is on UTC, while the server reads times in Asia/Shanghai.
test.use({ timezoneId: 'UTC' });

/** Minutes since the epoch of a wall-clock text, read as if it were UTC (only differences matter). */
const minutesOf = (text: string): number => Date.parse(`${text.replace(' ', 'T')}Z`) / 60_000;

/** The wall-clock time in Asia/Shanghai now, as yyyy-MM-dd HH:mm:ss. */
function shanghaiNow(): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    ...WALL_CLOCK_PARTS,
  }).formatToParts(new Date());
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

test('此刻 in a browser on UTC picks the time of the server zone, not 8 hours early', async ({ page }) => {
  await signIn(page);
  await page.goto('/desk/notice/index');
  await tool(crud(page), '新增').click();
  const add = dialog(page, '新增');
  await add.getByLabel('通知日期').click();
  await page.locator('.ant-picker-dropdown:visible').getByText('此刻', { exact: true }).click();
  const picked = await add.getByLabel('通知日期').inputValue();
  expect(
    Math.abs(minutesOf(picked) - minutesOf(shanghaiNow())),
    `${picked} vs ${shanghaiNow()}`,
  ).toBeLessThan(2);
});
