import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptNamed, ok, roleWith, userWith } from '../../test/fixtures.js';
import { build, call, multipartFile, type TestServer, tokenOf } from '../../test/harness.js';

const HEADER = ['登录账号', '用户昵称', '用户姓名', '电子邮箱', '手机号码', '所属角色', '所属部门'];

async function book(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('users');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The user import (/blade-user/import-user, Saber's /blade-system/user/import-user). */
describe('user import', () => {
  let t: TestServer;
  let admin: string;
  let adder: string;
  let editor: string;

  beforeAll(async () => {
    t = await build({ JOBS_ENABLED: 'false' });
    admin = (await tokenOf(t.app)).access_token;
    const deptId = await deptNamed(t.app, admin, 'Imports');
    const addOnly = await roleWith(t.app, t.services, admin, 'adder', ['user', 'user_add']);
    const addEdit = await roleWith(t.app, t.services, admin, 'editor', ['user', 'user_add', 'user_edit']);
    adder = (await userWith(t.app, admin, { account: 'adder1', roleId: addOnly, deptId })).token;
    editor = (await userWith(t.app, admin, { account: 'editor1', roleId: addEdit, deptId })).token;
    await userWith(t.app, admin, { account: 'covered1', roleId: addOnly, deptId });
  });
  afterAll(() => t.close());

  const post = async (token: string, file: Buffer, isCovered = '0', url = '/api/blade-user/import-user') =>
    call(t.app, token, { method: 'POST', url, query: { isCovered }, ...multipartFile('users.xlsx', file) });

  it('overwrites existing accounts only for a caller who may edit users (isCovered=1)', async () => {
    const file = await book([HEADER, ['covered1', 'Nick', 'Covered Again', '', '', 'adder', 'Imports']]);
    for (const url of ['/api/blade-user/import-user', '/api/blade-system/user/import-user']) {
      const refused = await post(adder, file, '1', url);
      expect(refused.statusCode, url).toBe(403);
    }
    const plain = await post(adder, file, '0');
    expect(plain.json(), plain.body).toMatchObject({
      code: 200,
      data: { added: 0, updated: 0 },
    });
    expect((await post(editor, file, '1')).json()).toMatchObject({
      code: 200,
      data: { added: 0, updated: 1 },
    });
    const page = await ok<{ records: Array<{ realName: string }> }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-user/page',
      query: { account: 'covered1' },
    });
    expect(page.records[0]?.realName).toBe('Covered Again');
  });

  it('refuses a workbook past the row or cell limits, naming the limit, before adding anyone', async () => {
    // 10,001 rows below the header, their values only in a column the import does not read.
    const rows: unknown[][] = [HEADER];
    for (let i = 0; i < 10_001; i++) rows.push([null, null, null, null, null, null, null, 'unused']);
    const tall = await post(admin, await book(rows));
    expect(tall.statusCode).toBe(413);
    expect(tall.json().msg).toBe('一次最多导入 10000 行');
    const wide = await post(
      admin,
      await book([HEADER, ['wide1', ...Array.from({ length: 1_200 }, () => 'x')]]),
    );
    expect(wide.statusCode).toBe(413);
    expect(wide.json().msg).toBe('表格有一行超过 1000 个单元格的上限');
    const page = await ok<{ total: number }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-user/page',
      query: { account: 'wide1' },
    });
    expect(page.total).toBe(0);
  });

  it('writes nothing from a file it refuses: too many rows, an account twice, a row missing a field', async () => {
    const count = async (prefix: string) =>
      (
        await ok<{ total: number }>(t.app, admin, {
          method: 'GET',
          url: '/api/blade-user/page',
          query: { account: prefix },
        })
      ).total;
    const tall: unknown[][] = [HEADER];
    for (let i = 0; i < 10_001; i++)
      tall.push([`tall${i}`, `Tall ${i}`, `Tall ${i}`, '', '', 'adder', 'Imports']);
    const tooMany = await post(admin, await book(tall));
    expect(tooMany.statusCode).toBe(413);
    expect(await count('tall')).toBe(0);

    const twice = await post(
      admin,
      await book([
        HEADER,
        ['twice1', 'A', 'A', '', '', 'adder'],
        ['twice2', 'B', 'B', '', '', 'adder'],
        ['twice1', 'C', 'C', '', '', 'adder'],
      ]),
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('第 4 行：账号 twice1 在表格中重复出现');
    expect(await count('twice')).toBe(0);

    const missing = await post(
      admin,
      await book([HEADER, ['gap1', 'A', 'A', '', '', 'adder'], ['gap2', 'B', '', '', '', 'adder']]),
    );
    expect(missing.statusCode).toBe(400);
    expect(await count('gap')).toBe(0);

    const fine = await post(
      admin,
      await book([
        HEADER,
        ['fine1', 'A', 'A', '', '', 'adder', 'Imports'],
        ['fine2', 'B', 'B', '', '', 'adder', 'Imports'],
      ]),
    );
    expect(fine.json()).toMatchObject({ code: 200, data: { added: 2, updated: 0 } });
    expect(await count('fine')).toBe(2);
  });
});
