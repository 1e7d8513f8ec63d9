import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, freshDatabase, type TestServer } from '../test/harness.js';
import { copyDatabase } from './copy-database.js';
import { type DataAccess, openDatabase } from './database.js';
import { dynamic } from './dynamic-db.js';

/** Live users per tenant, from the counters the target's triggers kept while rows were copied. */
async function countedUsers(data: DataAccess): Promise<Record<string, number>> {
  const { rows } = await sql<{ tenant_id: string; live: number | string }>`
    select tenant_id, sum(live) as live from (
      select tenant_id, live from app_list_count where table_name = 'blade_user'
      union all
      select tenant_id, "change" from app_list_delta where table_name = 'blade_user'
    ) counters group by tenant_id`.execute(data.unscoped());
  return Object.fromEntries(rows.map((r) => [r.tenant_id, Number(r.live)]).filter(([, n]) => n !== 0));
}

// The source is SQLite; the middle is the suite's database (MariaDB under npm run test:mysql,
// PostgreSQL under test:pg); the copy comes back into a new SQLite file.
describe('copying a platform from SQLite to another database and back', () => {
  const dir = mkdtempSync(join(tmpdir(), 'blade-copy-'));
  let t: TestServer;
  let middle: Awaited<ReturnType<typeof freshDatabase>>;
  let there: DataAccess;
  let back: DataAccess;
  beforeAll(async () => {
    t = await build({
      DATABASE_URL: `sqlite:${join(dir, 'source.db')}`,
      SEED_DEMO: 'true',
      JOBS_ENABLED: 'false',
    });
    middle = await freshDatabase();
    there = openDatabase(middle.url);
    back = openDatabase(`sqlite:${join(dir, 'back.db')}`);
  });
  afterAll(async () => {
    await there?.close();
    await back?.close();
    await middle?.drop();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('copies every table with its rows counted, keeps values, and the counters follow', async () => {
    // Times whose milliseconds end in zeros, which PostgreSQL prints shorter (…:05.1, …:05).
    await dynamic(t.services.data.unscoped())
      .updateTable('blade_user')
      .set({ create_time: '2026-01-02 03:04:05.100', update_time: '2026-01-02 03:04:05.000' })
      .where('account', '=', 'admin')
      .execute();
    const out = await copyDatabase(t.services.data, there);
    const home = await copyDatabase(there, back);
    expect(home).toEqual(out);
    expect(out.find((c) => c.table === 'blade_user')?.rows).toBeGreaterThan(0);
    expect(out.find((c) => c.table === 'mall_order')?.rows).toBeGreaterThan(0);
    const users = (data: DataAccess) =>
      dynamic(data.unscoped()).selectFrom('blade_user').selectAll().orderBy('id').execute();
    expect(await users(back)).toEqual(await users(t.services.data));
    // Fold what the middle's triggers appended, then its counters agree with the source's.
    const { foldListCounts } = await import('./list-counts.js');
    await foldListCounts(there.unscoped());
    expect(await countedUsers(there)).toEqual(await countedUsers(t.services.data));
    expect(await countedUsers(back)).toEqual(await countedUsers(t.services.data));
  });

  it("copies one tenant's rows and leaves the others'", async () => {
    const db = dynamic(there.unscoped());
    const someone = await db.selectFrom('blade_user').selectAll().limit(1).executeTakeFirstOrThrow();
    await db
      .insertInto('blade_user')
      .values({ ...someone, id: 9_000_000_001, tenant_id: '777777', account: 'elsewhere' })
      .execute();
    await db.deleteFrom('blade_user').where('tenant_id', '=', '000000').execute();
    const copied = await copyDatabase(t.services.data, there, { tenantId: '000000' });
    // Only tables of tenants' rows, each with the tenant's rows counted on both sides.
    expect(copied.map((c) => c.table)).toContain('blade_user');
    expect(copied.map((c) => c.table)).not.toContain('blade_client');
    const count = async (data: DataAccess, tenant: string) =>
      Number(
        (
          await dynamic(data.unscoped())
            .selectFrom('blade_user')
            .select(sql<number>`count(*)`.as('n'))
            .where('tenant_id', '=', tenant)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count(there, '000000')).toBe(await count(t.services.data, '000000'));
    expect(await count(there, '777777')).toBe(1);
  });
});
