import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures.js';
import { build, type TestServer, tokenOf } from '../../test/harness.js';
import { seedDemo } from './demo.js';

describe('the demo shop', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await build({ SEED_DEMO: 'true' });
  });
  afterAll(() => t.close());

  it('is seeded once, consistently, and feeds the home dashboard', async () => {
    const db = t.services.data.forTenant('000000');
    const count = async (table: 'mall_product' | 'mall_order' | 'mall_user') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('mall_product')).toBe(320);
    expect(await count('mall_order')).toBe(600);
    expect(await count('mall_user')).toBe(240);
    // Order amounts agree with their lines.
    const mismatched = await db
      .selectFrom('mall_order as o')
      .innerJoin('mall_order_item as i', 'i.order_id', 'o.id')
      .select(['o.id', 'o.total_amount'])
      .select((eb) => eb.fn.sum<number>('i.amount').as('lines'))
      .groupBy(['o.id', 'o.total_amount'])
      .execute();
    expect(mismatched.every((o) => Number(o.lines) === Number(o.total_amount))).toBe(true);
    expect(await seedDemo(t.services.data)).toBe(false);
    expect(await count('mall_order')).toBe(600);

    const admin = (await tokenOf(t.app)).access_token;
    const stats = await ok<{
      ordersByDay: Array<{ orders: number; revenue: number }>;
      topProducts: unknown[];
      upcomingLiving: unknown[];
      totals: { orders: number };
    }>(t.app, admin, { method: 'GET', url: '/api/mall/dashboard' });
    expect(stats.ordersByDay.length).toBeGreaterThan(20);
    expect(stats.ordersByDay.reduce((n, d) => n + d.orders, 0)).toBeGreaterThan(250);
    expect(stats.topProducts).toHaveLength(8);
    expect(stats.upcomingLiving.length).toBeGreaterThan(0);
    expect(stats.totals.orders).toBe(600);
  });
});
