import { resources } from '@blade/schema';
import { type Kysely, type SqlBool, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../core/ids.js';
import { toDbTime } from '../core/time.js';
import type { DataAccess } from '../db/database.js';
import { dayOf } from '../db/dialects/day-of.js';
import { dynamic } from '../db/dynamic-db.js';
import { foldListCounts } from '../db/list-counts.js';
import { migrateTo, migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/tables.js';
import { deptNamed, ok, roleWith, userWith } from '../test/fixtures.js';
import { build, call, type TestServer, tokenOf, unmigratedDatabase } from '../test/harness.js';
import { escapeLike, LIKE_ESCAPE } from './list-query.js';
import { containsCondition, gramTotal, listScope, locate } from './list-support.js';

const OTHER = '100001';
const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1, 6);

interface UserSpec {
  tenant?: string;
  account?: string;
  realName?: string | null;
  /** Day after START and minute within it of create_time. */
  day?: number;
  minute?: number;
  deleted?: boolean;
}

/** A user row written straight to the table: the counters must follow any writer, not only the API. */
function userRow(spec: UserSpec) {
  const id = nextId();
  const time = toDbTime(new Date(START + (spec.day ?? 0) * DAY + (spec.minute ?? 0) * 60_000));
  return {
    id,
    tenant_id: spec.tenant ?? '000000',
    account: spec.account ?? `a${id}`,
    password: 'x',
    name: null,
    real_name: spec.realName === undefined ? `用户${id % 1000}` : spec.realName,
    role_id: '',
    dept_id: '',
    create_time: time,
    update_time: time,
    is_deleted: spec.deleted ? 1 : 0,
  };
}

async function insertUsers(db: Kysely<Database>, specs: UserSpec[]): Promise<number[]> {
  const rows = specs.map(userRow);
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('blade_user')
      .values(rows.slice(i, i + 200))
      .execute();
  return rows.map((r) => r.id);
}

const day = (data: DataAccess) => dayOf(data.dialect, 'create_time');

/** The counters of a table beside a count of its live rows, per tenant and day. */
async function expectCountsExact(data: DataAccess, table: string): Promise<void> {
  const db = data.unscoped();
  const counted = await sql<{ tenant_id: string; bucket: string; live: number | string }>`
    select tenant_id, bucket, sum(live) as live from (
      select tenant_id, bucket, live from app_list_count where table_name = ${table}
      union all
      select tenant_id, bucket, "change" from app_list_delta where table_name = ${table}
    ) counters group by tenant_id, bucket having sum(live) <> 0`.execute(db);
  const actual = await sql<{ tenant_id: string; bucket: string; live: number | string }>`
    select tenant_id, ${day(data)} as bucket, count(*) as live from ${sql.table(table)}
    where is_deleted = 0 group by tenant_id, ${day(data)}`.execute(db);
  const byKey = (rows: { tenant_id: string; bucket: string; live: number | string }[]) =>
    Object.fromEntries(rows.map((r) => [`${r.tenant_id} ${r.bucket}`, Number(r.live)]));
  expect(byKey(counted.rows)).toEqual(byKey(actual.rows));
}

/** Ids of live users of a tenant whose real name is LIKE '%text%', in list order. */
async function likeIds(data: DataAccess, tenant: string, text: string): Promise<string[]> {
  const { rows } = await sql<{ id: number }>`
    select id from blade_user where tenant_id = ${tenant} and is_deleted = 0
      and real_name like ${`%${escapeLike(text)}%`} escape ${LIKE_ESCAPE}
    order by create_time desc, id desc`.execute(data.unscoped());
  return rows.map((r) => String(r.id));
}

/** The gram counters of blade_user.real_name beside LIKE, in both tenants. */
async function expectGramsExact(data: DataAccess, texts: string[]): Promise<void> {
  for (const tenant of ['000000', OTHER]) {
    const scope = await listScope(dynamic(data.forTenant(tenant)), data.dialect, 'blade_user', tenant);
    for (const text of texts)
      expect(await gramTotal(scope, 'real_name', text), `${tenant} ${text}`).toBe(
        (await likeIds(data, tenant, text)).length,
      );
  }
}

interface Page {
  total: number;
  records: { id: string }[];
}

describe('list totals, deep pages and searches without the count cache', () => {
  let t: TestServer;
  let admin: string;
  const page = async (query: Record<string, string>): Promise<Page> => {
    const res = await call(t.app, admin, { method: 'GET', url: '/api/blade-user/page', query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Page }>().data;
  };

  beforeAll(async () => {
    t = await build({ LIST_COUNT_CACHE: 'false' });
    admin = (await tokenOf(t.app)).access_token;
  });
  afterAll(() => t.close());

  it('counts live rows exactly through concurrent API writes, soft deletes, restores, moves, deletes and rollbacks', async () => {
    const data = t.services.data;
    const root = data.unscoped();
    const role = await root
      .selectFrom('blade_role')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const dept = await root
      .selectFrom('blade_dept')
      .select('id')
      .where('tenant_id', '=', '000000')
      .executeTakeFirstOrThrow();
    const submit = (i: number) =>
      call(t.app, admin, {
        method: 'POST',
        url: '/api/blade-user/submit',
        payload: {
          account: `c${i}`,
          // md5('Count-Rows-2'): the password policy refuses common ones such as 123456
          password: '6d1068ab4fcfe9c67551f4c4fad8105a',
          realName: `并发${i}`,
          roleId: String(role.id),
          deptId: String(dept.id),
        },
      });
    const created = await Promise.all(Array.from({ length: 12 }, (_, i) => submit(i)));
    const ids = created.map((r) => r.json<{ data: { id: string } }>().data.id);
    expect(ids.every(Boolean)).toBe(true);

    const direct = await insertUsers(
      root,
      Array.from({ length: 300 }, (_, i) => ({
        tenant: i % 3 ? '000000' : OTHER,
        day: i % 7,
        minute: i,
        deleted: i % 11 === 0,
      })),
    );
    // Writers at the same time: removes through the API, and statements of every kind straight
    // to the table (several transactions at once on PostgreSQL).
    await Promise.all([
      call(t.app, admin, {
        method: 'POST',
        url: '/api/blade-user/remove',
        query: { ids: ids.slice(0, 5).join(',') },
      }),
      root.updateTable('blade_user').set({ is_deleted: 1 }).where('id', 'in', direct.slice(0, 40)).execute(),
      root.updateTable('blade_user').set({ is_deleted: 0 }).where('id', 'in', direct.slice(0, 60)).execute(),
      root
        .updateTable('blade_user')
        .set({ create_time: toDbTime(new Date(START + 20 * DAY)) })
        .where('id', 'in', direct.slice(60, 90))
        .execute(),
      root
        .updateTable('blade_user')
        .set({ tenant_id: OTHER })
        .where('id', 'in', direct.slice(90, 110))
        .execute(),
      root.deleteFrom('blade_user').where('id', 'in', direct.slice(110, 150)).execute(),
      root
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('blade_user')
            .set({ is_deleted: 1 })
            .where('id', 'in', direct.slice(150, 200))
            .execute();
          await insertUsers(trx, [{ day: 3 }, { day: 4 }]);
          throw new Error('rolled back');
        })
        .catch(() => undefined),
      ...Array.from({ length: 4 }, (_, i) => submit(100 + i)),
    ]);
    await expectCountsExact(data, 'blade_user');
    await expectGramsExact(data, ['用', '户', '用户', '并发', '1']);
    await foldListCounts(root);
    await expectCountsExact(data, 'blade_user');
    await expectGramsExact(data, ['用', '户', '用户', '并发', '1']);
    const live = await root
      .selectFrom('blade_user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', '000000')
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();
    expect((await page({ current: '1', size: '10' })).total).toBe(Number(live.n));
  });

  it('answers an unfiltered total from the counters, not by counting rows', async () => {
    const root = t.services.data.unscoped();
    const before = (await page({ current: '1', size: '10' })).total;
    const bump = (by: number) =>
      sql`update app_list_count set live = live + ${by}
          where table_name = 'blade_user' and tenant_id = '000000'
            and bucket = (select max(bucket) from (
              select bucket from app_list_count where table_name = 'blade_user') days)`.execute(root);
    await bump(1000);
    try {
      expect((await page({ current: '1', size: '10' })).total).toBe(before + 1000);
    } finally {
      await bump(-1000);
    }
  });

  it('places deep pages by day, with the rows an offset scan finds, in both orders and at day boundaries', async () => {
    const data = t.services.data;
    // Uneven days, and many rows sharing one time so the id decides their order.
    const specs: UserSpec[] = [];
    const perDay = [700, 5, 1300, 0, 900, 1, 1200, 400];
    perDay.forEach((n, day) => {
      for (let i = 0; i < n; i++) specs.push({ day: 30 + day, minute: i % 17, deleted: i % 50 === 7 });
    });
    await insertUsers(data.unscoped(), specs);
    const total = Number(
      (
        await data
          .unscoped()
          .selectFrom('blade_user')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', '000000')
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );
    // With PostgreSQL's changes pending (just written), then folded into the counters.
    const scope = await listScope(dynamic(data.forTenant('000000')), data.dialect, 'blade_user', '000000');
    for (const direction of ['desc', 'asc', 'folded'] as const) {
      if (direction === 'folded') await foldListCounts(data.unscoped());
      const order = direction === 'asc' ? 'asc' : 'desc';
      const { rows } = await sql<{ id: number; day: string }>`
        select id, ${day(data)} as day from blade_user where tenant_id = '000000' and is_deleted = 0
        order by create_time ${sql.raw(order)}, id desc`.execute(data.unscoped());
      const all = rows.map((r) => String(r.id));
      for (const [current, size] of [
        [201, 10],
        [287, 7],
        [300, 10],
        [101, 30],
        [41, 100],
        [Math.ceil(total / 7), 7],
        [Math.ceil(total / 7) + 3, 7],
      ] as const) {
        const answer = await page({
          current: String(current),
          size: String(size),
          ...(direction === 'asc' ? { ascs: 'createTime' } : {}),
        });
        const offset = (current - 1) * size;
        expect(answer.total).toBe(total);
        expect(
          answer.records.map((r) => r.id),
          `${direction} offset ${offset}`,
        ).toEqual(all.slice(offset, offset + size));
        // The days the page spans, from the counters: its read is a range of those days alone
        // (MariaDB's planner walks every row of the tenant past the page's end without it).
        const spot = await locate(scope, offset, order, size);
        const span = rows.slice(offset, offset + size);
        expect([spot.bucket, spot.until], `${direction} offset ${offset}`).toEqual(
          offset < total ? [span[0]?.day, span[span.length - 1]?.day] : [undefined, undefined],
        );
      }
    }
  });

  it('finds with the contains index exactly the rows LIKE finds, for texts of every length and kind', async () => {
    const data = t.services.data;
    const root = data.unscoped();
    const names = [
      '王伟',
      '王伟伟',
      '李王伟',
      '伟王',
      '王',
      'Ab_C',
      'ab%c',
      'ABC',
      'a b',
      '😀王伟',
      null,
      '',
      'x\\y',
      '王伟明',
      // A letter again with another accent or case, a letter before a space: one gram each on MySQL.
      'ÁbA',
      'b c',
    ];
    const specs: UserSpec[] = [];
    for (let i = 0; i < 420; i++)
      specs.push({ realName: names[i % names.length]!, day: 60 + (i % 5), minute: i, deleted: i % 13 === 0 });
    for (let i = 0; i < 60; i++) specs.push({ tenant: OTHER, realName: names[i % names.length]!, day: 61 });
    const ids = await insertUsers(root, specs);
    // Names changed, rows removed and restored after they were indexed.
    await root
      .updateTable('blade_user')
      .set({ real_name: '张伟王' })
      .where('id', 'in', ids.slice(0, 30))
      .execute();
    await root
      .updateTable('blade_user')
      .set({ is_deleted: 1 })
      .where('id', 'in', ids.slice(30, 60))
      .execute();
    await root
      .updateTable('blade_user')
      .set({ is_deleted: 0 })
      .where('id', 'in', ids.slice(40, 50))
      .execute();
    for (const text of [
      '王',
      '伟',
      '王伟',
      '王伟伟',
      '伟王',
      '王伟明',
      'ab',
      'AB',
      'b_c',
      'b%',
      '%',
      '_',
      'a b',
      '😀',
      '😀王',
      '\\',
      'zz',
      '张伟王',
      'a',
      'b',
      'c',
      'ba',
    ]) {
      const expected = await likeIds(data, '000000', text);
      const all = await page({ current: '1', size: '500', realName: text });
      expect(all.total, text).toBe(expected.length);
      expect(
        all.records.map((r) => r.id),
        text,
      ).toEqual(expected.slice(0, 500));
      for (const current of [1, 3]) {
        const some = await page({ current: String(current), size: '10', realName: text });
        expect(some.total, text).toBe(expected.length);
        expect(
          some.records.map((r) => r.id),
          `${text} page ${current}`,
        ).toEqual(expected.slice((current - 1) * 10, current * 10));
      }
    }
  });

  it('keeps data scopes: a scoped reader gets its own total and pages, never the counters', async () => {
    const root = t.services.data.unscoped();
    const head = await root
      .selectFrom('blade_dept')
      .select('id')
      .where('tenant_id', '=', '000000')
      .where('parent_id', '=', 0)
      .executeTakeFirstOrThrow();
    const east = await deptNamed(t.app, admin, 'East', String(head.id));
    const scope = await ok<{ id: string }>(t.app, admin, {
      method: 'POST',
      url: '/api/blade-system/data-scope/submit',
      payload: { resourceCode: 'user', scopeName: '本部门', scopeColumn: 'dept_id', scopeType: 4 },
    });
    const roleId = await roleWith(t.app, t.services, admin, 'eastlead', ['system', 'user'], {
      dataScopeIds: [String(scope.id)],
    });
    const lead = await userWith(t.app, admin, { account: 'eastlead', roleId, deptId: east });
    const specs = Array.from({ length: 2600 }, (_, i) => ({ day: 90 + (i % 3), minute: i }));
    const ids = await insertUsers(root, specs);
    await root
      .updateTable('blade_user')
      .set({ dept_id: east })
      .where('id', 'in', ids.slice(0, 2300))
      .execute();
    const { rows } = await sql<{ id: number }>`
      select id from blade_user where tenant_id = '000000' and is_deleted = 0 and dept_id = ${east}
      order by create_time desc, id desc`.execute(root);
    const expected = rows.map((r) => String(r.id));
    for (const current of [1, 230]) {
      const seen = await ok<Page>(t.app, lead.token, {
        method: 'GET',
        url: '/api/blade-user/page',
        query: { current: String(current), size: '10' },
      });
      expect(seen.total).toBe(expected.length);
      expect(seen.records.map((r) => r.id)).toEqual(expected.slice((current - 1) * 10, current * 10));
    }
  });

  it('gives a filtered list its exact total and rows on every page, and none past the end', async () => {
    // On PostgreSQL the total and the rows of such a page are read side by side.
    const root = t.services.data.unscoped();
    const ids = await insertUsers(
      root,
      Array.from({ length: 25 }, (_, i) => ({ day: 200, minute: i })),
    );
    await sql`update blade_user set account = 'paged' || id where id in (${sql.join(ids)})`.execute(root);
    const prefix = 'paged';
    const { rows } = await sql<{ id: number }>`
      select id from blade_user where tenant_id = '000000' and is_deleted = 0
        and account like 'paged%' order by create_time desc, id desc`.execute(root);
    const expected = rows.map((r) => String(r.id));
    expect(expected).toHaveLength(25);
    for (const current of [1, 2, Math.ceil(expected.length / 10) + 1]) {
      const seen = await page({ current: String(current), size: '10', account: prefix });
      expect(seen.total).toBe(expected.length);
      expect(seen.records.map((r) => r.id)).toEqual(expected.slice((current - 1) * 10, current * 10));
    }
  });

  it('finds exactly the accounts that start with a prefix, wildcards and CJK taken literally', async () => {
    const root = t.services.data.unscoped();
    // LIKE's wildcards (% _ \), GLOB's (* ? [) and CJK, each beside a near miss.
    const accounts = [
      'q%b1',
      'q%b2',
      'qxb1',
      'q_c',
      'qvc',
      'q\\d',
      'q*1',
      'q?2',
      'q[x',
      'qz',
      'q中文1',
      'q中文2',
      'q中斌',
      'q丮',
    ];
    await insertUsers(
      root,
      accounts.map((account, i) => ({ account, day: 300, minute: i })),
    );
    for (const prefix of ['q%b', 'q_', 'q\\', 'q*', 'q?', 'q[', 'q中文', 'q中']) {
      const seen = await page({ current: '1', size: '20', account: prefix });
      const expected = accounts.filter((a) => a.startsWith(prefix));
      expect(seen.records.map((r) => (r as { account?: string }).account).sort(), prefix).toEqual(
        expected.sort(),
      );
      expect(seen.total, prefix).toBe(expected.length);
    }
  });

  it('counts every table that soft-deletes, per tenant exactly for tenant-owned resources', async () => {
    const { rows } = await sql<{ table_name: string; per_tenant: number }>`
      select table_name, per_tenant from app_list_support where kind = 'count'`.execute(
      t.services.data.unscoped(),
    );
    const counted = new Map(rows.map((r) => [r.table_name, Number(r.per_tenant) === 1]));
    for (const r of Object.values(resources)) {
      if (!r.endpoints.includes('page')) continue;
      expect(counted.get(r.table), `${r.table} is counted per ${r.tenant ? 'tenant' : 'platform'}`).toBe(
        r.tenant,
      );
    }
  });
});

describe('migration 0011 on a database that already has rows', () => {
  const database = unmigratedDatabase();

  it('counts and indexes the rows written before it', async () => {
    const data = database();
    await migrateTo(data, '0006-develop');
    const names = ['王伟', '李王伟', 'Ab_C', null, '王'];
    await insertUsers(
      data.unscoped(),
      Array.from({ length: 250 }, (_, i) => ({
        tenant: i % 4 ? '000000' : OTHER,
        realName: names[i % names.length]!,
        day: i % 9,
        deleted: i % 6 === 0,
      })),
    );
    await migrateToLatest(data);
    await expectCountsExact(data, 'blade_user');
    await expectGramsExact(data, ['王', '伟', '王伟', 'ab', 'C', '_']);
    for (const tenant of ['000000', OTHER]) {
      const scoped = dynamic(data.forTenant(tenant));
      const scope = await listScope(scoped, data.dialect, 'blade_user', tenant);
      expect(scope.counted).toBe(true);
      expect(scope.indexed.has('real_name')).toBe(true);
      for (const text of ['王', '王伟', 'ab_', '李王伟']) {
        const found = await scoped
          .selectFrom('blade_user')
          .select('id')
          .where(sql<SqlBool>`is_deleted = 0`)
          .where(() => containsCondition(scope, 'real_name', text))
          .orderBy('create_time', 'desc')
          .orderBy('id', 'desc')
          .execute();
        expect(
          found.map((r) => String(r.id)),
          `${tenant} ${text}`,
        ).toEqual(await likeIds(data, tenant, text));
      }
    }
  });
});
