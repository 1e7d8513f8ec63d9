import { expect, test } from '@playwright/test';

test('captcha mode shows the image and code field, refreshes on click, and reports a wrong code', async ({
  page,
}) => {
  await page.goto('/login');
  const image = page.getByRole('img', { name: '验证码' });
  await expect(image).toBeVisible();
  await expect(page.locator('#login-captchaCode')).toBeVisible();
  const first = await image.getAttribute('src');
  expect(first).toMatch(/^data:/);
  await page.getByTitle('点击刷新验证码').click();
  await expect.poll(() => image.getAttribute('src')).not.toBe(first);

  await page.locator('#login-username').fill('admin');
  await page.locator('#login-password').fill('admin');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByText('请输入验证码')).toBeVisible();

  const before = await image.getAttribute('src');
  await page.locator('#login-captchaCode').fill('zzzz');
  await page.getByRole('button', { name: '登 录' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('alert')).not.toHaveText('');
  await expect(page).toHaveURL(/\/login$/);
  // a failed attempt fetches a fresh captcha
  await expect.poll(() => image.getAttribute('src')).not.toBe(before);
});
