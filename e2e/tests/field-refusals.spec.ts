import { expect, test } from '@playwright/test';
import { crud, dialog, signIn, tool } from './helpers';

/** A server refusal that names a field is shown at that field, in the form, not only in a toast. */
test('a taken 岗位编号 is refused at its field, worded without a stray space', async ({ page }) => {
  await signIn(page);
  await page.goto('/system/post/index');
  const posts = crud(page);
  const code = `DUP${Date.now().toString(36)}`;
  for (const attempt of [1, 2]) {
    await tool(posts, '新增').click();
    const add = dialog(page, '新增');
    await add.getByLabel('岗位编号').fill(code);
    await add.getByLabel('岗位名称').fill(`重复岗${attempt}`);
    await add.getByRole('button', { name: '提交' }).click();
    if (attempt === 1) await expect(add).toBeHidden();
    else {
      const item = add.locator('.ant-form-item').filter({ has: page.getByLabel('岗位编号') });
      await expect(item.locator('.ant-form-item-explain-error')).toHaveText('岗位编号已存在');
    }
  }
});
