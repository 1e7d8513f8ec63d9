import { type FieldDef, patternOf, type ResourceDef, resources } from '@blade/schema';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForDescribe } from '../../test/harness.js';
import { randomCode } from './equity-codes.js';
import { neutralise } from './links-export.js';

type Row = Record<string, unknown>;
type PageOf = { records: Row[]; total: number };

const MALL = Object.values(resources).filter((r) => r.table.startsWith('mall_'));

/** A valid value for a declared field, so every mall resource can be exercised from its declaration. */
function sample(field: FieldDef, refs: Record<string, string>, n: number): unknown {
  if (field.name === 'signupStart') return '2020-01-01 00:00:00';
  const pattern = patternOf(field)?.regex ?? '';
  if (pattern.includes('1[3-9]')) return `1381234${String(5000 + n).padStart(4, '0')}`;
  if (pattern.includes('https?')) return `https://example.com/${n}`;
  switch (field.type) {
    case 'int':
    case 'flag':
      return field.min !== undefined && field.min > 1
        ? field.min
        : Math.max(field.min ?? 0, field.dict ? 1 : 3);
    case 'money':
      return 1990;
    case 'date':
    case 'datetime':
      return '2027-06-01 10:00:00';
    case 'ref':
      return refs[field.ref ?? ''];
    case 'enum':
      return '_self';
    default:
      return `${field.label.en} ${n}`;
  }
}

function payloadOf(r: ResourceDef, refs: Record<string, string>, n: number): Row {
  const body: Row = {};
  for (const f of r.fields) {
    if (f.form === false || f.virtual) continue;
    const value = sample(f, refs, n);
    if (value !== undefined) body[f.name] = value;
  }
  return body;
}

describe('mall resources', () => {
  const t = serverForDescribe();
  const refs: Record<string, string> = {};
  const post = (url: string, payload: unknown, query?: Record<string, string>) =>
    t.call({ method: 'POST', url, payload: payload as Row, query });

  beforeAll(async () => {
    for (const name of ['linksType', 'lessonColumn', 'mallUser', 'lesson', 'activity', 'meeting']) {
      const r = resources[name]!;
      const write = r.endpoints.includes('submit') ? 'submit' : 'save';
      const row = await t.ok<Row>({
        method: 'POST',
        url: `/api${r.path}/${write}`,
        payload: payloadOf(r, refs, 0),
      });
      refs[name] = String(row.id);
    }
  });

  it('every declared mall resource creates, lists, shows, updates and removes', async () => {
    for (const r of MALL) {
      const write = r.endpoints.includes('submit')
        ? 'submit'
        : r.endpoints.includes('save')
          ? 'save'
          : undefined;
      const read = r.endpoints.includes('page') ? 'page' : 'list';
      if (!write || r.name === 'order') continue;
      const created = await post(`/api${r.path}/${write}`, payloadOf(r, refs, 1));
      expect(created.json(), `${r.name} ${write}`).toMatchObject({ code: 200 });
      const id = String(created.json().data.id);
      const page = await t.ok<PageOf>({
        method: 'GET',
        url: `/api${r.path}/${read}`,
        query: { size: '100' },
      });
      expect(
        page.records.some((x) => x.id === id),
        `${r.name} listed`,
      ).toBe(true);
      expect((await t.ok<Row>({ method: 'GET', url: `/api${r.path}/detail`, query: { id } })).id).toBe(id);
      const editable = r.fields.find(
        (f) => f.type === 'text' && f.form !== false && !f.disabledOnEdit && !f.pattern,
      );
      if (editable) {
        const update = r.endpoints.includes('submit') ? 'submit' : 'update';
        const changed = await t.ok<Row>({
          method: 'POST',
          url: `/api${r.path}/${update}`,
          payload: { id, [editable.name]: 'changed' },
        });
        expect(changed[editable.name], `${r.name} updated`).toBe('changed');
      }
      if (
        r.endpoints.includes('remove') &&
        !['linksType', 'lessonColumn', 'mallUser', 'lesson', 'activity', 'meeting'].includes(r.name)
      ) {
        await t.ok({ method: 'POST', url: `/api${r.path}/remove`, query: { ids: id } });
      }
    }
  });

  it('sorts pages by the declared ascs and descs', async () => {
    for (const price of [300, 100, 200]) {
      await t.ok({
        method: 'POST',
        url: '/api/mall/product/save',
        payload: { name: `sort-${price}`, category: 1, price, stock: 1, status: 1 },
      });
    }
    const asc = await t.ok<PageOf>({
      method: 'GET',
      url: '/api/mall/product/page',
      query: { name: 'sort-', ascs: 'price' },
    });
    expect(asc.records.map((r) => r.price)).toEqual([100, 200, 300]);
    const desc = await t.ok<PageOf>({
      method: 'GET',
      url: '/api/mall/product/page',
      query: { name: 'sort-', descs: 'price' },
    });
    expect(desc.records.map((r) => r.price)).toEqual([300, 200, 100]);
    expect(
      await t.status({
        method: 'GET',
        url: '/api/mall/product/page',
        query: { ascs: 'description' },
      }),
    ).toBe(400);
  });

  it('prices orders on the server and takes stock in the same transaction', async () => {
    const product = await t.ok<Row>({
      method: 'POST',
      url: '/api/mall/product/save',
      payload: { name: '课程礼盒', category: 1, price: 2500, stock: 10, status: 1 },
    });
    const order = await t.ok<Row & { items: Row[] }>({
      method: 'POST',
      url: '/api/mall/order/save',
      payload: {
        mallUserId: refs.mallUser,
        items: [{ productId: product.id, quantity: 3 }],
        totalAmount: 1,
        payAmount: 1,
        receiver: '张三',
      },
    });
    expect(order).toMatchObject({ totalAmount: 7500, payAmount: 7500, payStatus: 0 });
    expect(order.orderNo).toMatch(/^\d{21}$/);
    expect(order.items).toEqual([
      { productId: product.id, productName: '课程礼盒', price: 2500, quantity: 3, amount: 7500 },
    ]);
    const after = await t.ok<Row>({
      method: 'GET',
      url: '/api/mall/product/detail',
      query: { id: String(product.id) },
    });
    expect(after).toMatchObject({ stock: 7, sales: 3 });

    const paid = await t.ok<Row>({
      method: 'POST',
      url: '/api/mall/order/update',
      payload: { id: order.id, payStatus: 1 },
    });
    expect(paid.payTime).toMatch(/^\d{4}-/);
    // Lines are fixed once the order is placed: lines sent with an update are ignored.
    const relined = await t.ok<Row & { items: Row[] }>({
      method: 'POST',
      url: '/api/mall/order/update',
      payload: { id: order.id, items: [] },
    });
    expect(relined.items).toHaveLength(1);

    const tooMany = await post('/api/mall/order/save', {
      mallUserId: refs.mallUser,
      items: [{ productId: product.id, quantity: 8 }],
    });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().msg).toBe('商品「课程礼盒」库存不足');
    expect(
      (
        await t.ok<Row>({
          method: 'GET',
          url: '/api/mall/product/detail',
          query: { id: String(product.id) },
        })
      ).stock,
    ).toBe(7);
    const noLines = await post('/api/mall/order/save', { mallUserId: refs.mallUser, items: [] });
    expect(noLines.statusCode).toBe(400);
  });

  it('sells exactly the stock under 20 concurrent orders', async () => {
    const product = await t.ok<Row>({
      method: 'POST',
      url: '/api/mall/product/save',
      payload: { name: '限量徽章', category: 1, price: 100, stock: 5, status: 1 },
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/mall/order/save', {
          mallUserId: refs.mallUser,
          items: [{ productId: product.id, quantity: 1 }],
        }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(15);
    const after = await t.ok<Row>({
      method: 'GET',
      url: '/api/mall/product/detail',
      query: { id: String(product.id) },
    });
    expect(after).toMatchObject({ stock: 0, sales: 5 });
  });

  it('never exceeds an activity quota under concurrent sign-ups; cancelling frees a place', async () => {
    const activity = await t.ok<Row>({
      method: 'POST',
      url: '/api/mall/activity/save',
      payload: { title: '读书会', startTime: '2026-12-01 19:00:00', quota: 3, signedCount: 99 },
    });
    expect(activity.signedCount).toBe(0);
    const signups = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post('/api/mall/activityuser/save', {
          activityId: activity.id,
          name: `学员${i}`,
          phone: `1391234${String(1000 + i)}`,
        }),
      ),
    );
    const accepted = signups.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(3);
    expect(signups.filter((r) => r.statusCode === 409).every((r) => r.json().msg === '活动名额已满')).toBe(
      true,
    );
    await t.ok({
      method: 'POST',
      url: '/api/mall/activityuser/update',
      payload: { id: accepted[0]!.json().data.id, status: 2 },
    });
    expect(
      (
        await post('/api/mall/activityuser/save', {
          activityId: activity.id,
          name: '候补',
          phone: '13912349999',
        })
      ).statusCode,
    ).toBe(200);
    const checkedIn = await t.ok<Row>({
      method: 'POST',
      url: '/api/mall/activityuser/update',
      payload: { id: accepted[1]!.json().data.id, status: 1 },
    });
    expect(checkedIn.checkinTime).toMatch(/^\d{4}-/);
    const closed = await t.ok<Row>({
      method: 'POST',
      url: '/api/mall/activity/save',
      payload: {
        title: '已截止',
        startTime: '2026-12-01 19:00:00',
        quota: 3,
        signupEnd: '2020-01-01 00:00:00',
      },
    });
    expect(
      (
        await post('/api/mall/activityuser/save', {
          activityId: closed.id,
          name: '迟到',
          phone: '13912348888',
        })
      ).json().msg,
    ).toBe('不在活动报名时间内');
  });

  it('generates a meeting’s equity codes once, with the quantity and validity of its record', async () => {
    const meeting = await t.ok<Row>({
      method: 'POST',
      url: '/api/meeting/meeting/submit',
      payload: {
        title: '年度大会',
        startTime: '2026-12-20 09:00:00',
        codeQuantity: 1200,
        codeValidUntil: '2026-12-31 23:59:59',
      },
    });
    const first = await t.ok<Row>({
      method: 'POST',
      url: '/api/meeting/equitycode/generate',
      payload: { id: meeting.id },
    });
    expect(first).toEqual({ generated: 1200, total: 1200 });
    const again = await t.ok<Row>({
      method: 'POST',
      url: '/api/meeting/equitycode/generate',
      payload: { id: meeting.id },
    });
    expect(again).toEqual({ generated: 0, total: 1200 });
    const page = await t.ok<PageOf>({
      method: 'GET',
      url: '/api/meeting/equitycode/page',
      query: { meetingId: String(meeting.id), size: '10' },
    });
    expect(page.total).toBe(1200);
    expect(page.records[0], JSON.stringify(page.records[0])).toMatchObject({
      status: 0,
      validUntil: '2026-12-31 23:59:59',
    });
    expect(String(page.records[0]!.code)).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    const codes = await t.services.data
      .forTenant('000000')
      .selectFrom('mall_equity_code')
      .select('code')
      .execute();
    expect(new Set(codes.map((c) => c.code)).size).toBe(1200);
    expect((await post('/api/meeting/equitycode/generate', { id: '999' })).statusCode).toBe(404);
  });

  it('exports 50,000 links as a valid spreadsheet with formula-like text neutralised', async () => {
    const db = t.services.data.forTenant('000000');
    const now = '2026-06-01 10:00:00.000';
    const rows = Array.from({ length: 50_000 }, (_, i) => ({
      id: 9_000_000_000 + i,
      tenant_id: '000000',
      type_id: Number(refs.linksType),
      name: i === 0 ? '=HYPERLINK("http://evil","x")' : i === 1 ? '@SUM(A1)' : `link ${i}`,
      url: `https://example.com/${i}`,
      target: '_blank',
      sort: i,
      create_time: now,
      update_time: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('mall_links' as never)
        .values(rows.slice(i, i + 500) as never)
        .execute();
    const res = await t.call({
      method: 'GET',
      url: '/api/mall/links/export',
      query: { ascs: 'sort' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBeGreaterThanOrEqual(50_001);
    expect(sheet.getRow(2).getCell(1).value).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(sheet.getRow(3).getCell(1).value).toBe("'@SUM(A1)");
    expect(sheet.getRow(4).getCell(1).value).toBe('link 2');
  }, 120_000);
});

describe('equity code alphabet', () => {
  it('100,000 random codes are unique and readable', () => {
    const codes = new Set(Array.from({ length: 100_000 }, randomCode));
    expect(codes.size).toBe(100_000);
    for (const code of [...codes].slice(0, 1000)) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/);
    expect(neutralise('-1+1')).toBe("'-1+1");
    expect(neutralise('plain')).toBe('plain');
  });
});
