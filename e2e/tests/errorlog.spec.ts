import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('runtime errors are logged, counted, uploaded and cleared', async ({ page }) => {
  await signIn(page);
  await page.goto('/test/index');
  const badge = page.locator('.shell-log-badge .ant-badge-count');
  await expect(badge).toHaveCount(0);
  await page.getByRole('button', { name: '制造一个运行时错误' }).click();
  await expect(badge).toHaveText('1');
  await page.getByRole('button', { name: '制造一个运行时错误' }).click();
  await expect(badge).toHaveText('2');

  await page.getByRole('button', { name: '错误日志' }).click();
  const dialog = page.getByRole('dialog', { name: '错误日志' });
  await expect(dialog.getByRole('cell', { name: 'Test runtime error' }).first()).toBeVisible();
  await expect(dialog.getByRole('row')).toHaveCount(3);

  await dialog.getByRole('button', { name: '上传服务器' }).click();
  await expect(page.getByText('确定上传本地日志到服务器?')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).last().click();
  await expect(page.getByText('上传成功')).toBeVisible();
  await expect(badge).toHaveCount(0);
  // Close with the dialog's own button: after the confirmation box, focus is not always back
  // inside the dialog, so a key press could go elsewhere.
  await dialog.locator('.ant-modal-close').click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: '制造一个运行时错误' }).click();
  await expect(badge).toHaveText('1');
  await page.getByRole('button', { name: '错误日志' }).click();
  await dialog.getByRole('button', { name: '清空本地日志' }).click();
  await expect(page.getByText('确定清空本地日志记录?')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).last().click();
  await expect(page.getByText('清空成功!')).toBeVisible();
  await expect(badge).toHaveCount(0);
});

test('the error log badge is capped at 99', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => {
    const logs = Array.from({ length: 120 }, (_, i) => ({
      type: 'error',
      message: `e${i}`,
      stack: '',
      info: '',
      url: location.href,
      time: '2026-01-01 00:00:00',
    }));
    const entry = {
      name: 'errorLog',
      content: logs,
      dataType: 'array',
      type: 'session',
      datetime: Date.now(),
    };
    sessionStorage.setItem('saber-errorLog', JSON.stringify(entry));
  });
  await page.reload();
  await expect(page.locator('.shell-log-badge .ant-badge-count')).toHaveText('99+');
});
