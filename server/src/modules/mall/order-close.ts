import { sql } from 'kysely';
import { toDbTime, utcNow } from '../../core/time.js';
import { type DynamicDb, dynamic } from '../../crud/dynamic-db.js';
import type { DataSources } from '../develop/data-sources.js';
import type { JobDefinition } from '../job/job-registry.js';

/** order_pay_status keys the server acts on. */
export const PayStatus = { unpaid: 0, paid: 1, refunded: 2, closed: 3 } as const;

/** Orders one run closes at most; a backlog drains over the following runs. */
const CLOSE_BATCH = 500;

/** Gives an order's stock back (and takes back its sales). Call it inside the order's transaction. */
export async function restock(db: DynamicDb, orderId: number): Promise<void> {
  const items = await db
    .selectFrom('mall_order_item')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  for (const item of items) {
    await db
      .updateTable('mall_product')
      .set({ stock: sql`stock + ${Number(item.quantity)}`, sales: sql`sales - ${Number(item.quantity)}` })
      .where('id', '=', Number(item.product_id))
      .execute();
  }
}

/**
 * Closes an unpaid order and gives its stock back, once. The status moves from unpaid to closed
 * with one conditional statement, and the stock returns in the same transaction only when that
 * statement changed the row; a second close (another run, another process, an administrator) or
 * a payment that came first finds the order no longer unpaid and changes nothing. Answers whether
 * this call closed it. The one way an order is closed, by the job and by an edit alike.
 */
export async function closeUnpaidOrder(db: DynamicDb, orderId: number): Promise<boolean> {
  const close = async (trx: DynamicDb) => {
    const changed = await trx
      .updateTable('mall_order')
      .set({ pay_status: PayStatus.closed, update_time: utcNow() })
      .where('id', '=', orderId)
      .where('pay_status', '=', PayStatus.unpaid)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) return false;
    await restock(trx, orderId);
    return true;
  };
  return db.isTransaction ? close(db) : db.transaction().execute(close);
}

/**
 * Moves an order out of unpaid while it still is unpaid (a close or another change may have come
 * first): to closed through closeUnpaidOrder (its stock returns), to paid or refunded by the same
 * kind of conditional statement. Answers whether it moved.
 */
export async function leaveUnpaid(db: DynamicDb, orderId: number, to: number): Promise<boolean> {
  if (to === PayStatus.closed) return closeUnpaidOrder(db, orderId);
  const moved = await db
    .updateTable('mall_order')
    .set({ pay_status: to })
    .where('id', '=', orderId)
    .where('pay_status', '=', PayStatus.unpaid)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) === 1;
}

/** Each tenant's orders left unpaid past `minutes` are closed and their stock returned. */
export const closeUnpaidOrdersJob = (dataSources: DataSources, minutes: number): JobDefinition => ({
  name: 'mall.close-unpaid-orders',
  label: { zh: '关闭超时未付订单', en: 'Close unpaid orders' },
  description: {
    zh: `关闭下单 ${minutes} 分钟后仍未支付的订单，并退回库存（ORDER_UNPAID_CLOSE_MINUTES）`,
    en: `Closes orders still unpaid ${minutes} minutes after they were placed and returns their stock (ORDER_UNPAID_CLOSE_MINUTES)`,
  },
  schedule: '0 * * * * *',
  perTenant: true,
  catchUp: true,
  async run({ tenantId, signal, progress }) {
    const db = dynamic(await dataSources.businessDb(tenantId!));
    const cutoff = toDbTime(new Date(Date.now() - minutes * 60_000));
    const due = await db
      .selectFrom('mall_order')
      .select('id')
      .where('pay_status', '=', PayStatus.unpaid)
      .where('is_deleted', '=', 0)
      .where('create_time', '<', cutoff)
      .orderBy('create_time')
      .limit(CLOSE_BATCH)
      .execute();
    let closed = 0;
    for (const [index, order] of due.entries()) {
      if (signal.aborted) break;
      if (await closeUnpaidOrder(db, Number(order.id))) closed++;
      await progress(((index + 1) / due.length) * 100);
    }
    return closed ? { zh: `关闭 ${closed} 个订单`, en: `${closed} order(s) closed` } : undefined;
  },
});
