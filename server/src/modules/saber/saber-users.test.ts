import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptNamed, ok, roleWith } from '../../test/fixtures.js';
import { build, call, multipartFile, type TestServer, tokenOf } from '../../test/harness.js';

type Row = Record<string, unknown>;

/** Every call Saber 4.x's user screens and personal info page make, by their SpringBlade names. */
describe('Saber 4.x users (/blade-system/user)', () => {
  let t: TestServer;
  let admin: string;
  let roleId: string;
  let deptId: string;
  let userId: string;
  const url = (name: string) => `/api/blade-system/user/${name}`;

  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
    roleId = await roleWith(t.app, t.services, admin, 'clerk', ['desk']);
    deptId = await deptNamed(t.app, admin, 'Sales');
  });
  afterAll(() => t.close());

  it('adds a user from the form Saber sends (plain password twice, joined ids, tenant)', async () => {
    const saved = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: url('submit'),
      payload: {
        tenantId: '000000',
        account: 'saber1',
        password: 'pass-1234',
        password2: 'pass-1234',
        name: 'S1',
        realName: 'Saber One',
        roleId,
        deptId,
        postId: '',
        phone: '',
        email: '',
        sex: 1,
        birthday: '',
      },
    });
    userId = String(saved.id);
    // The plain password became the digest our sign-in checks.
    expect((await tokenOf(t.app, { account: 'saber1', password: 'pass-1234' })).account).toBe('saber1');
  });

  it('lists with current/size and the search fields, each row with the names Saber shows', async () => {
    const page = await ok<{ records: Row[]; total: number; current: number; size: number }>(t.app, admin, {
      method: 'GET',
      url: url('list'),
      query: { current: '1', size: '10', account: 'saber', realName: '' },
    });
    expect(page.total).toBe(1);
    expect(page.records[0]).toMatchObject({ id: userId, account: 'saber1', realName: 'Saber One' });
    expect(page.records[0]!.roleName).toBe('clerk');
    expect(page.records[0]!.deptName).toBe('Sales');
  });

  it('answers detail with the joined ids Saber splits, and updates', async () => {
    const row = await ok<Row>(t.app, admin, { method: 'GET', url: url('detail'), query: { id: userId } });
    expect(row).toMatchObject({ account: 'saber1', roleId, deptId });
    expect(row.password).toBeUndefined();
    await ok(t.app, admin, {
      method: 'POST',
      url: url('update'),
      payload: { ...row, realName: 'Saber Uno', roleId, deptId },
    });
    const again = await ok<Row>(t.app, admin, { method: 'GET', url: url('detail'), query: { id: userId } });
    expect(again.realName).toBe('Saber Uno');
  });

  it('grants roles, resets the password, unlocks', async () => {
    await ok(t.app, admin, {
      method: 'POST',
      url: url('grant'),
      query: { userIds: userId, roleIds: roleId },
    });
    const reset = await ok<Array<{ account: string; password: string }>>(t.app, admin, {
      method: 'POST',
      url: url('reset-password'),
      query: { userIds: userId },
    });
    expect(reset[0]!.account).toBe('saber1');
    await ok(t.app, admin, { method: 'POST', url: url('unlock'), query: { userIds: userId } });
  });

  it('lets a user change their own info and password (plain, as the info page sends it)', async () => {
    const own = (await tokenOf(t.app, { account: 'admin' })).access_token;
    await ok(t.app, own, {
      method: 'POST',
      url: url('update-info'),
      payload: { realName: '管理员二', phone: '' },
    });
    expect(await ok<Row>(t.app, own, { method: 'GET', url: url('info') })).toMatchObject({
      realName: '管理员二',
    });
    await ok(t.app, own, {
      method: 'POST',
      url: url('update-password'),
      query: { oldPassword: 'admin', newPassword: 'admin-2', newPassword1: 'admin-2' },
    });
    expect((await tokenOf(t.app, { password: 'admin-2' })).account).toBe('admin');
    const wrong = await call(t.app, (await tokenOf(t.app, { password: 'admin-2' })).access_token, {
      method: 'POST',
      url: url('update-password'),
      query: { oldPassword: 'nope', newPassword: 'x-1', newPassword1: 'x-1' },
    });
    expect(wrong.json()).toMatchObject({ code: 400, success: false });
    admin = (await tokenOf(t.app, { password: 'admin-2' })).access_token;
  });

  it('registers a guest with a plain password (pending approval)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: url('register-guest'),
      query: { tenantId: '000000', name: 'Guest', account: 'guest1', password: 'guest-pass', oauthId: '' },
    });
    expect(res.json()).toMatchObject({ code: 200, success: true });
    const page = await ok<{ records: Row[] }>(t.app, admin, {
      method: 'GET',
      url: url('list'),
      query: { account: 'guest1' },
    });
    expect(page.records).toHaveLength(1);
  });

  it('downloads the template and the export with the token in the address, and imports a sheet', async () => {
    const sheetOf = async (raw: Buffer) => {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(raw as unknown as ArrayBuffer);
      return book.worksheets[0]!;
    };
    // Saber opens these with window.open: no header, the token as ?blade-auth=bearer …
    const template = await t.app.inject({
      method: 'GET',
      url: url('export-template'),
      query: { 'blade-auth': `bearer ${admin}` },
    });
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const header = (await sheetOf(template.rawPayload)).getRow(1).values as unknown[];
    expect(header).toContain('登录账号');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: url('export-template'),
          query: { 'blade-auth': 'bearer nope' },
        })
      ).json().code,
    ).toBe(401);

    const exported = await t.app.inject({
      method: 'GET',
      url: url('export-user'),
      query: { 'blade-auth': `bearer ${admin}`, account: 'saber', realName: '' },
    });
    const rows = await sheetOf(exported.rawPayload);
    expect(rows.getRow(2).getCell(1).value).toBe('saber1');
    expect(rows.getRow(2).getCell(6).value).toBe('clerk');

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('users');
    sheet.addRow(['登录账号', '用户昵称', '用户姓名', '电子邮箱', '手机号码', '所属角色', '所属部门']);
    sheet.addRow(['imported1', 'Imp', 'Imported One', '', '', 'clerk', 'Sales']);
    const upload = await call(t.app, admin, {
      method: 'POST',
      url: url('import-user'),
      query: { isCovered: '0' },
      ...multipartFile('users.xlsx', Buffer.from(await book.xlsx.writeBuffer())),
    });
    expect(upload.json()).toMatchObject({ code: 200, data: { added: 1 } });
    const issued = upload.json().data.passwords[0] as { account: string; password: string };
    const first = await tokenOf(t.app, { account: issued.account, password: issued.password });
    expect(first.password_change_required).toBe(true);
    const page = await ok<{ records: Row[] }>(t.app, admin, {
      method: 'GET',
      url: url('list'),
      query: { account: 'imported1' },
    });
    expect(page.records[0]).toMatchObject({ realName: 'Imported One', roleName: 'clerk', deptName: 'Sales' });
  });

  it('removes', async () => {
    await ok(t.app, admin, { method: 'POST', url: url('remove'), query: { ids: userId } });
    const page = await ok<{ total: number }>(t.app, admin, {
      method: 'GET',
      url: url('list'),
      query: { account: 'saber1' },
    });
    expect(page.total).toBe(0);
  });
});
