import { expect, type Page, test } from '@playwright/test';
import { adminApi } from './admin-api';
import { crud, dialog, signIn, tool } from './helpers';

/**
 * The order form picks products and customers from tables too large to load: what is typed is
 * searched on the server, and only what may be chosen is offered.
 */
test.describe.configure({ mode: 'serial' });

// Named for this run, so a retry's rows (its beforeAll adds them again) are not taken for these.
const RUN = Date.now().toString(36).slice(-5);
const TARGET = `复古帆布包E2E${RUN}`;
const OFF_SHELF = `复古下架款E2E${RUN}`;
const CUSTOMER = `远方顾客E2E${RUN}`;
const SHOTS = '/tmp/shots-commerce';

test.beforeAll(async ({ request }) => {
  const api = await adminApi(request);
  const product = (name: string, status: number) =>
    api.post('/api/mall/product/submit', { name, category: 1, price: 1234, stock: 10, status });
  // The target first: the newer ones fill more than the picker's first page before it.
  await product(TARGET, 1);
  await product(OFF_SHELF, 0);
  for (let i = 1; i <= 45; i++) await product(`填充商品E2E-${i}`, 1);
  await api.post('/api/mall/user/save', { nickname: CUSTOMER, phone: '13800000001', status: 1 });
});

/** Opens the new order dialog. */
async function newOrder(page: Page) {
  await page.goto('/mall/order/index');
  await tool(crud(page), '新增').click();
  return dialog(page, '新增');
}

test('a product beyond the first page is found by typing its name; one off the shelf is not offered', async ({
  page,
}) => {
  await signIn(page);
  const form = await newOrder(page);
  const picker = form.locator('.order-line-product');
  await picker.click();
  const popup = page.locator('.ant-select-dropdown:visible');
  await expect(popup.locator('.ant-select-item-option').first()).toBeVisible();
  await expect(popup.getByText(TARGET)).toHaveCount(0);

  const searched = page.waitForRequest(
    (r) => r.url().includes('/api/mall/product/page') && decodeURIComponent(r.url()).includes('复古'),
  );
  await page.keyboard.type('复古');
  const url = new URL((await searched).url());
  expect(url.searchParams.get('status')).toBe('1');
  await expect(popup.getByText(TARGET)).toBeVisible();
  await expect(popup.getByText(OFF_SHELF)).toHaveCount(0);
  await popup.getByText(TARGET).click();
  await expect(picker).toContainText(TARGET);

  // As a person does: what was typed is found first, then picked, and the pick is shown.
  const found = page.waitForResponse(
    (r) => r.url().includes('/api/mall/user/page') && decodeURIComponent(r.url()).includes('远方'),
  );
  await form.getByLabel('下单用户').click();
  await page.keyboard.type('远方');
  await found;
  const customers = page.locator('.ant-select-dropdown:visible');
  await customers.getByText(CUSTOMER).click();
  await expect(form.locator('.ant-select').filter({ has: page.getByLabel('下单用户') })).toContainText(
    CUSTOMER,
  );
  await form.getByRole('button', { name: '提交' }).click();
  await expect(form).toBeHidden();
  await expect(
    crud(page)
      .getByRole('row', { name: new RegExp(CUSTOMER) })
      .first(),
  ).toBeVisible();
});

test('the picker loads the next page as its list scrolls to the end', async ({ page }) => {
  await signIn(page);
  const form = await newOrder(page);
  await form.locator('.order-line-product').click();
  const popup = page.locator('.ant-select-dropdown:visible');
  await expect(popup.locator('.ant-select-item-option').first()).toBeVisible();
  const next = page.waitForRequest(
    (r) => r.url().includes('/api/mall/product/page') && r.url().includes('current=2'),
  );
  await popup
    .locator('[class*="-list-holder"]')
    .first()
    .evaluate((box) => box.scrollTo(0, box.scrollHeight));
  await next;
});

for (const width of [375, 800, 1440]) {
  for (const lang of ['zh', 'en'] as const) {
    test(`the order form's picker at ${width}px (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await signIn(page);
      await page.evaluate((language) => {
        const entry = { name: 'language', content: language, dataType: 'string', type: 'local', datetime: 0 };
        localStorage.setItem('saber-language', JSON.stringify(entry));
      }, lang);
      await page.goto('/mall/order/index');
      await tool(crud(page), lang === 'zh' ? '新增' : 'Add').click();
      const form = page.getByRole('dialog');
      await form.locator('.order-line-product').click();
      await page.keyboard.type('复古');
      await expect(page.locator('.ant-select-dropdown:visible').getByText(TARGET)).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/order-picker-${width}-${lang}.png` });
    });
  }
}
