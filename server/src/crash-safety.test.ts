import { describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.js';
import { crashSuite, httpToken, killMidWrites, postOk as post, type Written } from './test/child-server.js';
import { BASIC } from './test/harness.js';

type Line = { productId: string; quantity: number };

const PRICES = [100, 250, 399, 1200, 75, 4800];
const STOCK = 1_000_000;
const WORKERS = 24;

/**
 * The real server process is killed (SIGKILL, as a crash or the OOM killer would) while
 * orders are being placed; each order is one transaction writing the order, its six lines and
 * six products' stock. After a restart on the same database every acknowledged order
 * must be there with its lines, and nothing may be half written. (On PostgreSQL each statement
 * waits on the network, so the kill lands inside transactions; SQLite runs a request's statements
 * back to back, so there the test mostly shows that acknowledged writes survive.)
 */
describe('a server killed mid-write', () => {
  const suite = crashSuite();

  it('keeps every acknowledged order whole and writes no partial one', async () => {
    const first = await suite.start();
    const token = await httpToken(first.baseUrl);
    const customer = await post(first, token, '/mall/user/save', { nickname: 'crash-test' });
    const products: string[] = [];
    for (const [i, price] of PRICES.entries()) {
      const product = await post(first, token, '/mall/product/save', {
        name: `crash-${i}`,
        category: 1,
        price,
        stock: STOCK,
        status: 1,
      });
      products.push(product.data.id);
    }

    const acknowledged = new Map<string, Line[]>();
    const cut = await killMidWrites(first, {
      workers: WORKERS,
      enough: 60,
      acknowledged: () => acknowledged.size,
      write: async () => {
        const items = products.map((productId) => ({
          productId,
          quantity: 1 + Math.floor(Math.random() * 3),
        }));
        const order = await post(first, token, '/mall/order/save', { mallUserId: customer.data.id, items });
        acknowledged.set(order.data.id, items);
      },
    });
    expect(acknowledged.size).toBeGreaterThanOrEqual(60);
    // Writes were in flight when the process died (a worker answered just before may have none).
    expect(cut).toBeGreaterThan(0);

    const second = await suite.start();
    const again = await httpToken(second.baseUrl);
    for (const [id, items] of acknowledged) {
      const res = await fetch(`${second.baseUrl}/api/mall/order/detail?id=${id}`, {
        headers: { authorization: BASIC, 'blade-auth': `bearer ${again}` },
      });
      expect(res.status, `order ${id}`).toBe(200);
      const order = ((await res.json()) as Written).data;
      expect((order.items as Line[]).map((l) => ({ productId: l.productId, quantity: l.quantity }))).toEqual(
        items,
      );
    }
    await second.stop();

    // Everything committed, acknowledged or not, is whole: lines have their order and the
    // stock taken equals the lines sold.
    const data = openDatabase(suite.url());
    try {
      const raw = data.unscoped();
      const orders = await raw.selectFrom('mall_order').select(['id', 'total_amount']).execute();
      const lines = await raw
        .selectFrom('mall_order_item')
        .select(['order_id', 'product_id', 'quantity', 'amount'])
        .execute();
      const stock = await raw
        .selectFrom('mall_product')
        .select(['id', 'stock', 'sales'])
        .where('id', 'in', products.map(Number))
        .execute();

      const orderIds = new Set(orders.map((o) => Number(o.id)));
      for (const id of acknowledged.keys()) expect(orderIds.has(Number(id)), `order ${id}`).toBe(true);
      expect(lines.filter((l) => !orderIds.has(Number(l.order_id)))).toEqual([]);
      for (const order of orders) {
        const own = lines.filter((l) => Number(l.order_id) === Number(order.id));
        expect(own, `lines of order ${order.id}`).toHaveLength(PRICES.length);
        expect(Number(order.total_amount)).toBe(own.reduce((sum, l) => sum + Number(l.amount), 0));
      }
      for (const product of stock) {
        const sold = lines
          .filter((l) => Number(l.product_id) === Number(product.id))
          .reduce((sum, l) => sum + Number(l.quantity), 0);
        expect(STOCK - Number(product.stock), `stock of product ${product.id}`).toBe(sold);
        expect(Number(product.sales)).toBe(sold);
      }
    } finally {
      await data.close();
    }
  }, 60_000);
});
