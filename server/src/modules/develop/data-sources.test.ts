import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SECRET_MASK } from '@blade/schema';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/database.js';
import { dynamic } from '../../db/dynamic-db.js';
import { firstSignIn, newTenant, ok } from '../../test/fixtures.js';
import { call, freshDatabase, serverForDescribe } from '../../test/harness.js';

type Row = Record<string, unknown>;
type PageOf = { records: Row[]; total: number };

/** The test server's URL when the suite runs on PostgreSQL or MySQL: data sources of that kind. */
const SERVER_URL = process.env.TEST_MYSQL_URL ?? process.env.TEST_DATABASE_URL;
const KIND = process.env.TEST_MYSQL_URL ? 'mysql' : 'postgresql';

/** A second database for one tenant's business data, as a data source form would name it. */
async function secondDatabase(name = 'green'): Promise<{
  form: Row;
  url: (dataDir: string) => string;
  drop(): Promise<void>;
}> {
  if (!SERVER_URL) {
    return {
      form: { kind: 'sqlite', url: `sqlite:tenants/${name}.db` },
      url: (dataDir) => `sqlite:${join(dataDir, 'tenants', `${name}.db`)}`,
      drop: async () => undefined,
    };
  }
  const db = await freshDatabase();
  const parsed = new URL(db.url);
  const { username, password } = parsed;
  parsed.username = '';
  parsed.password = '';
  return {
    form: { kind: KIND, url: parsed.toString(), username, password },
    url: () => db.url,
    drop: db.drop,
  };
}

describe('data sources', () => {
  // The test PostgreSQL listens on this host: the operator setting lets data sources reach it.
  const t = serverForDescribe({ OUTBOUND_PRIVATE_ALLOWED: 'true' });
  let second: Awaited<ReturnType<typeof secondDatabase>>;
  beforeAll(async () => {
    second = await secondDatabase();
  });
  afterAll(async () => {
    await second.drop();
  });

  /** A new tenant bound to a data source, and its administrator's token. */
  const boundTenant = async (tenantName: string, datasourceId: string) => {
    const tenant = await newTenant(t.app, t.admin, { tenantName });
    const tenantId = String(tenant.tenantId);
    await t.ok({
      method: 'POST',
      url: '/api/blade-system/tenant/datasource',
      query: { tenantId, datasourceId },
    });
    return { tenantId, owner: await firstSignIn(t.app, tenant) };
  };
  const submit = (token: string, payload: Row) =>
    call(t.app, token, { method: 'POST', url: '/api/blade-develop/datasource/submit', payload });
  const test = (payload: Row) =>
    t.call({ method: 'POST', url: '/api/blade-develop/datasource/test', payload });

  it('keeps the password sealed and never sends it back', async () => {
    const saved = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: {
        name: 'reporting',
        kind: 'postgresql',
        url: 'postgres://127.0.0.1:5432/reports',
        username: 'r',
        password: 'hunter2-secret',
      },
    });
    // The answer holds at most the mask (Saber's edit form opens from a row), never the password.
    expect(saved.password).toBe(SECRET_MASK);
    expect(JSON.stringify(saved)).not.toContain('hunter2');
    const stored = await t.services.data.global
      .selectFrom('blade_datasource')
      .select('password')
      .where('id', '=', Number(saved.id))
      .executeTakeFirstOrThrow();
    expect(stored.password).toMatch(/^enc:v1:/);
    expect(stored.password).not.toContain('hunter2');
    const list = await t.ok<PageOf>({ method: 'GET', url: '/api/blade-develop/datasource/list' });
    expect(JSON.stringify(list)).not.toContain('hunter2');
    expect((await t.services.dataSources.savedSettings(String(saved.id))).password).toBe('hunter2-secret');
  });

  it('keeps a password written in the URL out of details, lists, exports and history, and saving the form unchanged keeps it', async () => {
    const seen = async (id: string): Promise<string> => {
      const detail = await t.ok<Row>({ method: 'GET', url: `/api/blade-develop/datasource/detail?id=${id}` });
      const list = await t.ok<PageOf>({ method: 'GET', url: '/api/blade-develop/datasource/list' });
      const history = await t.ok({
        method: 'GET',
        url: `/api/blade-log/history/timeline?resource=datasource&id=${id}`,
      });
      const exported = await t.call({ method: 'GET', url: '/api/blade-log/data/export?resource=datasource' });
      expect(exported.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      book.worksheets[0]!.eachRow((row) => {
        cells.push(...(row.values as unknown[]).map((v) => String(v ?? '')));
      });
      return JSON.stringify({ detail, list, history, cells });
    };
    /** What the edit form sends back when nothing is changed: the detail as it answered. */
    const saveUnchanged = async (id: string) => {
      const detail = await t.ok<Row>({ method: 'GET', url: `/api/blade-develop/datasource/detail?id=${id}` });
      await t.ok({ method: 'POST', url: '/api/blade-develop/datasource/submit', payload: detail });
    };
    for (const [i, url] of [
      'postgres://reader:PW-in-url-9@127.0.0.1:5432/reports',
      'postgres://127.0.0.1:5432/reports?user=reader&password=PW-in-url-9&sslmode=disable',
    ].entries()) {
      const saved = await t.ok<Row>({
        method: 'POST',
        url: '/api/blade-develop/datasource/submit',
        payload: { name: `in-url-${i}`, kind: 'postgresql', url },
      });
      const id = String(saved.id);
      await saveUnchanged(id);
      const shown = await seen(id);
      expect(shown).toContain('127.0.0.1:5432/reports');
      expect(shown).not.toContain('PW-in-url');
      expect((await t.services.dataSources.savedSettings(id)).password).toBe('PW-in-url-9');
      expect((await t.services.dataSources.target(id)).url).toContain('PW-in-url-9');
    }

    // A row saved before, with the password inside its URL: shown masked, kept by a save.
    const before = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { name: 'in-url-before', kind: 'postgresql', url: 'postgres://127.0.0.1:5432/reports' },
    });
    const id = String(before.id);
    await t.services.data.global
      .updateTable('blade_datasource')
      .set({ url: 'postgres://reader:PW-stored-4@127.0.0.1:5432/reports' })
      .where('id', '=', Number(id))
      .execute();
    expect(await seen(id)).not.toContain('PW-stored');
    await saveUnchanged(id);
    const row = await t.services.data.global
      .selectFrom('blade_datasource')
      .select(['url', 'password'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();
    expect(row.url).toBe('postgres://reader@127.0.0.1:5432/reports');
    expect(row.password).toMatch(/^enc:v1:/);
    expect((await t.services.dataSources.target(id)).url).toBe(
      'postgres://reader:PW-stored-4@127.0.0.1:5432/reports',
    );
  });

  it('accepts only the kinds we support, and SQLite files inside the data directory', async () => {
    for (const [kind, url, message] of [
      ['postgresql', 'mysql://127.0.0.1/db', 'postgres://'],
      ['sqlite', 'postgres://127.0.0.1/db', 'sqlite:'],
      ['oracle', 'sqlite:x.db', 'postgres://'],
      ['constructor', 'sqlite:x.db', 'postgres://'],
      ['sqlite', 'sqlite:../outside.db', '数据目录'],
      ['sqlite', 'sqlite:/etc/passwd', '数据目录'],
    ] as const) {
      const res = await submit(t.admin, { name: `bad ${kind} ${url}`, kind, url });
      expect(res.statusCode, `${kind} ${url}`).toBe(400);
      expect(res.json().msg).toContain(message);
    }
  });

  it('tests a connection with a clear answer that does not echo the server or the password', async () => {
    expect((await test({ id: '0' })).json()).toMatchObject({ success: true, data: { connected: true } });
    const missing = await test({ kind: 'sqlite', url: 'sqlite:nowhere.db' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('数据源中没有这个数据库或文件');

    const refused = await test({
      kind: 'postgresql',
      url: 'postgres://127.0.0.1:1/none',
      username: 'u',
      password: 'p4ss-word',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('无法连接到数据源，请检查主机、端口和网络');
    expect(refused.body).not.toContain('p4ss-word');
    expect(refused.body).not.toContain('ECONNREFUSED');

    if (SERVER_URL) {
      const url = new URL(SERVER_URL);
      url.password = '';
      const wrong = await test({ kind: KIND, url: url.toString(), password: 'not-the-password' });
      expect(wrong.json().msg).toBe('数据源拒绝登录，请检查用户名和密码');
      expect(wrong.body).not.toContain('not-the-password');
    }
  });

  it('answers a file that is not a database with a clear 400, and will not bind a tenant to it', async () => {
    // Before: opening it threw outside the connection test's error handling (500 and a stack trace).
    writeFileSync(join(t.config.dataDir, 'notes.txt'), 'these are notes, not a database\n'.repeat(100));
    const res = await test({ kind: 'sqlite', url: 'sqlite:notes.txt' });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('这个文件不是 SQLite 数据库');
    const notes = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { name: 'notes', kind: 'sqlite', url: 'sqlite:notes.txt' },
    });
    expect((await test({ id: notes.id })).json().msg).toBe('这个文件不是 SQLite 数据库');
    const tenant = await newTenant(t.app, t.admin, { tenantName: 'Notes' });
    const bind = await t.call({
      method: 'POST',
      url: '/api/blade-system/tenant/datasource',
      payload: { tenantId: tenant.tenantId, datasourceId: notes.id },
    });
    expect(bind.statusCode).toBe(503);
    expect(bind.json().msg).toBe('这个文件不是 SQLite 数据库');
  });

  it('is for the administrator tenant only', async () => {
    const tenant = await newTenant(t.app, t.admin, { tenantName: 'Outsider' });
    const owner = await firstSignIn(t.app, tenant);
    expect(await t.status({ method: 'GET', url: '/api/blade-develop/datasource/list' }, owner)).toBe(403);
    expect((await submit(owner, { name: 'mine', kind: 'sqlite', url: 'sqlite:mine.db' })).statusCode).toBe(
      403,
    );
    const probe = await call(t.app, owner, {
      method: 'POST',
      url: '/api/blade-develop/datasource/test',
      payload: { kind: 'postgresql', url: 'postgres://10.0.0.1:5432/x' },
    });
    expect(probe.statusCode).toBe(403);
  });

  it('keeps a bound tenant’s business data in its own database', async () => {
    const source = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { name: 'green shop', ...second.form },
    });
    const { tenantId, owner } = await boundTenant('Green Grocer', String(source.id));

    const mine = await ok<Row>(t.app, owner, {
      method: 'POST',
      url: '/api/mall/linkstype/submit',
      payload: { name: 'Green partners', sort: 1 },
    });
    await t.ok<Row>({
      method: 'POST',
      url: '/api/mall/linkstype/submit',
      payload: { name: 'Head office partners', sort: 1 },
    });
    // Same name in both databases: uniqueness is checked where the tenant's rows live.
    await ok<Row>(t.app, owner, {
      method: 'POST',
      url: '/api/mall/linkstype/submit',
      payload: { id: mine.id, name: 'Green partners', sort: 2 },
    });

    const names = async (token: string) =>
      (await ok<PageOf>(t.app, token, { method: 'GET', url: '/api/mall/linkstype/page' })).records.map(
        (r) => r.name,
      );
    expect(await names(owner)).toEqual(['Green partners']);
    expect(await names(t.admin)).toEqual(['Head office partners']);

    // The rows really are in the second database, and not in the built-in one.
    const other = openDatabase(second.url(t.config.dataDir));
    try {
      const there = await dynamic(other.unscoped())
        .selectFrom('mall_links_type')
        .select(['tenant_id', 'name', 'sort'])
        .execute();
      expect(there).toEqual([{ tenant_id: tenantId, name: 'Green partners', sort: 2 }]);
    } finally {
      await other.close();
    }
    const here = await dynamic(t.services.data.unscoped())
      .selectFrom('mall_links_type')
      .select('tenant_id')
      .where('tenant_id', '=', tenantId)
      .execute();
    expect(here).toEqual([]);

    // Its identity stays in the built-in database: users, sign-in, menus work as before.
    const users = await ok<PageOf>(t.app, owner, { method: 'GET', url: '/api/blade-user/page' });
    expect(users.records.map((r) => r.account)).toEqual(['admin']);

    // Moving a tenant that has data would strand it; removing a bound data source too.
    const move = await t.call({
      method: 'POST',
      url: '/api/blade-system/tenant/datasource',
      query: { tenantId, datasourceId: '0' },
    });
    expect(move.statusCode).toBe(409);
    const remove = await t.call({
      method: 'POST',
      url: '/api/blade-develop/datasource/remove',
      query: { ids: String(source.id) },
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().msg).toContain(tenantId);
  });

  it('follows a data source edited through another server process', async () => {
    const first = await secondDatabase('first');
    const moved = await secondDatabase('moved');
    try {
      const source = await t.ok<Row>({
        method: 'POST',
        url: '/api/blade-develop/datasource/submit',
        payload: { name: 'movable', ...first.form },
      });
      const { owner } = await boundTenant('Moving Co', String(source.id));
      await ok(t.app, owner, {
        method: 'POST',
        url: '/api/mall/linkstype/submit',
        payload: { name: 'Before', sort: 1 },
      });
      const names = async () =>
        (await ok<PageOf>(t.app, owner, { method: 'GET', url: '/api/mall/linkstype/page' })).records.map(
          (r) => r.name,
        );
      expect(await names()).toEqual(['Before']);

      // Another process's edit reaches this one only through the row (no hook runs here).
      await t.services.data.global
        .updateTable('blade_datasource')
        .set({ url: String(moved.form.url), update_time: '2099-01-01 00:00:00' })
        .where('id', '=', Number(source.id))
        .execute();
      expect(await names()).toEqual([]);
      await ok(t.app, owner, {
        method: 'POST',
        url: '/api/mall/linkstype/submit',
        payload: { name: 'After', sort: 1 },
      });
      expect(await names()).toEqual(['After']);
    } finally {
      await first.drop();
      await moved.drop();
    }
  });

  it('refuses to bind a data source that cannot be reached, leaving the tenant where it was', async () => {
    const broken = await t.ok<Row>({
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { name: 'nowhere', kind: 'postgresql', url: 'postgres://127.0.0.1:1/none' },
    });
    const tenant = await newTenant(t.app, t.admin, { tenantName: 'Blue Books' });
    const res = await t.call({
      method: 'POST',
      url: '/api/blade-system/tenant/datasource',
      query: { tenantId: String(tenant.tenantId), datasourceId: String(broken.id) },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('无法连接到数据源，请检查主机、端口和网络');
    const row = await t.services.data.global
      .selectFrom('blade_tenant')
      .select('datasource_id')
      .where('tenant_id', '=', String(tenant.tenantId))
      .executeTakeFirstOrThrow();
    expect(row.datasource_id).toBeNull();
  });
});
