import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../../db/database.js';
import { firstSignIn, ok } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

const BASE = '/api/blade-report/report/rest';
const ROWS = 100_000;
const TIMEOUT_MS = 3000;

interface RunAnswer {
  columns: Array<{ name: string; label: string }>;
  rows: unknown[][];
  truncated: boolean;
}

describe('reports', () => {
  let t: TestServer;
  let admin: string;
  let dialect: DialectName;

  /** The sample table's figures, to prove a refused query changed nothing. */
  const figures = async () =>
    (
      await sql<{
        n: number | string;
        total: number | string;
      }>`select count(*) as n, sum(amount) as total from report_sample`.execute(t.services.data.unscoped())
    ).rows.map((r) => ({ n: Number(r.n), total: Number(r.total) }))[0];

  const preview = (design: Record<string, unknown>, params: Record<string, unknown> = {}, token = admin) =>
    call(t.app, token, { method: 'POST', url: `${BASE}/preview`, payload: { design, params } });

  const save = (name: string, content: Record<string, unknown>) =>
    ok<{ id: string; content: string }>(t.app, admin, {
      method: 'POST',
      url: `${BASE}/submit`,
      payload: { name, content },
    });

  beforeAll(async () => {
    t = await build({ REPORT_TIMEOUT_MS: String(TIMEOUT_MS) });
    dialect = t.services.data.dialect;
    admin = (await tokenOf(t.app)).access_token;
    const db = t.services.data.unscoped();
    await sql`create table report_sample (id integer primary key, name varchar(100), grp integer, amount integer)`.execute(
      db,
    );
    // 100,000 rows; row 7 holds text a spreadsheet would run as a formula.
    // Digits crossed, not a recursive CTE: MySQL stops recursion at 1000 steps by default.
    const digits = sql.raw(Array.from({ length: 10 }, (_, d) => `select ${d} as i`).join(' union all '));
    await sql`insert into report_sample (id, name, grp, amount)
      with d as (${digits}),
      n as (select a.i + 10 * b.i + 100 * c.i + 1000 * e.i + 10000 * f.i + 1 as i from d a, d b, d c, d e, d f)
      select i, case when i = 7 then '=1+2' else 'item ' || i end, i % 5, i % 100 from n
      where i <= ${sql.lit(ROWS)}`.execute(db);
  });
  afterAll(() => t.close());

  it('saves a design and runs it with parameters bound as values', async () => {
    const saved = await save('分组汇总', {
      datasourceId: '0',
      sql: 'select grp, count(*) as n, sum(amount) as total from report_sample where id <= :maxId group by grp order by grp',
      params: [{ name: 'maxId', label: '最大编号', type: 'number', default: 10 }],
      columns: [
        { name: 'grp', label: '分组' },
        { name: 'total', label: '金额' },
      ],
      chart: { kind: 'bar', category: 'grp', value: 'total' },
    });
    const detail = await ok<{ content: string }>(t.app, admin, {
      method: 'GET',
      url: `${BASE}/detail`,
      query: { id: saved.id },
    });
    expect(JSON.parse(detail.content)).toMatchObject({ rowLimit: 1000, chart: { kind: 'bar' } });

    const byDefault = await ok<RunAnswer>(t.app, admin, {
      method: 'POST',
      url: `${BASE}/run`,
      payload: { id: saved.id },
    });
    expect(byDefault.columns).toEqual([
      { name: 'grp', label: '分组' },
      { name: 'n', label: 'n' },
      { name: 'total', label: '金额' },
    ]);
    expect(byDefault.rows).toHaveLength(5);
    expect(byDefault.rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(10);
    expect(byDefault.truncated).toBe(false);

    const hundred = await ok<RunAnswer>(t.app, admin, {
      method: 'POST',
      url: `${BASE}/run`,
      payload: { id: saved.id, params: { maxId: '100' } },
    });
    expect(hundred.rows.reduce((sum, r) => sum + Number(r[1]), 0)).toBe(100);

    const wrongType = await call(t.app, admin, {
      method: 'POST',
      url: `${BASE}/run`,
      payload: { id: saved.id, params: { maxId: '1 or 1=1' } },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toBe('参数 最大编号 需要一个数字');
    const unknown = await call(t.app, admin, {
      method: 'POST',
      url: `${BASE}/run`,
      payload: { id: saved.id, params: { other: 1 } },
    });
    expect(unknown.json().msg).toBe('报表没有参数 other');
  });

  it('treats an injection attempt in a parameter as a plain value', async () => {
    const design = {
      sql: 'select count(*) as n from report_sample where name = :name',
      params: [{ name: 'name', type: 'text' }],
    };
    const count = async (name: string) => {
      const res = await preview(design, { name });
      expect(res.statusCode, res.body).toBe(200);
      return Number((res.json().data as RunAnswer).rows[0]![0]);
    };
    expect(await count('item 5')).toBe(1);
    expect(await count("x' or '1'='1")).toBe(0);
    expect(await count("'; drop table report_sample; --")).toBe(0);
    expect(await figures()).toEqual({ n: ROWS, total: expect.any(Number) });
  });

  it('refuses a query that writes, and the data stays as it was', async () => {
    const before = await figures();
    const NOT_SELECT = '报表查询只能是一条 SELECT 或 WITH 查询语句';
    const ONE = '报表查询只能包含一条语句';
    const WRITES = '报表查询不能修改数据';
    const cases: Array<[string, RegExp | string]> = [
      ['delete from report_sample', NOT_SELECT],
      ['insert into report_sample (id) values (0)', NOT_SELECT],
      ['update report_sample set amount = 0', NOT_SELECT],
      ['drop table report_sample', NOT_SELECT],
      ['select 1; delete from report_sample', ONE],
      ['select 1 as a; -- and then\n update report_sample set amount = 0', ONE],
      // Past the statement check: the database itself refuses.
      [
        'with x as (delete from report_sample returning id) select * from x',
        dialect === 'postgres' ? WRITES : /^查询执行失败：.*(syntax error|error in your SQL syntax)/,
      ],
      // MariaDB has no WITH … DELETE (a syntax error); MySQL 8 refuses it as a write.
      [
        'with x as (select 1) delete from report_sample',
        { postgres: /^查询执行失败：/, mysql: /^查询执行失败：|不能修改/, sqlite: WRITES }[dialect],
      ],
    ];
    if (dialect === 'sqlite') {
      cases.push(
        ['pragma writable_schema = 1', NOT_SELECT],
        ["attach database 'other.db' as other", NOT_SELECT],
      );
    } else {
      cases.push(
        ['select * from report_sample for update', WRITES],
        [
          "select set_config('default_transaction_read_only', 'off', false), nextval('x')",
          /^查询执行失败：|不能修改/,
        ],
      );
    }
    for (const [query, message] of cases) {
      const res = await preview({ sql: query });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg, query).toMatch(message);
    }
    expect(await figures()).toEqual(before);
  });

  it('stops at the row limit and says the rows were cut', async () => {
    const many = await preview({ sql: 'select id from report_sample order by id' });
    const page = many.json().data as RunAnswer;
    expect(page.rows).toHaveLength(1000);
    expect(page.truncated).toBe(true);
    expect(page.rows[999]).toEqual([1000]);
    const few = (await preview({ sql: 'select id from report_sample where id <= 5', rowLimit: 5 })).json()
      .data as RunAnswer;
    expect(few).toMatchObject({ truncated: false });
    expect(few.rows).toHaveLength(5);
    const over = await preview({ sql: 'select 1', rowLimit: 50_000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().msg).toMatch(/^报表设计不完整：rowLimit/);
  });

  it('answers a clear error when a query runs past the time limit, and keeps serving', async () => {
    const started = Date.now();
    // MySQL ends an endless recursion itself after 1000 steps: a vast join runs on instead.
    const slow = await preview({
      sql:
        dialect === 'mysql'
          ? 'select count(*) from report_sample a, report_sample b where a.name <> b.name'
          : 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r',
    });
    const took = Date.now() - started;
    expect(slow.statusCode).toBe(400);
    expect(slow.json().msg).toBe('查询超过时间限制（3 秒），请缩小查询范围');
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 100);
    expect(took).toBeLessThan(TIMEOUT_MS + 2500);
    const after = await preview({ sql: 'select count(*) from report_sample' });
    expect(Number((after.json().data as RunAnswer).rows[0]![0])).toBe(ROWS);
  });

  it('explains a broken query and an unknown parameter without a server error', async () => {
    const missing = await preview({ sql: 'select * from no_such_table' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toMatch(/^查询执行失败：.*no_such_table/);
    expect(missing.json().msg).not.toMatch(/\bat\s.+\.(js|ts):\d+/);
    const syntax = await preview({ sql: 'select from where' });
    expect(syntax.statusCode).toBe(400);
    expect(syntax.json().msg).toMatch(/^查询执行失败：/);
    const param = await preview({ sql: 'select :nope' });
    expect(param.json().msg).toBe('查询使用了未定义的参数 :nope');
    const design = await call(t.app, admin, {
      method: 'POST',
      url: `${BASE}/submit`,
      payload: { name: 'x', content: { sql: 'select :undeclared' } },
    });
    expect(design.statusCode).toBe(400);
    expect(design.json().msg).toBe('查询使用了未定义的参数 :undeclared');
    const badDefault = await call(t.app, admin, {
      method: 'POST',
      url: `${BASE}/submit`,
      payload: {
        name: 'x',
        content: { sql: 'select :n', params: [{ name: 'n', label: '数量', type: 'number', default: 'abc' }] },
      },
    });
    expect(badDefault.statusCode).toBe(400);
    expect(badDefault.json().msg).toBe('参数 数量 需要一个数字');
    const english = await call(t.app, admin, {
      method: 'POST',
      url: `${BASE}/preview`,
      headers: { 'accept-language': 'en' },
      payload: { design: { sql: 'delete from report_sample' } },
    });
    expect(english.json().msg).toBe('A report query must be a single SELECT or WITH statement');
  });

  it('exports a report of 100,000 rows as a valid .xlsx with the design’s labels', async () => {
    const saved = await save('全部明细', {
      sql: 'select id, name, amount from report_sample order by id',
      columns: [
        { name: 'id', label: '编号' },
        { name: 'name', label: '名称' },
        { name: 'amount', label: '金额' },
      ],
    });
    const res = await call(t.app, admin, { method: 'GET', url: `${BASE}/export`, query: { id: saved.id } });
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-total-count']).toBe(String(ROWS));
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('全部明细.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('全部明细');
    expect(sheet.actualRowCount).toBe(ROWS + 1);
    expect(sheet.getRow(1).values).toEqual([undefined, '编号', '名称', '金额']);
    expect(sheet.getRow(2).values).toEqual([undefined, 1, 'item 1', 1]);
    expect(sheet.getRow(8).getCell(2).value).toBe("'=1+2");
    expect(sheet.getRow(ROWS + 1).getCell(1).value).toBe(ROWS);
  }, 120_000);

  it('refuses an export beyond the row cap and exports with parameters', async () => {
    const over = await save('超出上限', {
      sql: 'select id from report_sample union all select 0',
    });
    const refused = await call(t.app, admin, {
      method: 'GET',
      url: `${BASE}/export`,
      query: { id: over.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('查询结果超过 100000 行，请增加查询条件');

    const some = await save('部分', {
      sql: 'select id from report_sample where id <= :maxId order by id',
      params: [{ name: 'maxId', type: 'number' }],
    });
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `${BASE}/export`,
      query: { id: some.id, params: JSON.stringify({ maxId: 3 }) },
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.actualRowCount).toBe(4);
  }, 60_000);

  it('is for the administrator tenant only', async () => {
    const tenant = await ok<Record<string, unknown>>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: 'Report Shop', domain: 'reports.example.com' },
    });
    const owner = await firstSignIn(t.app, tenant);
    const message = '此操作涉及平台的数据，只有平台管理租户（000000）可以执行';
    const attempts = [
      call(t.app, owner, {
        method: 'POST',
        url: `${BASE}/preview`,
        payload: { design: { sql: 'select 1' } },
      }),
      call(t.app, owner, { method: 'POST', url: `${BASE}/run`, payload: { id: '1' } }),
      call(t.app, owner, { method: 'GET', url: `${BASE}/export`, query: { id: '1' } }),
      call(t.app, owner, {
        method: 'POST',
        url: `${BASE}/submit`,
        payload: { name: 'mine', content: { sql: 'select * from blade_user' } },
      }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(message);
    }
    // Reports are the platform's: a tenant holds no report screen, so even the list is refused.
    expect((await call(t.app, owner, { method: 'GET', url: `${BASE}/list` })).statusCode).toBe(403);
  });
});
