import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDbTime } from '../../core/time.js';
import { dynamic } from '../../db/dynamic-db.js';
import { ok } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';
import { runJobNow } from '../../test/jobs.js';
import { closeUnpaidOrder } from './order-close.js';
import { PayStatus } from './order-status.js';

type Row = Record<string, unknown>;

/**
 * Unpaid orders close after ORDER_UNPAID_CLOSE_MINUTES (here 30) through the
 * mall.close-unpaid-orders job, and give their stock back exactly once, whoever else closes or
 * pays them at the same time.
 */
describe('closing unpaid orders', () => {
  let t: TestServer;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    // The scheduler's own loop is off: each run here is one the test starts.
    t = await build({ JOBS_ENABLED: 'false', ORDER_UNPAID_CLOSE_MINUTES: '30' });
    admin = (await tokenOf(t.app)).access_token;
    customer = (
      await ok<Row>(t.app, admin, { method: 'POST', url: '/api/mall/user/save', payload: { nickname: 'c' } })
    ).id as string;
  });
  afterAll(() => t.close());

  const product = async (stock: number) =>
    (
      await ok<Row>(t.app, admin, {
        method: 'POST',
        url: '/api/mall/product/save',
        payload: { name: `p${Math.random()}`, category: 1, price: 100, stock, status: 1 },
      })
    ).id as string;
  const stockOf = async (id: string) =>
    (await ok<Row>(t.app, admin, { method: 'GET', url: `/api/mall/product/detail?id=${id}` })) as {
      stock: number;
      sales: number;
    };
  const order = async (productId: string, quantity: number, minutesAgo = 0) => {
    const placed = await ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/mall/order/save',
      payload: { mallUserId: customer, items: [{ productId, quantity }] },
    });
    if (minutesAgo)
      await t.services.data
        .forTenant('000000')
        .updateTable('mall_order')
        .set({ create_time: toDbTime(new Date(Date.now() - minutesAgo * 60_000)) })
        .where('id', '=', Number(placed.id))
        .execute();
    return placed.id as string;
  };
  const statusOf = async (id: string) =>
    (await ok<Row>(t.app, admin, { method: 'GET', url: `/api/mall/order/detail?id=${id}` })).payStatus;

  it('closes an order left unpaid past the time and returns its stock, once', async () => {
    const p = await product(10);
    const old = await order(p, 3, 31);
    const fresh = await order(p, 2, 5);
    expect(await stockOf(p)).toMatchObject({ stock: 5, sales: 5 });

    const run = await runJobNow(t.app, admin, 'mall.close-unpaid-orders');
    expect(run).toMatchObject({ state: 'succeeded', result: '关闭 1 个订单' });
    expect(await statusOf(old)).toBe(PayStatus.closed);
    expect(await statusOf(fresh)).toBe(PayStatus.unpaid);
    expect(await stockOf(p)).toMatchObject({ stock: 8, sales: 2 });

    // A second run finds nothing left to close.
    expect((await runJobNow(t.app, admin, 'mall.close-unpaid-orders')).result).toBeNull();
    expect(await stockOf(p)).toMatchObject({ stock: 8, sales: 2 });
  });

  it('returns the stock once when the job, another closer and an administrator close at the same time', async () => {
    const p = await product(10);
    const target = await order(p, 4, 45);
    const db = dynamic(await t.services.dataSources.businessDb('000000'));
    const [job, a, b, edit] = await Promise.all([
      runJobNow(t.app, admin, 'mall.close-unpaid-orders'),
      closeUnpaidOrder(db, Number(target)),
      closeUnpaidOrder(db, Number(target)),
      call(t.app, admin, {
        method: 'POST',
        url: '/api/mall/order/update',
        payload: { id: target, payStatus: PayStatus.closed },
      }),
    ]);
    // At most one of the closers changed it (the edit may have been the one), never two.
    expect([job.result === '关闭 1 个订单', a, b].filter(Boolean).length).toBeLessThanOrEqual(1);
    expect([200, 409]).toContain(edit.statusCode);
    expect(await statusOf(target)).toBe(PayStatus.closed);
    expect(await stockOf(p)).toMatchObject({ stock: 10, sales: 0 });
  });

  it('a payment after the close is refused, and a payment before it keeps the order open', async () => {
    const p = await product(10);
    const late = await order(p, 1, 40);
    await runJobNow(t.app, admin, 'mall.close-unpaid-orders');
    const pay = await call(t.app, admin, {
      method: 'POST',
      url: '/api/mall/order/update',
      payload: { id: late, payStatus: PayStatus.paid },
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().msg).toBe('订单的支付状态不能从「已关闭」改为「已支付」');
    expect(await statusOf(late)).toBe(PayStatus.closed);
    expect(await stockOf(p)).toMatchObject({ stock: 10, sales: 0 });

    const paid = await order(p, 2);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/mall/order/update',
      payload: { id: paid, payStatus: 1 },
    });
    await t.services.data
      .forTenant('000000')
      .updateTable('mall_order')
      .set({ create_time: toDbTime(new Date(Date.now() - 3_600_000)) })
      .where('id', '=', Number(paid))
      .execute();
    await runJobNow(t.app, admin, 'mall.close-unpaid-orders');
    expect(await statusOf(paid)).toBe(PayStatus.paid);
    expect(await stockOf(p)).toMatchObject({ stock: 8, sales: 2 });
  });

  it('removing an order the job already closed returns nothing more', async () => {
    const p = await product(5);
    const gone = await order(p, 2, 60);
    await runJobNow(t.app, admin, 'mall.close-unpaid-orders');
    await ok(t.app, admin, { method: 'POST', url: `/api/mall/order/remove?ids=${gone}` });
    expect(await stockOf(p)).toMatchObject({ stock: 5, sales: 0 });
    const open = await order(p, 1);
    await ok(t.app, admin, { method: 'POST', url: `/api/mall/order/remove?ids=${open}` });
    expect(await stockOf(p)).toMatchObject({ stock: 5, sales: 0 });
  });
});
