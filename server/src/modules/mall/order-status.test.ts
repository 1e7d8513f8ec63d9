import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../test/fixtures.js';
import { build, call, type TestServer, tokenOf } from '../../test/harness.js';
import { transitionOrder } from './order-status.js';

type Row = Record<string, unknown>;

describe('the order state machine', () => {
  let t: TestServer;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    t = await build();
    admin = (await tokenOf(t.app)).access_token;
    customer = String(
      (
        await ok<Row>(t.app, admin, {
          method: 'POST',
          url: '/api/mall/user/save',
          payload: { nickname: '顾客' },
        })
      ).id,
    );
  });
  afterAll(() => t.close());

  const product = async (stock: number) =>
    String(
      (
        await ok<Row>(t.app, admin, {
          method: 'POST',
          url: '/api/mall/product/save',
          payload: { name: `商品${stock}-${Math.random()}`, category: 1, price: 100, stock, status: 1 },
        })
      ).id,
    );
  const stockOf = async (id: string) => {
    const row = await ok<Row>(t.app, admin, {
      method: 'GET',
      url: '/api/mall/product/detail',
      query: { id },
    });
    return { stock: row.stock, sales: row.sales };
  };
  const order = async (productId: string, quantity = 1, extra: Row = {}) =>
    ok<Row>(t.app, admin, {
      method: 'POST',
      url: '/api/mall/order/save',
      payload: { mallUserId: customer, items: [{ productId, quantity }], ...extra },
    });
  const update = (id: unknown, change: Row, lang = 'zh') =>
    call(t.app, admin, {
      method: 'POST',
      url: '/api/mall/order/update',
      payload: { id, ...change },
      headers: { 'accept-language': lang },
    });

  it('refuses an order without lines at 商品明细, in its declared words', async () => {
    for (const [lang, text] of [
      ['zh', '请添加商品'],
      ['en', 'Add the products'],
    ] as const) {
      const refused = await call(t.app, admin, {
        method: 'POST',
        url: '/api/mall/order/save',
        payload: { mallUserId: customer, items: [] },
        headers: { 'accept-language': lang },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ msg: text, field: 'items' });
    }
  });

  it('refuses to restore a product stock that orders placed since still hold', async () => {
    const id = await product(10);
    await ok(t.app, admin, { method: 'POST', url: '/api/mall/product/update', payload: { id, stock: 20 } });
    const history = () =>
      ok<Array<{ id: string; action: string }>>(t.app, admin, {
        method: 'GET',
        url: `/api/blade-log/history/timeline?resource=product&id=${id}`,
      });
    const [created, edited] = await history();
    const restore = (historyId: string, mode: 'version' | 'undo') =>
      call(t.app, admin, {
        method: 'POST',
        url: '/api/blade-log/history/restore',
        headers: { 'accept-language': 'zh-CN' },
        payload: { resource: 'product', id: historyId, mode },
      });
    const placed = await order(id, 3);
    for (const [entry, mode] of [
      [created!, 'version'],
      [edited!, 'undo'],
    ] as const) {
      const refused = await restore(entry.id, mode);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().msg).toMatch(/^无法恢复：该版本之后商品「.+」已售出 3 件/);
    }
    expect(await stockOf(id)).toEqual({ stock: 17, sales: 3 });
    // Closed, the order gave its stock back: the old stock can come back.
    expect((await update(placed.id, { payStatus: 3 })).statusCode).toBe(200);
    expect((await restore(created!.id, 'version')).statusCode).toBe(200);
    expect((await stockOf(id)).stock).toBe(10);
  });

  it('changes stock and sales once: moving payStatus 3 → 0 → 3 again is refused', async () => {
    // Before: each 3 → 0 → 3 round gave the stock back again (stock 1 → 4, sales → −3).
    const p = await product(1);
    const o = await order(p);
    expect(await stockOf(p)).toEqual({ stock: 0, sales: 1 });
    expect((await update(o.id, { payStatus: 3 })).statusCode).toBe(200);
    expect(await stockOf(p)).toEqual({ stock: 1, sales: 0 });
    for (let round = 0; round < 3; round++) {
      const back = await update(o.id, { payStatus: 0 });
      expect(back.statusCode).toBe(409);
      expect(back.json().msg).toBe('订单的支付状态不能从「已关闭」改为「待支付」');
      // Sending the status it already has is no move at all.
      expect((await update(o.id, { payStatus: 3, remark: `round ${round}` })).statusCode).toBe(200);
    }
    expect(await stockOf(p)).toEqual({ stock: 1, sales: 0 });
  });

  it('goes unpaid → paid → shipped → received, and refuses backward or skipped moves', async () => {
    const p = await product(5);
    const o = await order(p, 2);
    const ship = await update(o.id, { shipStatus: 1 }, 'en');
    expect(ship.statusCode).toBe(409);
    expect(ship.json().msg).toBe('This change needs the order’s payment status to be "paid"');
    const paid = await update(o.id, { payStatus: 1 });
    expect(paid.json().data.payTime).toMatch(/^\d{4}-/);
    expect((await update(o.id, { shipStatus: 1 })).statusCode).toBe(200);
    const refund = await update(o.id, { payStatus: 2 });
    expect(refund.statusCode).toBe(409);
    expect(refund.json().msg).toBe('订单的发货状态须为「待发货」才能这样修改');
    expect((await update(o.id, { shipStatus: 2 })).statusCode).toBe(200);
    for (const [change, msg] of [
      [{ shipStatus: 1 }, '订单的发货状态不能从「已签收」改为「已发货」'],
      [{ payStatus: 0 }, '订单的支付状态不能从「已支付」改为「待支付」'],
      [{ payStatus: 3 }, '订单的支付状态不能从「已支付」改为「已关闭」'],
      [{ payStatus: 9 }, '订单的支付状态不能从「已支付」改为「9」'],
    ] as const) {
      const res = await update(o.id, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(409);
      expect(res.json().msg).toBe(msg);
    }
    expect(await stockOf(p)).toEqual({ stock: 3, sales: 2 });
  });

  it('refunds a paid order not yet shipped once, giving its stock back; pays and ships in one edit', async () => {
    const p = await product(4);
    const o = await order(p, 3);
    await ok(t.app, admin, {
      method: 'POST',
      url: '/api/mall/order/update',
      payload: { id: o.id, payStatus: 1 },
    });
    expect((await update(o.id, { payStatus: 2 })).statusCode).toBe(200);
    expect(await stockOf(p)).toEqual({ stock: 4, sales: 0 });
    expect((await update(o.id, { payStatus: 1 })).statusCode).toBe(409);
    expect(await stockOf(p)).toEqual({ stock: 4, sales: 0 });
    const both = await order(p, 1);
    const moved = await update(both.id, { payStatus: 1, shipStatus: 1 });
    expect(moved.json().data).toMatchObject({ payStatus: 1, shipStatus: 1 });
  });

  it('closes an order once under concurrent closes and a removal', async () => {
    const p = await product(10);
    const o = await order(p, 4);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => update(o.id, { payStatus: 3 })),
      call(t.app, admin, { method: 'POST', url: '/api/mall/order/remove', query: { ids: String(o.id) } }),
    ]);
    expect(results.filter((r) => r.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => [200, 404, 409].includes(r.statusCode))).toBe(true);
    expect(await stockOf(p)).toEqual({ stock: 10, sales: 0 });
  });

  it('creates orders unpaid or paid only, not yet shipped', async () => {
    const p = await product(3);
    for (const extra of [{ payStatus: 3 }, { payStatus: 2 }, { shipStatus: 1 }]) {
      const res = await call(t.app, admin, {
        method: 'POST',
        url: '/api/mall/order/save',
        payload: { mallUserId: customer, items: [{ productId: p, quantity: 1 }], ...extra },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('新订单只能是待支付或已支付，且尚未发货');
    }
    const paid = await order(p, 1, { payStatus: 1 });
    expect(paid.payTime).toMatch(/^\d{4}-/);
  });

  it('lets a job close an unpaid order by name, once', async () => {
    const p = await product(2);
    const o = await order(p, 2);
    const db = await t.services.dataSources.businessDb('000000');
    await transitionOrder(db, Number(o.id), 'close');
    expect(await stockOf(p)).toEqual({ stock: 2, sales: 0 });
    await expect(transitionOrder(db, Number(o.id), 'close')).rejects.toMatchObject({
      status: 409,
      key: 'orderTransition',
    });
    expect(await stockOf(p)).toEqual({ stock: 2, sales: 0 });
  });
});
