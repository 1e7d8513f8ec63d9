/**
 * Benchmark: order and product list pages of 10 on a table of 1,000,000 orders (and 5,000
 * products), with totals, on SQLite and PostgreSQL. Writes bench/results/orders-list.json.
 *
 *   npm run bench -w bench -- orders-list          ORDERS=200000 npx tsx bench/orders-list.ts sqlite
 */
import { nextId } from '../server/src/core/ids.js';
import { toDbTime } from '../server/src/core/time.js';
import { dynamic } from '../server/src/db/dynamic-db.js';
import { bulkInsert } from './bulk.js';
import { kindsFromArgs, machine, runListBench } from './harness.js';
import { recordResult } from './record.js';

const ORDERS = Number(process.env.ORDERS ?? 1_000_000);
const PRODUCTS = 5000;
const DAY = 86_400_000;

const cases = {
  'orders first page': '/api/mall/order/page?current=1&size=10',
  'orders page 5000': '/api/mall/order/page?current=5000&size=10',
  'orders in a week':
    '/api/mall/order/page?current=1&size=10&createTime_dategt=2026-03-01%2000:00:00&createTime_datelt=2026-03-08%2000:00:00',
  'orders by number': '/api/mall/order/page?current=1&size=10&orderNo=2026030',
  'orders unpaid': '/api/mall/order/page?current=1&size=10&payStatus=0',
  'orders biggest first': '/api/mall/order/page?current=1&size=10&descs=totalAmount',
  'products first page': '/api/mall/product/page?current=1&size=10',
  'products by price': '/api/mall/product/page?current=1&size=10&ascs=price',
  'products named': `/api/mall/product/page?current=1&size=10&name=${encodeURIComponent('耳机')}`,
};

const out: Record<string, unknown> = {};
for (const kind of kindsFromArgs()) {
  out[kind] = await runListBench(
    kind,
    async (app) => {
      const db = dynamic(app.services.data.forTenant('000000'));
      const products = Array.from({ length: PRODUCTS }, (_, i) => ({
        id: nextId(),
        tenant_id: '000000',
        name: `${['无线耳机', '保温杯', '帆布包', '台灯', '键盘'][i % 5]} ${i}`,
        category: (i % 8) + 1,
        price: 990 + ((i * 37) % 50_000),
        stock: 100,
        sales: 0,
        sort: i,
        create_time: toDbTime(new Date(Date.UTC(2025, 0, 1) + i * 60_000)),
        update_time: toDbTime(new Date(Date.UTC(2025, 0, 1) + i * 60_000)),
      }));
      for (let i = 0; i < products.length; i += 500)
        await db
          .insertInto('mall_product')
          .values(products.slice(i, i + 500))
          .execute();
      const start = Date.UTC(2025, 0, 1);
      const span = 450 * DAY;
      await bulkInsert(app, {
        table: 'mall_order',
        tenantId: '000000',
        count: ORDERS,
        row: (n) => {
          const created = new Date(start + Math.floor((n / ORDERS) * span));
          const amount = 990 + ((n * 7_919) % 200_000);
          return {
            id: nextId(),
            tenant_id: '000000',
            order_no: `${toDbTime(created).slice(0, 10).replace(/-/g, '')}${String(n).padStart(10, '0')}`,
            mall_user_id: 1 + (n % 20_000),
            total_amount: amount,
            pay_amount: amount,
            pay_status: n % 5 === 0 ? 0 : 1,
            ship_status: 0,
            create_time: toDbTime(created),
            update_time: toDbTime(created),
          };
        },
      });
    },
    cases,
  );
}
recordResult('orders-list', { machine: machine(), budgetMs: 50, orders: ORDERS, products: PRODUCTS, ...out });
