import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { adminApi } from './admin-api';
import { signIn } from './helpers';

/**
 * The README's pictures of the product: the signed-in home page and the user list, in Chinese at
 * 1440 px. They are tracked files, so only a run that asks for them (README_SHOTS=1) writes them.
 */
const SHOTS = join(import.meta.dirname, '..', '..', 'docs', 'screenshots');

test.skip(process.env.README_SHOTS !== '1', 'writes docs/screenshots only when README_SHOTS=1');
test.use({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' });

/** A small staff, so the user list shows what it is for: two departments under 总部, two roles. */
async function seedStaff(request: APIRequestContext): Promise<void> {
  const api = await adminApi(request);
  const head = (await api.get<Array<{ id: string }>>('/api/blade-system/dept/tree'))[0]!.id;
  const dept = (deptName: string, sort: number) =>
    api.post<{ id: string }>('/api/blade-system/dept/submit', { deptName, parentId: head, sort });
  const role = (roleName: string, roleAlias: string, sort: number) =>
    api.post<{ id: string }>('/api/blade-system/role/submit', { roleName, roleAlias, sort });
  const [operations, content] = [await dept('运营部', 1), await dept('课程内容部', 2)];
  const [operator, editor] = [await role('运营专员', 'operator', 3), await role('内容编辑', 'editor', 4)];
  const password = createHash('md5').update('Staff-Photo-2026!').digest('hex');
  const staff = [
    ['zhangwei', '张伟', '13800138001', operations, operator],
    ['liqiang', '李强', '13800138002', operations, operator],
    ['wangfang', '王芳', '13800138003', content, editor],
    ['chenjing', '陈静', '13800138004', content, editor],
    ['liuyang', '刘洋', '13800138005', operations, operator],
  ] as const;
  for (const [account, realName, phone, d, r] of staff)
    await api.post('/api/blade-user/submit', {
      account,
      name: realName,
      realName,
      phone,
      password,
      deptId: d.id,
      roleId: r.id,
    });
}

/** Motion off and the caret hidden, so the picture is of a settled page. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SHOTS, name), caret: 'hide', animations: 'disabled' });
}

test('the signed-in home page and the user list, for the README', async ({ page }) => {
  await signIn(page);
  await expect(page.locator('.mall-figures canvas, .mall-figures svg').first()).toBeVisible();
  await shoot(page, 'home.png');

  await seedStaff(page.request);
  await page.goto('/system/user/index');
  await expect(page.getByRole('row', { name: /liuyang/ })).toBeVisible();
  await expect(page.locator('.user-dept-tree .ant-tree-treenode:visible').first()).toBeVisible();
  await shoot(page, 'user-list.png');
});
