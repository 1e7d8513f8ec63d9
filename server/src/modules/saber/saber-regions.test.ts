import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deptNamed, ok, roleWith, userWith } from '../../test/fixtures.js';
import { build, call, multipartFile, type TestServer, tokenOf } from '../../test/harness.js';

type Row = Record<string, unknown>;

/** A sheet in the columns of the region import template (the form's labels). */
async function regionSheet(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('regions');
  sheet.addRow(['区划编号', '上级编号', '区划名称', '层级', '排序']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Saber's region import (`import-region?isCovered=`) and template, as SpringBlade names them. */
describe('Saber 4.x region spreadsheets', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  const detail = (code: string) =>
    ok<Row>(t.app, admin, { method: 'GET', url: '/api/blade-system/region/detail', query: { code } });
  const upload = async (token: string, isCovered: string, rows: unknown[][]) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/blade-system/region/import-region',
      query: { isCovered },
      ...multipartFile('regions.xlsx', await regionSheet(rows)),
    });

  it('imports the valid rows, names each refused row, and overwrites only with isCovered=1', async () => {
    const first = await upload(admin, '0', [
      ['98', '00', 'Imported province', 1, 1],
      ['9801', '98', 'Imported city', 2, 1],
      ['8x', '00', 'Bad code', 1, 1],
    ]);
    expect(first.json()).toMatchObject({ code: 200, data: { total: 3, imported: 2 } });
    expect(first.json().data.problems).toEqual([{ row: 4, message: expect.stringContaining('区划编号') }]);
    expect(await detail('9801')).toMatchObject({ name: 'Imported city', parentCode: '98' });

    // Without isCovered an existing code is refused; with it the region is overwritten.
    const again = await upload(admin, '0', [['9801', '98', 'Renamed city', 2, 1]]);
    expect(again.json().data).toMatchObject({ imported: 0, problems: [{ row: 2 }] });
    expect(await detail('9801')).toMatchObject({ name: 'Imported city' });
    const covered = await upload(admin, '1', [['9801', '98', 'Renamed city', 2, 3]]);
    expect(covered.json().data).toMatchObject({ imported: 1, problems: [] });
    expect(await detail('9801')).toMatchObject({ name: 'Renamed city', sort: 3 });
    const lazy = await ok<Row[]>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-system/region/lazy-tree',
      query: { parentCode: '98' },
    });
    expect(lazy.map((r) => r.id)).toEqual(['9801']);
  });

  it('needs the add button to import and the edit button to overwrite', async () => {
    const roleId = await roleWith(t.app, t.services, admin, 'region-adder', [
      'system',
      'region',
      'region_add',
    ]);
    const deptId = await deptNamed(t.app, admin, 'Regions');
    const adder = await userWith(t.app, admin, { account: 'regionadder', roleId, deptId });
    expect((await upload(adder.token, '1', [['9802', '98', 'X', 2, 1]])).json().code).toBe(403);
    const added = await upload(adder.token, '0', [['9802', '98', 'Second city', 2, 2]]);
    expect(added.json().data).toMatchObject({ imported: 1 });
  });

  it('answers the template with the columns the import reads, the token in the address', async () => {
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/blade-system/region/export-template',
      query: { 'blade-auth': `bearer ${admin}` },
    });
    expect(template.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(template.rawPayload as unknown as ArrayBuffer);
    const header = book.worksheets[0]?.getRow(1).values as unknown[];
    expect(header).toEqual(expect.arrayContaining(['区划编号', '上级编号', '区划名称', '层级']));
  });
});
