import type { ImportJob } from '@blade/schema';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ok, tenantWithAdmin } from '../../test/fixtures.js';
import { call, serverForDescribe } from '../../test/harness.js';
import { BACKGROUND_IMPORT_ROWS } from './import-job.js';
import { sheetRows } from './sheet-reader.js';
import { SHEET_LIMITS, SHEET_READERS, type SheetLimits } from './spreadsheet-limits.js';

/** A column's letters (0 → A, 26 → AA). */
const colName = (i: number): string =>
  (i >= 26 ? colName(Math.floor(i / 26) - 1) : '') + String.fromCharCode(65 + (i % 26));

/** The rows of the first sheet of an .xlsx, as text. */
async function rowsOf(body: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => String(v ?? '')));
  });
  return rows;
}

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('s');
  for (const row of rows) ws.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A multipart body holding one file. */
function upload(file: Buffer) {
  const boundary = '----blade-import';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="posts.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

interface ImportAnswer {
  total: number;
  valid: number;
  imported: number;
  problems: Array<{ row: number; message: string }>;
}

/** Export, template and import of any resource's list as .xlsx. */
describe('spreadsheets', () => {
  const t = serverForDescribe({ JOBS_ENABLED: 'false' });

  it('exports the filtered list with labels and dictionary names, formulas neutralised', async () => {
    for (const [code, name] of [
      ['x-1', 'Sheet one'],
      ['x-2', '=1+1 sheet'],
      ['y-1', 'Other'],
    ])
      await t.ok({
        method: 'POST',
        url: '/api/blade-system/post/submit',
        payload: { postCode: code, postName: name, category: 1, sort: 1 },
      });
    const res = await t.call({
      method: 'GET',
      url: '/api/blade-log/data/export?resource=post&postCode=x-',
    });
    expect(res.statusCode).toBe(200);
    const rows = await rowsOf(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['岗位类型', '岗位编号', '岗位名称']));
    const names = rows.slice(1).map((r) => r[rows[0]!.indexOf('岗位名称')]);
    expect(names.sort()).toEqual(["'=1+1 sheet", 'Sheet one']);
    expect(rows[1]![rows[0]!.indexOf('岗位类型')]).toBe('高层');
  });

  it('reads Chinese text whole however the file is cut into chunks', async () => {
    const text = (i: number) => `${'岗位名称中文'.repeat(7)}${i}`;
    const file = await sheet([['岗位名称'], ...Array.from({ length: 3000 }, (_, i) => [text(i)])]);
    let n = -1;
    const wrong: number[] = [];
    for await (const row of sheetRows(file)) {
      if (n >= 0 && row.cells[1] !== text(n)) wrong.push(row.number);
      n++;
    }
    expect(n).toBe(3000);
    expect(wrong).toEqual([]);
  });

  it('reads a few spreadsheets at once; more wait their turn, and past the queue are refused', async () => {
    const file = await sheet([['岗位名称'], ['一'], ['二']]);
    const saved = { ...SHEET_READERS };
    Object.assign(SHEET_READERS, { running: 1, waiting: 1 });
    try {
      const first = sheetRows(file);
      expect((await first.next()).done).toBe(false); // holds the one reader
      const second = sheetRows(file);
      const secondRow = second.next(); // waits
      const third = await sheetRows(file)
        .next()
        .then(
          () => 'read',
          (error: { status?: number }) => error.status,
        );
      expect(third).toBe(429);
      let waited = true;
      void secondRow.then(() => {
        waited = false;
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(waited).toBe(true);
      await first.return(undefined); // gives its reader to the one waiting
      expect((await secondRow).done).toBe(false);
      await second.return(undefined);
      expect((await sheetRows(file).next()).done).toBe(false);
    } finally {
      Object.assign(SHEET_READERS, saved);
    }
  });

  it('reads the first tab of the sheet list, whatever order the zip holds its parts in', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('second').addRow(['岗位名称', 'from sheet1.xml']);
    book.addWorksheet('first').addRow(['岗位名称', 'from sheet2.xml']);
    // Swap the tabs in the sheet list: sheet2.xml is now the tab a person sees first, while
    // sheet1.xml still comes first in the zip (and exceljs writes the sheet list last of all).
    const zip = await JSZip.loadAsync(await book.xlsx.writeBuffer());
    const list = await zip.file('xl/workbook.xml')!.async('string');
    const tabs = list.match(/<sheet [^>]*\/>/g)!;
    expect(tabs).toHaveLength(2);
    zip.file('xl/workbook.xml', list.replace(tabs.join(''), `${tabs[1]}${tabs[0]}`));
    const file = await zip.generateAsync({ type: 'nodebuffer' });
    const rows: unknown[] = [];
    for await (const row of sheetRows(file)) rows.push(row.cells[2]);
    expect(rows).toEqual(['from sheet2.xml']);
  });

  it('refuses a file whose parts inflate past what a sheet needs, naming the limit, or that is no workbook', async () => {
    const zip = await JSZip.loadAsync(await sheet([['岗位名称'], ['x']]));
    // 75 million characters that deflate to a few hundred kilobytes.
    zip.file('xl/sharedStrings.xml', `<sst>${'<si><t>aaaaaaaaaa</t></si>'.repeat(3_000_000)}</sst>`);
    const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(bomb.length).toBeLessThan(1_000_000);
    const read = async (file: Buffer) => {
      for await (const _ of sheetRows(file));
    };
    await expect(read(bomb)).rejects.toMatchObject({
      status: 413,
      key: 'sheetPartTooLarge',
      params: { part: 'xl/sharedStrings.xml', max: SHEET_LIMITS.sharedStringsChars },
    });
    await expect(read(Buffer.from('not a zip'))).rejects.toMatchObject({
      status: 400,
      key: 'importNotSheet',
    });
  });

  it('refuses a sheet with a text too long to hold, or too much XML, rows or cells in all', async () => {
    const read = async (file: Buffer, limits?: Partial<SheetLimits>) => {
      const rows: unknown[] = [];
      for await (const row of sheetRows(file, { limits })) rows.push(row.cells[1]);
      return rows;
    };
    /** The sheet of a one-row workbook with more XML put before its end. */
    const padded = async (more: string) => {
      const zip = await JSZip.loadAsync(await sheet([['岗位名称'], ['x']]));
      const xml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
      zip.file('xl/worksheets/sheet1.xml', xml.replace('</sheetData>', `${more}</sheetData>`));
      return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    };
    // One cell of two million characters, which the XML reader would hold whole.
    const long = await padded(
      `<row r="3"><c r="A3" t="inlineStr"><is><t>${'a'.repeat(2_000_000)}</t></is></c></row>`,
    );
    await expect(read(long)).rejects.toMatchObject({ status: 413, key: 'sheetTextTooLong' });
    // Empty rows are not imported, but they are read: their number and the sheet's size bound them.
    const empty = await padded(Array.from({ length: 100_000 }, (_, i) => `<row r="${i + 3}"/>`).join(''));
    expect(await read(empty)).toEqual(['岗位名称', 'x']);
    await expect(read(empty, { sheetChars: 1_000_000 })).rejects.toMatchObject({
      status: 413,
      key: 'sheetPartTooLarge',
      params: { part: 'xl/worksheets/sheet1.xml', max: 1_000_000 },
    });
    await expect(read(empty, { rows: 50_000 })).rejects.toMatchObject({
      status: 413,
      key: 'sheetTooManyRows',
      params: { max: 50_000 },
    });
    const cells = (n: number) => Array.from({ length: n }, (_, i) => `<c r="${colName(i)}3"/>`).join('');
    const wide = await padded(`<row r="3">${cells(2_000)}</row>`);
    await expect(read(wide)).rejects.toMatchObject({ status: 413, key: 'sheetRowTooWide' });
    const many = await padded(
      Array.from({ length: 300 }, (_, r) => `<row r="${r + 3}">${cells(100)}</row>`).join(''),
    );
    await expect(read(many, { cells: 20_000 })).rejects.toMatchObject({
      status: 413,
      key: 'sheetTooManyCells',
      params: { max: 20_000 },
    });
    // The time the reading may take is the worker's own.
    await expect(read(empty, { ms: 1 })).rejects.toMatchObject({ status: 413, key: 'sheetTooSlow' });
  });

  it('refuses a bomb of styles or shared strings through the import, naming the limit', async () => {
    for (const [part, max] of [
      ['xl/styles.xml', SHEET_LIMITS.stylesChars],
      ['xl/sharedStrings.xml', SHEET_LIMITS.sharedStringsChars],
    ] as const) {
      const zip = await JSZip.loadAsync(await sheet([['岗位名称'], ['x']]));
      zip.file(part, `<x>${'<y/>'.repeat(max / 4 + 10)}</x>`);
      const bomb = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      const res = await t.call({
        method: 'POST',
        url: '/api/blade-log/data/import?resource=post&mode=check',
        ...upload(bomb),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().msg).toBe(`表格的 ${part} 解压后超过 ${max} 个字符的上限`);
    }
  });

  it('offers a template and imports only valid rows, only when asked', async () => {
    const template = await t.call({
      method: 'GET',
      url: '/api/blade-log/data/template?resource=post',
    });
    const [header] = await rowsOf(template.rawPayload);
    expect(header).toEqual(expect.arrayContaining(['岗位编号', '岗位名称']));

    const file = await sheet([
      ['岗位类型', '岗位编号', '岗位名称', '排序'],
      ['高层', 'imp-1', 'Imported', 3],
      ['高层', 'imp-2', '', 4],
      ['no such type', 'imp-3', 'Bad type', 5],
    ]);
    const checked = await t.ok<ImportAnswer>({
      method: 'POST',
      url: '/api/blade-log/data/import?resource=post&mode=check',
      ...upload(file),
    });
    expect(checked).toMatchObject({ total: 3, valid: 1, imported: 0 });
    expect(checked.problems[0]).toEqual({ row: 3, message: '请输入岗位名称' });
    expect(checked.problems[1]!.row).toBe(4);
    expect(checked.problems[1]!.message).toContain('岗位类型');
    const before = await t.services.data
      .unscoped()
      .selectFrom('blade_post')
      .select('id')
      .where('post_code', 'like', 'imp-%')
      .execute();
    expect(before).toEqual([]);

    const report = await t.call({
      method: 'POST',
      url: '/api/blade-log/data/import?resource=post&mode=report',
      ...upload(file),
    });
    expect((await rowsOf(report.rawPayload)).slice(1).map((r) => r[0])).toEqual(['3', '4']);

    const imported = await t.ok<ImportAnswer>({
      method: 'POST',
      url: '/api/blade-log/data/import?resource=post&mode=import',
      ...upload(file),
    });
    expect(imported).toMatchObject({ total: 3, valid: 1, imported: 1 });
    const row = await t.services.data
      .unscoped()
      .selectFrom('blade_post')
      .selectAll()
      .where('post_code', '=', 'imp-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ post_name: 'Imported', category: 1 });
    // Each imported row is a recorded change.
    const history = await t.services.data
      .unscoped()
      .selectFrom('blade_data_history')
      .select('action')
      .where('row_id', '=', row.id)
      .execute();
    expect(history.map((h) => h.action)).toEqual(['create']);
  });

  it('checks and writes a large file as background work the user (only) finds again', async () => {
    const rows: unknown[][] = [['岗位类型', '岗位编号', '岗位名称', '排序']];
    for (let i = 1; i <= BACKGROUND_IMPORT_ROWS + 20; i++) rows.push(['高层', `big-${i}`, `Big ${i}`, i]);
    rows.push(['高层', 'big-bad', '', 1]);
    const file = await sheet(rows);
    const started = await t.ok<{ job: ImportJob }>({
      method: 'POST',
      url: '/api/blade-log/data/import?resource=post&mode=check',
      ...upload(file),
    });
    expect(started.job).toMatchObject({ mode: 'check', status: 'running' });
    const poll = async (id: string): Promise<ImportJob> => {
      for (;;) {
        const job = await t.ok<ImportJob>({
          method: 'GET',
          url: `/api/blade-log/data/import/job?resource=post&id=${id}`,
        });
        if (job.status !== 'running') return job;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const checked = await poll(started.job.id);
    expect(checked).toMatchObject({
      status: 'done',
      total: BACKGROUND_IMPORT_ROWS + 21,
      valid: BACKGROUND_IMPORT_ROWS + 20,
      imported: 0,
      problemCount: 1,
      canImport: true,
    });
    expect(checked.problems).toEqual([{ row: BACKGROUND_IMPORT_ROWS + 22, message: '请输入岗位名称' }]);
    const written = () =>
      t.services.data
        .unscoped()
        .selectFrom('blade_post')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('post_code', 'like', 'big-%')
        .executeTakeFirstOrThrow();
    expect(Number((await written()).n)).toBe(0);

    // A reload finds it; another tenant cannot poll it, nor see it as its latest.
    const latest = await t.ok<ImportJob>({
      method: 'GET',
      url: '/api/blade-log/data/import/latest?resource=post',
    });
    expect(latest.id).toBe(started.job.id);
    const other = await tenantWithAdmin(t.app, t.services, '100001');
    const foreign = await call(t.app, other, {
      method: 'GET',
      url: `/api/blade-log/data/import/job?resource=post&id=${started.job.id}`,
    });
    expect(foreign.statusCode).toBe(404);
    expect(
      await ok(t.app, other, { method: 'GET', url: '/api/blade-log/data/import/latest?resource=post' }),
    ).toBeNull();
    const report = await t.call({
      method: 'GET',
      url: `/api/blade-log/data/import/report?resource=post&id=${started.job.id}`,
    });
    expect((await rowsOf(report.rawPayload)).slice(1)).toEqual([
      [String(BACKGROUND_IMPORT_ROWS + 22), '请输入岗位名称'],
    ]);

    const run = await t.ok<ImportJob>({
      method: 'POST',
      url: `/api/blade-log/data/import/run?resource=post&id=${started.job.id}`,
    });
    const done = await poll(run.id);
    expect(done).toMatchObject({ mode: 'import', status: 'done', imported: BACKGROUND_IMPORT_ROWS + 20 });
    expect(Number((await written()).n)).toBe(BACKGROUND_IMPORT_ROWS + 20);
    const again = await t.call({
      method: 'POST',
      url: `/api/blade-log/data/import/run?resource=post&id=${started.job.id}`,
    });
    expect(again.statusCode).toBe(400);

    await t.ok({
      method: 'POST',
      url: `/api/blade-log/data/import/dismiss?resource=post&id=${run.id}`,
    });
    expect(await t.ok({ method: 'GET', url: '/api/blade-log/data/import/latest?resource=post' })).toBeNull();
  }, 120_000);
});

/** Money in a spreadsheet reads as on the form: yuan with two decimals, both ways. */
describe('spreadsheet money and round trip', () => {
  const t = serverForDescribe({ JOBS_ENABLED: 'false' });

  const products = (prefix: string) =>
    t.services.data
      .unscoped()
      .selectFrom('mall_product')
      .select(['name', 'category', 'price', 'original_price', 'stock', 'status', 'sort', 'images'])
      .where('name', 'like', `${prefix}%`)
      .where('is_deleted', '=', 0)
      .orderBy('name')
      .execute();

  it('exports products in yuan with the template columns, and the file imports back unchanged', async () => {
    const ids: string[] = [];
    for (const [name, price, original, category] of [
      ['rt-a 复古帆布包', 1234, 1999, 2],
      ['rt-b', 880, null, 4],
      ['rt-c', 100, 5, 1],
    ] as const) {
      const saved = await t.ok<{ id: string }>({
        method: 'POST',
        url: '/api/mall/product/submit',
        payload: {
          name,
          price,
          originalPrice: original ?? undefined,
          category,
          stock: 7,
          status: 1,
          images: 'https://example.com/a.png',
        },
      });
      ids.push(saved.id);
    }
    const stored = await products('rt-');

    const template = await t.call({
      method: 'GET',
      url: '/api/blade-log/data/template?resource=product',
    });
    const [templateHeader] = await rowsOf(template.rawPayload);
    const exported = await t.call({
      method: 'GET',
      url: '/api/blade-log/data/export?resource=product&name=rt-',
    });
    const rows = await rowsOf(exported.rawPayload);
    expect(rows[0]!.slice(0, templateHeader!.length)).toEqual(templateHeader);
    const first = Object.fromEntries(
      rows[0]!.map((h, i) => [h, rows.find((r) => r[0] === 'rt-a 复古帆布包')![i]]),
    );
    expect(first).toMatchObject({ '售价(元)': '12.34', '原价(元)': '19.99', 商品分类: '课程卡' });

    const checked = await t.ok<ImportAnswer>({
      method: 'POST',
      url: '/api/blade-log/data/import?resource=product&mode=check',
      ...upload(exported.rawPayload),
    });
    expect(checked).toMatchObject({ total: 3, valid: 3, problems: [] });

    await t.ok({ method: 'POST', url: `/api/mall/product/remove?ids=${ids.join(',')}` });
    await t.ok({
      method: 'POST',
      url: '/api/blade-log/data/import?resource=product&mode=import',
      ...upload(exported.rawPayload),
    });
    expect(await products('rt-')).toEqual(stored);
  });

  it('reads yuan as the form does and lists every problem of a row', async () => {
    const file = await sheet([
      ['商品名称', '商品分类', '售价', '原价'],
      ['yuan-1', '图书教材', 8.8, '¥12.30'],
      ['yuan-2', '图书教材', 1, '0.5'],
      ['yuan-3', '图书教材', 1.234, ''],
      ['', '没有这个分类', 'abc', -1],
    ]);
    const imported = await t.ok<ImportAnswer>({
      method: 'POST',
      url: '/api/blade-log/data/import?resource=product&mode=import',
      ...upload(file),
    });
    expect(imported).toMatchObject({ total: 4, valid: 2, imported: 2 });
    expect(imported.problems).toHaveLength(2);
    expect(imported.problems[0]).toEqual({ row: 4, message: '售价最多保留 2 位小数' });
    expect(imported.problems[1]!.row).toBe(5);
    for (const part of ['请输入商品名称', '商品分类', '售价', '原价'])
      expect(imported.problems[1]!.message).toContain(part);
    expect(await products('yuan-')).toMatchObject([
      { name: 'yuan-1', price: 880, original_price: 1230 },
      { name: 'yuan-2', price: 100, original_price: 50 },
    ]);
  });

  it('names a related row by its name in both directions', async () => {
    const type = await t.ok<{ id: string }>({
      method: 'POST',
      url: '/api/mall/linkstype/submit',
      payload: { name: '友情链接 ref', sort: 1 },
    });
    await t.ok({
      method: 'POST',
      url: '/api/mall/links/save',
      payload: { typeId: type.id, name: 'ref-1', url: 'https://example.com/1' },
    });
    const exported = await t.call({
      method: 'GET',
      url: '/api/blade-log/data/export?resource=links&name=ref-',
    });
    const rows = await rowsOf(exported.rawPayload);
    expect(rows[1]![rows[0]!.indexOf('链接类型')]).toBe('友情链接 ref');

    const file = await sheet([
      ['链接类型', '链接名称', '链接地址'],
      ['友情链接 ref', 'ref-2', 'https://example.com/2'],
      ['没有这个类型', 'ref-3', 'https://example.com/3'],
    ]);
    const imported = await t.ok<ImportAnswer>({
      method: 'POST',
      url: '/api/blade-log/data/import?resource=links&mode=import',
      ...upload(file),
    });
    expect(imported).toMatchObject({
      valid: 1,
      problems: [{ row: 3, message: '链接类型的取值不在可选范围内' }],
    });
    const stored = await t.ok<{ records: Array<{ typeId: string }> }>({
      method: 'GET',
      url: '/api/mall/links/page?name=ref-2',
    });
    expect(stored.records.map((r) => String(r.typeId))).toEqual([type.id]);
  });
});
