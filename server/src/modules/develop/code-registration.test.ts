import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { createServer } from '../../server.js';
import { firstSignIn, ok, roleWith, userWith } from '../../test/fixtures.js';
import { call, freshDatabase, testConfig, tokenOf } from '../../test/harness.js';
import { AUDIT_COLUMN_SQL } from './audit-columns.js';

type Row = Record<string, unknown>;
type PageOf = { records: Row[]; total: number };

const TABLE = `create table shop_widget (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(100) not null,
  price decimal(10,2),
  qty integer not null default 0,${AUDIT_COLUMN_SQL}
)`;

const RECORD = {
  codeName: '小部件',
  moduleName: 'mall',
  tableName: 'shop_widget',
  tablePrefix: 'shop_',
  apiPath: '/blade-shop/widget',
  baseMode: 1,
  tenantMode: 1,
};

const API = '/api/blade-shop/widget';
const CODE = '/api/blade-develop/code';

/** One server on a database that outlives it, so a second one can start on the same data. */
async function start(url: string, dataDir: string): Promise<FastifyInstance> {
  const app = await createServer(testConfig(url, dataDir));
  await app.ready();
  return app;
}

describe('registering generated code in the running server', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let dataDir: string;
  let app: FastifyInstance;
  let admin: string;
  let codeId: string;

  beforeAll(async () => {
    database = await freshDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'blade-code-'));
    app = await start(database.url, dataDir);
    admin = (await tokenOf(app)).access_token;
    await sql.raw(TABLE).execute(app.services.data.unscoped());
    const saved = await ok<Row>(app, admin, { method: 'POST', url: `${CODE}/submit`, payload: RECORD });
    codeId = String(saved.id);
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const register = (id: string, token = admin) =>
    call(app, token, { method: 'POST', url: `${CODE}/gen-code`, query: { ids: id, system: 'true' } });

  it('previews the files and downloads them as a .zip', async () => {
    const preview = await ok<{ files: Array<{ path: string; language: string; content: string }> }>(
      app,
      admin,
      {
        method: 'GET',
        url: `${CODE}/preview`,
        query: { id: codeId },
      },
    );
    // The migration takes the next free number, whatever the server's own migrations are by now.
    expect(preview.files.map((f) => [f.path.replace(/\/\d{4}-/, '/NNNN-'), f.language])).toEqual([
      ['schema/src/resources/mall-widget.ts', 'typescript'],
      ['server/src/db/migrations/NNNN-widget.ts', 'typescript'],
      ['README.md', 'markdown'],
    ]);
    const zip = await call(app, admin, { method: 'POST', url: `${CODE}/gen-code`, query: { ids: codeId } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-disposition']).toContain('widget.zip');
    const entries = unzipSync(new Uint8Array(zip.rawPayload));
    expect(Object.keys(entries).sort()).toEqual(preview.files.map((f) => `widget/${f.path}`).sort());
    expect(new TextDecoder().decode(entries['widget/schema/src/resources/mall-widget.ts'])).toBe(
      preview.files[0]!.content,
    );
    // Nothing is served before registration.
    expect((await call(app, admin, { method: 'GET', url: `${API}/list` })).statusCode).toBe(404);
  });

  it('refuses what it cannot serve, saying why, and leaves nothing behind', async () => {
    const bad = async (payload: Row) => {
      const saved = await ok<Row>(app, admin, { method: 'POST', url: `${CODE}/submit`, payload });
      const res = await register(String(saved.id));
      await ok(app, admin, { method: 'POST', url: `${CODE}/remove`, query: { ids: String(saved.id) } });
      return res;
    };
    // A table that is not there is refused when the entry is written, not when code is generated.
    const missing = await call(app, admin, {
      method: 'POST',
      url: `${CODE}/submit`,
      payload: { ...RECORD, tableName: 'shop_nothing', apiPath: '/blade-shop/nothing' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('数据源中没有表 shop_nothing');
    await sql
      .raw('create table shop_plain (id bigint primary key, name varchar(20))')
      .execute(app.services.data.unscoped());
    const plain = await bad({ ...RECORD, tableName: 'shop_plain', apiPath: '/blade-shop/plain' });
    expect(plain.statusCode).toBe(400);
    expect(plain.json().msg).toContain('缺少基础业务字段 create_user');
    expect(plain.json().msg).toContain('tenant_id');
    const own = await bad({ ...RECORD, tableName: 'blade_param', tablePrefix: 'blade_', tenantMode: 0 });
    expect(own.json().msg).toContain('blade_param 属于系统自身');
    const taken = await bad({ ...RECORD, apiPath: '/blade-system/param' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().msg).toContain('/api/blade-system/param/list');
    const menus = await app.services.data.global
      .selectFrom('blade_menu')
      .select('code')
      .where('code', 'in', ['widget', 'plain', 'nothing'])
      .where('is_deleted', '=', 0)
      .execute();
    expect(menus).toEqual([]);
  });

  it('registers: the menu and buttons appear and the generic endpoints serve at once', async () => {
    const res = await register(codeId);
    expect(res.json()).toMatchObject({
      code: 200,
      data: { registered: [{ name: 'widget', path: '/blade-shop/widget', menuPath: '/mall/widget' }] },
    });
    const routes = JSON.stringify(
      await ok(app, admin, { method: 'GET', url: '/api/blade-system/menu/routes' }),
    );
    expect(routes).toContain('"path":"/mall/widget"');
    const buttons = JSON.stringify(
      await ok(app, admin, { method: 'GET', url: '/api/blade-system/menu/buttons' }),
    );
    for (const action of ['add', 'edit', 'delete', 'view']) expect(buttons).toContain(`widget_${action}`);
    const views = await ok<Array<{ menuPath: string; resource: Row }>>(app, admin, {
      method: 'GET',
      url: `${CODE}/resources`,
    });
    expect(views).toEqual([
      expect.objectContaining({
        menuPath: '/mall/widget',
        resource: expect.objectContaining({ name: 'widget', tenant: true, permission: 'widget' }),
      }),
    ]);
    const record = await ok<Row>(app, admin, { method: 'GET', url: `${CODE}/detail`, query: { id: codeId } });
    expect(record.registered).toBe(1);

    const created = await ok<Row>(app, admin, {
      method: 'POST',
      url: `${API}/submit`,
      payload: { title: 'First', price: '12.50' },
    });
    expect(created).toMatchObject({ title: 'First', qty: 0, tenantId: '000000' });
    expect(Number(created.price)).toBe(12.5);
    const edited = await ok<Row>(app, admin, {
      method: 'POST',
      url: `${API}/submit`,
      payload: { id: created.id, title: 'First, edited', qty: 3 },
    });
    expect(edited).toMatchObject({ title: 'First, edited', qty: 3 });
    const required = await call(app, admin, {
      method: 'POST',
      url: `${API}/submit`,
      payload: { price: '1' },
    });
    expect(required.statusCode).toBe(400);
    expect(required.json().msg).toBe('请输入Title');
    const page = await ok<PageOf>(app, admin, {
      method: 'GET',
      url: `${API}/list`,
      query: { title: 'edited' },
    });
    expect(page.records.map((r) => r.id)).toEqual([created.id]);
    const second = await ok<Row>(app, admin, {
      method: 'POST',
      url: `${API}/submit`,
      payload: { title: 'Second' },
    });
    await ok(app, admin, { method: 'POST', url: `${API}/remove`, query: { ids: String(second.id) } });
    expect(
      (await call(app, admin, { method: 'GET', url: `${API}/detail`, query: { id: String(second.id) } }))
        .statusCode,
    ).toBe(404);
    // Unknown paths still answer 404, with or without a token.
    for (const token of [undefined, admin]) {
      const none = await call(app, token, { method: 'GET', url: '/api/blade-shop/widget/nothing' });
      expect(none.statusCode).toBe(404);
      expect(none.json().msg).toBe('接口 GET /api/blade-shop/widget/nothing 不存在');
    }
  });

  it('applies the same access rule as a built-in route to every generated endpoint', async () => {
    const head = (await ok<Row[]>(app, admin, { method: 'GET', url: '/api/blade-system/dept/tree' }))[0]!;
    const nobodyRole = await roleWith(app, app.services, admin, 'nobody', []);
    const nobody = await userWith(app, admin, {
      account: 'nobody',
      roleId: nobodyRole,
      deptId: String(head.id),
    });
    const readerRole = await roleWith(app, app.services, admin, 'reader', ['widget', 'widget_view']);
    const reader = await userWith(app, admin, {
      account: 'reader',
      roleId: readerRole,
      deptId: String(head.id),
    });
    const endpoints: Array<['GET' | 'POST', string]> = [
      ['GET', `${API}/list`],
      ['GET', `${API}/detail?id=1`],
      ['POST', `${API}/submit`],
      ['POST', `${API}/remove?ids=1`],
    ];
    for (const [method, url] of endpoints) {
      expect((await call(app, undefined, { method, url })).statusCode, `${method} ${url} anonymous`).toBe(
        401,
      );
      const denied = await call(app, nobody.token, {
        method,
        url,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(denied.statusCode, `${method} ${url} without permission`).toBe(403);
    }
    expect((await call(app, reader.token, { method: 'GET', url: `${API}/list` })).statusCode).toBe(200);
    const write = await call(app, reader.token, {
      method: 'POST',
      url: `${API}/submit`,
      payload: { title: 'x' },
    });
    expect(write.statusCode).toBe(403);
    expect(write.json().msg).toBe('没有权限执行此操作');
  });

  it('keeps tenants apart on a tenant-owned generated table', async () => {
    const tenant = await ok<Row>(app, admin, {
      method: 'POST',
      url: '/api/blade-system/tenant/submit',
      payload: { tenantName: 'Widget Works', domain: 'widgets.example.com' },
    });
    const tenantId = String(tenant.tenantId);
    const owner = await firstSignIn(app, tenant);
    const empty = await ok<PageOf>(app, owner, { method: 'GET', url: `${API}/list` });
    expect(empty.total).toBe(0);
    const theirs = await ok<Row>(app, owner, {
      method: 'POST',
      url: `${API}/submit`,
      payload: { title: 'Theirs', tenantId: '000000' },
    });
    expect(theirs.tenantId).toBe(tenantId);
    const ours = await ok<PageOf>(app, admin, { method: 'GET', url: `${API}/list` });
    expect(ours.records.map((r) => r.title)).toEqual(['First, edited']);
    const first = String(ours.records[0]!.id);
    const peek = await call(app, owner, { method: 'GET', url: `${API}/detail`, query: { id: first } });
    expect(peek.statusCode).toBe(404);
    const steal = await call(app, owner, {
      method: 'POST',
      url: `${API}/submit`,
      payload: { id: first, title: 'Stolen' },
    });
    expect(steal.statusCode).toBe(404);
    const wipe = await call(app, owner, { method: 'POST', url: `${API}/remove`, query: { ids: first } });
    expect(wipe.statusCode).toBe(404);
    const rows = await sql<{ tenant_id: string; title: string }>`
      select tenant_id, title from shop_widget where is_deleted = 0 order by title`.execute(
      app.services.data.unscoped(),
    );
    expect(rows.rows).toEqual([
      { tenant_id: '000000', title: 'First, edited' },
      { tenant_id: tenantId, title: 'Theirs' },
    ]);
  });

  /** The live menu rows registered for the widget resource. */
  const widgetMenus = () =>
    app.services.data.global
      .selectFrom('blade_menu')
      .select(['id', 'code'])
      .where('code', 'like', 'widget%')
      .where('is_deleted', '=', 0)
      .orderBy('code')
      .execute();

  it('serves it again after a restart, and re-registering keeps the same menu rows', async () => {
    const before = await widgetMenus();
    expect(before).toHaveLength(5);
    await app.close();
    app = await start(database.url, dataDir);
    admin = (await tokenOf(app)).access_token;
    const page = await ok<PageOf>(app, admin, { method: 'GET', url: `${API}/list` });
    expect(page.records.map((r) => r.title)).toEqual(['First, edited']);
    expect((await register(codeId)).statusCode).toBe(200);
    const after = await widgetMenus();
    expect(after).toEqual(before);
  });

  it('serves a table of another data source, read in place and scoped to the tenant there', async () => {
    const other = openDatabase(`sqlite:${join(dataDir, 'gen', 'other.db')}`);
    await sql.raw(TABLE.replace('shop_widget', 'ext_gadget')).execute(other.unscoped());
    await other.close();
    const source = await ok<Row>(app, admin, {
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { name: 'Gadgets', kind: 'sqlite', url: 'sqlite:gen/other.db' },
    });
    const saved = await ok<Row>(app, admin, {
      method: 'POST',
      url: `${CODE}/submit`,
      payload: {
        ...RECORD,
        codeName: '小工具',
        tableName: 'ext_gadget',
        tablePrefix: 'ext_',
        apiPath: '/blade-ext/gadget',
        datasourceId: source.id,
      },
    });
    expect((await register(String(saved.id))).statusCode).toBe(200);
    const made = await ok<Row>(app, admin, {
      method: 'POST',
      url: '/api/blade-ext/gadget/submit',
      payload: { title: 'Spanner' },
    });
    expect(made.tenantId).toBe('000000');
    const reread = openDatabase(`sqlite:${join(dataDir, 'gen', 'other.db')}`);
    const rows = await sql<{ title: string; tenant_id: string }>`
      select title, tenant_id from ext_gadget`.execute(reread.unscoped());
    await reread.close();
    expect(rows.rows).toEqual([{ title: 'Spanner', tenant_id: '000000' }]);
    // The built-in database has no such table: the rows live where the data source says.
    const here = await sql<{ name: string }>`select 1 as name from ext_gadget`
      .execute(app.services.data.unscoped())
      .catch(() => 'missing');
    expect(here).toBe('missing');
  });

  it('copies a record unregistered, and removing the registered one takes the resource back', async () => {
    const copy = await ok<Row>(app, admin, { method: 'POST', url: `${CODE}/copy`, query: { id: codeId } });
    expect(copy).toMatchObject({ codeName: '小部件-copy', tableName: 'shop_widget', registered: 0 });
    expect(copy.id).not.toBe(codeId);
    // The copy names the same table and resource, so registering it too is refused.
    const twice = await register(String(copy.id));
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toContain('资源名 widget 已被使用');

    await ok(app, admin, { method: 'POST', url: `${CODE}/remove`, query: { ids: codeId } });
    expect((await call(app, admin, { method: 'GET', url: `${API}/list` })).statusCode).toBe(404);
    const routes = JSON.stringify(
      await ok(app, admin, { method: 'GET', url: '/api/blade-system/menu/routes' }),
    );
    expect(routes).not.toContain('/mall/widget');
    const views = await ok<Array<{ menuPath: string }>>(app, admin, {
      method: 'GET',
      url: `${CODE}/resources`,
    });
    expect(views.map((v) => v.menuPath)).toEqual(['/mall/gadget']);
    // The copy can now take its place.
    expect((await register(String(copy.id))).statusCode).toBe(200);
    expect((await call(app, admin, { method: 'GET', url: `${API}/list` })).statusCode).toBe(200);
  });
});
