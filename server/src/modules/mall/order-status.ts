import { type Kysely, sql, type Transaction } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { Language } from '../../core/messages.js';
import { utcNow } from '../../core/time.js';
import type { Database } from '../../db/tables.js';

/** order_pay_status keys the server acts on (tenants may rename them, not renumber them). */
export const PayStatus = { unpaid: 0, paid: 1, refunded: 2, closed: 3 } as const;
/** order_ship_status keys. */
export const ShipStatus = { waiting: 0, shipped: 1, received: 2 } as const;

type StatusColumn = 'pay_status' | 'ship_status';

/** The moves an order can make; every other change of its status is refused. */
export type OrderTransition = 'pay' | 'close' | 'refund' | 'ship' | 'receive';

interface Rule {
  column: StatusColumn;
  from: number;
  to: number;
  /** The other status the order must have (shipping needs payment; a refund, goods not sent). */
  requires?: { column: StatusColumn; value: number };
  /** The stock the order took goes back to its products, and their sales down. */
  restock?: boolean;
  /** Stamps the payment time. */
  paid?: boolean;
}

/**
 * The order state machine. Payment: unpaid → paid → refunded (before shipping), unpaid → closed.
 * Shipping, once paid: waiting → shipped → received. Closed and refunded orders are final. Staff
 * holding the order edit button make these moves by editing an order; jobs (closing unpaid
 * orders) call `transitionOrder`. Stock and sales change exactly once, on close and refund.
 */
export const TRANSITIONS: Record<OrderTransition, Rule> = {
  pay: { column: 'pay_status', from: PayStatus.unpaid, to: PayStatus.paid, paid: true },
  close: { column: 'pay_status', from: PayStatus.unpaid, to: PayStatus.closed, restock: true },
  refund: {
    column: 'pay_status',
    from: PayStatus.paid,
    to: PayStatus.refunded,
    requires: { column: 'ship_status', value: ShipStatus.waiting },
    restock: true,
  },
  ship: {
    column: 'ship_status',
    from: ShipStatus.waiting,
    to: ShipStatus.shipped,
    requires: { column: 'pay_status', value: PayStatus.paid },
  },
  receive: {
    column: 'ship_status',
    from: ShipStatus.shipped,
    to: ShipStatus.received,
    requires: { column: 'pay_status', value: PayStatus.paid },
  },
};

const NAMES: Record<StatusColumn, Record<number, Record<Language, string>>> = {
  pay_status: {
    0: { zh: '待支付', en: 'unpaid' },
    1: { zh: '已支付', en: 'paid' },
    2: { zh: '已退款', en: 'refunded' },
    3: { zh: '已关闭', en: 'closed' },
  },
  ship_status: {
    0: { zh: '待发货', en: 'waiting to ship' },
    1: { zh: '已发货', en: 'shipped' },
    2: { zh: '已签收', en: 'received' },
  },
};
const WHAT: Record<StatusColumn, Record<Language, string>> = {
  pay_status: { zh: '支付状态', en: 'payment status' },
  ship_status: { zh: '发货状态', en: 'shipping status' },
};

const nameOf = (column: StatusColumn, value: number, lang: Language) =>
  NAMES[column][value]?.[lang] ?? String(value);

/** Who moves an order, for the audit columns and the language of a refusal. */
export interface Mover {
  userId: number | null;
  lang?: Language;
}

/** The named move from one status to another; refuses a change no transition makes (409). */
export function transitionBetween(
  column: StatusColumn,
  from: number,
  to: number,
  lang: Language,
): OrderTransition {
  const found = (Object.entries(TRANSITIONS) as Array<[OrderTransition, Rule]>).find(
    ([, r]) => r.column === column && r.from === from && r.to === to,
  );
  if (found) return found[0];
  throw new AppError(409, 'orderTransition', {
    what: WHAT[column][lang],
    from: nameOf(column, from, lang),
    to: nameOf(column, to, lang),
  });
}

/**
 * Makes one move inside the caller's transaction. The status changes by a conditional update,
 * so of two concurrent moves from the same status only one happens; the stock goes back only
 * when this move did.
 */
export async function applyTransition(
  trx: Kysely<Database>,
  orderId: number,
  name: OrderTransition,
  who: Mover,
): Promise<void> {
  const rule = TRANSITIONS[name];
  const lang = who.lang ?? 'zh';
  let update = trx
    .updateTable('mall_order')
    .set({
      [rule.column]: rule.to,
      ...(rule.paid ? { pay_time: utcNow() } : {}),
      update_user: who.userId,
      update_time: utcNow(),
    })
    .where('id', '=', orderId)
    .where('is_deleted', '=', 0)
    .where(rule.column, '=', rule.from);
  if (rule.requires) update = update.where(rule.requires.column, '=', rule.requires.value);
  const moved = await update.executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) {
    const now = await trx
      .selectFrom('mall_order')
      .select(['pay_status', 'ship_status'])
      .where('id', '=', orderId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!now) throw new AppError(404, 'rowNotFound');
    if (rule.requires && Number(now[rule.requires.column]) !== rule.requires.value)
      throw new AppError(409, 'orderTransitionNeeds', {
        what: WHAT[rule.requires.column][lang],
        status: nameOf(rule.requires.column, rule.requires.value, lang),
      });
    throw new AppError(409, 'orderTransition', {
      what: WHAT[rule.column][lang],
      from: nameOf(rule.column, Number(now[rule.column]), lang),
      to: nameOf(rule.column, rule.to, lang),
    });
  }
  if (rule.restock) await restock(trx, orderId);
}

/**
 * Makes a named move of an order in a transaction of its own (or the caller's, when `db` is one):
 * for jobs such as closing orders left unpaid. `db` is the tenant's business database.
 */
export async function transitionOrder(
  db: Kysely<Database>,
  orderId: number,
  name: OrderTransition,
  who: Mover = { userId: null },
): Promise<void> {
  if (db.isTransaction) return applyTransition(db, orderId, name, who);
  await db.transaction().execute((trx: Transaction<Database>) => applyTransition(trx, orderId, name, who));
}

/** Gives an order's stock back to its products, and takes the sales it made off them. */
async function restock(trx: Kysely<Database>, orderId: number): Promise<void> {
  const items = await trx
    .selectFrom('mall_order_item')
    .select(['product_id', 'quantity'])
    .where('order_id', '=', orderId)
    .execute();
  for (const item of items) {
    await trx
      .updateTable('mall_product')
      .set({ stock: sql`stock + ${Number(item.quantity)}`, sales: sql`sales - ${Number(item.quantity)}` })
      .where('id', '=', Number(item.product_id))
      .execute();
  }
}
