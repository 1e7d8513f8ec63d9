import { randomInt } from 'node:crypto';
import { sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import { parse } from '../../core/validate.js';
import type { DynamicRow } from '../../crud/dynamic-db.js';
import type { ResourceHooks } from '../../crud/hooks.js';
import { closeUnpaidOrder, leaveUnpaid, PayStatus } from './order-close.js';

const ON_SHELF = 1;

const lines = z
  .array(
    z.object({
      productId: z.union([z.string().regex(/^\d{1,16}$/), z.number().int().positive()]).transform(Number),
      quantity: z.coerce.number().int().min(1).max(9999),
    }),
  )
  .min(1)
  .max(100);

/** An order number: date, then random digits; unique by index, retried on the rare clash. */
const orderNumber = (): string =>
  `${utcNow().slice(0, 10).replace(/-/g, '')}${String(randomInt(1e9, 1e10))}${String(randomInt(100, 1000))}`;

function parseLines(raw: unknown) {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError(400, 'invalidField', {
        field: 'items',
        reason: 'must be a JSON list of { productId, quantity }',
      });
    }
  }
  const parsed = parse(z.object({ items: lines }), { items: value }).items;
  const merged = new Map<number, number>();
  for (const l of parsed) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * Orders: lines priced from the products at the time of ordering (amounts sent by a client are
 * ignored), stock taken in the same transaction and never below zero; the lines field is not
 * writable on update, so lines stay as placed.
 */
export const orderHooks: ResourceHooks = {
  async beforeWrite(ctx, values, mode, id) {
    for (const column of ['total_amount', 'pay_amount', 'pay_time', 'order_no']) delete values[column];
    if (mode === 'edit') {
      const before = await ctx.db
        .selectFrom('mall_order')
        .select(['pay_status'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const was = Number(before.pay_status);
      const next = values.pay_status === undefined ? was : Number(values.pay_status);
      // Its stock went back when it closed: a closed order stays closed.
      if (was === PayStatus.closed && next !== was) throw new AppError(409, 'orderClosed');
      if (was !== PayStatus.paid && next === PayStatus.paid) values.pay_time = utcNow();
      // Leaving unpaid only while it still is: the unpaid-order job may have closed it meanwhile.
      if (was === PayStatus.unpaid && next !== was && !(await leaveUnpaid(ctx.db, id, next)))
        throw new AppError(409, 'orderChanged');
      return;
    }
    const wanted = parseLines(values.items);
    delete values.items;
    let total = 0;
    const rows: DynamicRow[] = [];
    for (const line of wanted) {
      const product = await ctx.db
        .selectFrom('mall_product')
        .select(['name', 'price', 'status'])
        .where('id', '=', line.productId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!product) throw new AppError(404, 'rowNotFound');
      if (Number(product.status) !== ON_SHELF)
        throw new AppError(409, 'productOffShelf', { name: String(product.name) });
      // One conditional statement: concurrent orders can never take the stock below zero.
      const taken = await ctx.db
        .updateTable('mall_product')
        .set({ stock: sql`stock - ${line.quantity}`, sales: sql`sales + ${line.quantity}` })
        .where('id', '=', line.productId)
        .where('stock', '>=', line.quantity)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) !== 1)
        throw new AppError(409, 'outOfStock', { name: String(product.name) });
      const price = Number(product.price);
      total += price * line.quantity;
      rows.push({
        id: nextId(),
        tenant_id: ctx.auth.tenantId,
        order_id: id,
        product_id: line.productId,
        product_name: product.name,
        price,
        quantity: line.quantity,
        amount: price * line.quantity,
      });
    }
    await ctx.db.insertInto('mall_order_item').values(rows).execute();
    values.total_amount = total;
    values.pay_amount = total;
    values.order_no = orderNumber();
    if (Number(values.pay_status ?? PayStatus.unpaid) === PayStatus.paid) values.pay_time = utcNow();
  },
  async beforeRemove(ctx, ids) {
    const unpaid = await ctx.db
      .selectFrom('mall_order')
      .select('id')
      .where('id', 'in', ids)
      .where('pay_status', '=', PayStatus.unpaid)
      .execute();
    for (const row of unpaid) await closeUnpaidOrder(ctx.db, Number(row.id));
  },
  async decorate(ctx, rows) {
    if (rows.length === 0) return;
    const items = await ctx.db
      .selectFrom('mall_order_item')
      .select(['order_id', 'product_id', 'product_name', 'price', 'quantity', 'amount'])
      .where(
        'order_id',
        'in',
        rows.map((r) => Number(r.id)),
      )
      .execute();
    for (const row of rows) {
      row.items = items
        .filter((i) => Number(i.order_id) === Number(row.id))
        .map((i) => ({
          productId: String(i.product_id),
          productName: i.product_name,
          price: Number(i.price),
          quantity: Number(i.quantity),
          amount: Number(i.amount),
        }));
    }
  },
};
