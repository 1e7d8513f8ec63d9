import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import { toDbTime } from '../../core/time.js';
import { type DynamicDb, dynamic } from '../../db/dynamic-db.js';
import type { Database } from '../../db/tables.js';
import type { DataSources } from '../develop/data-sources.js';
import type { JobDefinition } from '../job/job-registry.js';
import { PayStatus, transitionOrder } from './order-status.js';

/** Orders one run closes at most; a backlog drains over the following runs. */
const CLOSE_BATCH = 500;

/**
 * Closes an unpaid order through the order state machine (its stock returns once, in the same
 * transaction). Answers whether this call closed it: another closer or a payment that came first
 * leaves nothing to do.
 */
export async function closeUnpaidOrder(db: DynamicDb, orderId: number): Promise<boolean> {
  try {
    await transitionOrder(db as unknown as Kysely<Database>, orderId, 'close');
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 409) return false;
    throw error;
  }
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
