import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../server/src/config.js';
import { mysqlPoolOptions } from '../server/src/db/dialects/mysql.js';
import { createServer } from '../server/src/server.js';
import { database, settle } from './harness.js';
import { mysqlBulkInsert } from './mysql-bulk.js';

const MYSQL_URL = process.env.TEST_MYSQL_URL;

/**
 * Names that test what the triggers count: repeats, letters, nothing, long ones. Not a letter
 * repeated in another accent ('ÁbA') nor a character before a space ('b c'): the triggers'
 * procedure tells a row's repeated grams apart by LOCATE, which heeds accents and trailing
 * spaces, while a gram's key compares in the column's collation, which ignores both ('Á' = 'A',
 * 'b ' = 'b'), so they count such a row twice under one key where its one posting (and LIKE)
 * count it once. The load counts it once.
 */
const NAMES = ['王伟伟', '李芳', 'AbCd', '', null, '张', '赵明明明', 'x'.repeat(20), '王伟', 'aBa'];

/** The same rows for two tenants: tenant `t`'s ids start at `base`. Every fifth is soft-deleted. */
const userRow = (t: string, base: number) => (n: number) => ({
  id: base + n,
  tenant_id: t,
  account: `a${n}`,
  password: 'x',
  real_name: NAMES[n % NAMES.length],
  role_id: '1',
  dept_id: '1',
  is_deleted: n % 5 === 4 ? 1 : 0,
  create_time: `2025-0${1 + (n % 3)}-1${n % 10} 08:00:00.000`,
  update_time: '2025-01-01 00:00:00.000',
});

/**
 * What the triggers keep for one tenant, the tenant taken out of each key: its counters per day,
 * its gram counters and its postings (grams as bytes, rows by their number: id less `base`).
 */
async function kept(url: string, tenant: string, base: number): Promise<Record<string, unknown>> {
  const c = await createConnection(mysqlPoolOptions(url, {}));
  const mine = "table_name = 'blade_user' and gram like ?";
  const gram = 'hex(substr(gram, char_length(?) + 2))';
  try {
    const read = async (statement: string, values: unknown[]) => (await c.query(statement, values))[0];
    return {
      days: await read(
        "select bucket, live from app_list_count where table_name = 'blade_user' and tenant_id = ? order by bucket",
        [tenant],
      ),
      grams: await read(
        `select ${gram} as g, live from app_gram_count where ${mine} and live <> 0 order by g`,
        [tenant, `${tenant}\u001f%`],
      ),
      postings: await read(`select ${gram} as g, id - ? as n from app_gram_row where ${mine} order by g, n`, [
        tenant,
        base,
        `${tenant}\u001f%`,
      ]),
    };
  } finally {
    await c.end();
  }
}

describe.skipIf(!MYSQL_URL)('a bulk load into MySQL', () => {
  let url = '';
  let drop = async () => {};
  let dataDir = '';

  beforeAll(async () => {
    const db = await database('mysql');
    url = db.url;
    drop = db.drop;
    dataDir = mkdtempSync(join(tmpdir(), 'bench-bulk-'));
    // Migrated by the server, as a benchmark's database is.
    const app = await createServer(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'warn', SEED_DEMO: 'false' }),
    );
    await app.close();
  }, 120_000);

  afterAll(async () => {
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the counters, gram counters and postings the triggers leave, and the triggers in place', async () => {
    const count = 500;
    const c = await createConnection(mysqlPoolOptions(url, {}));
    try {
      const triggers = async () =>
        (
          await c.query(
            'select trigger_name, action_statement from information_schema.triggers where event_object_schema = database() order by 1',
          )
        )[0];
      const before = await triggers();
      // Tenant 'byrow': inserted as the server inserts, each row through the triggers.
      const row = userRow('byrow', 1_000_000);
      const columns = Object.keys(row(0));
      await c.query(`insert into blade_user (${columns.join(', ')}) values ?`, [
        Array.from({ length: count }, (_, n) =>
          columns.map((k) => row(n)[k as keyof ReturnType<typeof row>]),
        ),
      ]);
      // Tenant 'bulk': the same rows, loaded in bulk.
      await mysqlBulkInsert(url, { table: 'blade_user', count, row: userRow('bulk', 2_000_000) });
      expect(await triggers()).toEqual(before);
    } finally {
      await c.end();
    }
    const app = await createServer(
      loadConfig({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'warn', SEED_DEMO: 'false' }),
    );
    try {
      await settle(app, 'mysql');
    } finally {
      await app.close();
    }
    const byRow = await kept(url, 'byrow', 1_000_000);
    expect(await kept(url, 'bulk', 2_000_000)).toEqual(byRow);
    // Something was counted: the days with live rows (none where every row is soft-deleted), the grams.
    expect((byRow.days as unknown[]).length).toBe(24);
    expect((byRow.postings as unknown[]).length).toBeGreaterThan(100);
  }, 120_000);
});
