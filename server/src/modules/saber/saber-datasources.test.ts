import { SECRET_MASK } from '@blade/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';

type Row = Record<string, unknown>;

/** Saber's data-source form: `driverClass`, a JDBC `url`, `username`, `password`. */
describe('Saber 4.x data sources', () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    // The data sources below are on this machine.
    t = await build({ OUTBOUND_PRIVATE_ALLOWED: 'true' });
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  const submit = (payload: Row) =>
    call(t.app, admin, { method: 'POST', url: '/api/blade-develop/datasource/submit', payload });

  it('saves a PostgreSQL JDBC URL as our URL, and shows the driver class back', async () => {
    const res = await submit({
      name: 'saber-pg',
      driverClass: 'org.postgresql.Driver',
      url: 'jdbc:postgresql://127.0.0.1:5432/reports?currentSchema=public',
      username: 'r',
      password: 'secret-pw',
      remark: 'from Saber',
    });
    expect(res.json()).toMatchObject({
      code: 200,
      data: {
        kind: 'postgresql',
        url: 'postgresql://127.0.0.1:5432/reports?currentSchema=public',
        driverClass: 'org.postgresql.Driver',
      },
    });
    const id = res.json().data.id as string;
    expect((await t.services.dataSources.savedSettings(id)).password).toBe('secret-pw');
    const detail = await ok<Row>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-develop/datasource/detail',
      query: { id },
    });
    // Saber's form requires the password: the detail fills it with the mask, never the password.
    expect(detail.password).toBe(SECRET_MASK);
    // Saber's edit sends the row back as it read it: driver class, our URL, the mask.
    const edited = await submit({ ...detail, remark: 'edited' });
    expect(edited.json()).toMatchObject({ code: 200, data: { kind: 'postgresql', remark: 'edited' } });
    expect((await t.services.dataSources.savedSettings(id)).password).toBe('secret-pw');
    // Sent empty (an API client), it is kept too; a new password replaces it.
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { ...detail, password: '' },
    });
    expect((await t.services.dataSources.savedSettings(id)).password).toBe('secret-pw');
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/blade-develop/datasource/submit',
      payload: { ...detail, password: 'new-pw' },
    });
    expect((await t.services.dataSources.savedSettings(id)).password).toBe('new-pw');
    const list = await ok<{ records: Row[] }>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-develop/datasource/list',
      query: { current: '1', size: '10' },
    });
    expect(list.records.find((r) => r.id === id)).toMatchObject({ driverClass: 'org.postgresql.Driver' });
  });

  it('saves a SQLite JDBC URL as a file of the data directory', async () => {
    const res = await submit({
      name: 'saber-lite',
      driverClass: 'org.sqlite.JDBC',
      url: 'jdbc:sqlite:saber/notes.db',
    });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { kind: 'sqlite', url: 'sqlite:saber/notes.db', driverClass: 'org.sqlite.JDBC' },
    });
    // No password stored, so none masked.
    const detail = await ok<Row>(t.app, admin, {
      method: 'GET',
      url: '/api/blade-develop/datasource/detail',
      query: { id: res.json().data.id },
    });
    expect(detail).not.toHaveProperty('password');
    const outside = await submit({
      name: 'saber-out',
      driverClass: 'org.sqlite.JDBC',
      url: 'jdbc:sqlite:/etc/x.db',
    });
    expect(outside.json()).toMatchObject({ code: 400, msg: expect.stringContaining('数据目录') });
  });

  it('refuses the databases we do not support, naming them', async () => {
    for (const [driverClass, url, name] of [
      ['com.mysql.cj.jdbc.Driver', 'jdbc:mysql://127.0.0.1:3306/blade?useSSL=false', 'MySQL'],
      ['oracle.jdbc.OracleDriver', 'jdbc:oracle:thin:@127.0.0.1:1521:orcl', 'Oracle'],
      [
        'com.microsoft.sqlserver.jdbc.SQLServerDriver',
        'jdbc:sqlserver://127.0.0.1:1433;database=blade',
        'SQL Server',
      ],
      // The URL names the database even when the driver class says otherwise.
      ['org.postgresql.Driver', 'jdbc:mysql://127.0.0.1:3306/blade', 'MySQL'],
      ['com.mysql.cj.jdbc.Driver', 'mysql://127.0.0.1/blade', 'MySQL'],
    ]) {
      const res = await submit({ name: `bad-${name}`, driverClass, url, username: 'u', password: 'p' });
      expect(res.json(), url).toMatchObject({
        code: 400,
        msg: `不支持 ${name} 数据库，数据源只能是 PostgreSQL 或 SQLite`,
      });
    }
    const test = await call(t.app, admin, {
      method: 'POST',
      url: '/api/blade-develop/datasource/test',
      payload: { driverClass: 'oracle.jdbc.OracleDriver', url: 'jdbc:oracle:thin:@h:1521:x' },
      headers: { 'accept-language': 'en' },
    });
    expect(test.json()).toMatchObject({
      code: 400,
      msg: 'Oracle databases are not supported; a data source is PostgreSQL or SQLite',
    });
  });
});
