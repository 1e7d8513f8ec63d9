import { randomInt } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { AppError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { parseJsonText } from '../../core/json-depth.js';
import { utcNow } from '../../core/time.js';
import { parse } from '../../core/validate.js';
import type { ResourceContext, ResourceHooks } from '../../crud/hooks.js';
import type { DynamicRow } from '../../db/dynamic-db.js';
import type { Database } from '../../db/tables.js';
import {
  applyTransition,
  type OrderTransition,
  PayStatus,
  ShipStatus,
  transitionBetween,
} from './order-status.js';

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

/** Refusals of the lines name the form's field, so the form shows them at 商品明细. */
function atLines(error: unknown): never {
  if (error instanceof AppError)
    throw new AppError(error.status, error.key, error.params, { ...error.extra, field: 'items' });
  throw error;
}

function parseLines(ctx: ResourceContext, raw: unknown) {
  try {
    return readLines(ctx, raw);
  } catch (error) {
    atLines(error);
  }
}

function readLines(ctx: ResourceContext, raw: unknown) {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = parseJsonText(raw);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(400, 'invalidField', {
        field: 'items',
        reason: 'must be a JSON list of { productId, quantity }',
      });
    }
  }
  const required = ctx.resource.fields.find((f) => f.name === 'items')?.required;
  if (Array.isArray(value) && value.length === 0 && required)
    throw new AppError(400, 'declared', { text: required[ctx.lang] });
  const parsed = parse(z.object({ items: lines }), { items: value }).items;
  const merged = new Map<number, number>();
  for (const l of parsed) merged.set(l.productId, (merged.get(l.productId) ?? 0) + l.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * An edit's status changes as moves of the order state machine (order-status.ts), made in the
 * edit's transaction: payment first, then shipping (paying and shipping in one edit works).
 * Repeated or backward changes are refused; an unchanged status is no move at all.
 */
async function moveStatuses(ctx: ResourceContext, values: DynamicRow, id: number): Promise<void> {
  const before = await ctx.db
    .selectFrom('mall_order')
    .select(['pay_status', 'ship_status'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const moves: OrderTransition[] = [];
  for (const column of ['pay_status', 'ship_status'] as const) {
    const next = values[column];
    delete values[column];
    if (next === undefined || Number(next) === Number(before[column])) continue;
    moves.push(transitionBetween(column, Number(before[column]), Number(next), ctx.lang));
  }
  const db = ctx.db as unknown as Kysely<Database>;
  for (const move of moves) await applyTransition(db, id, move, { userId: ctx.auth.userId, lang: ctx.lang });
}

/**
 * Orders: lines priced from the products at the time of ordering (amounts sent by a client are
 * ignored), stock taken in the same transaction and never below zero; the lines field is not
 * writable on update, so lines stay as placed. A new order is unpaid or paid and not yet
 * shipped; afterwards its statuses move only as the state machine allows.
 */
export const orderHooks: ResourceHooks = {
  async beforeWrite(ctx, values, mode, id) {
    for (const column of ['total_amount', 'pay_amount', 'pay_time', 'order_no']) delete values[column];
    if (mode !== 'add') return moveStatuses(ctx, values, id);
    const pay = Number(values.pay_status ?? PayStatus.unpaid);
    if (pay !== PayStatus.unpaid && pay !== PayStatus.paid) throw new AppError(400, 'orderNewStatus');
    if (Number(values.ship_status ?? ShipStatus.waiting) !== ShipStatus.waiting)
      throw new AppError(400, 'orderNewStatus');
    const wanted = parseLines(ctx, values.items);
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
  async beforeRemove(ctx, ids, mode) {
    // Closed when it was removed: purging it gives nothing back again.
    if (mode === 'purge') return;
    // An unpaid order removed is closed first, so its stock goes back once (a close racing with
    // the removal finds it closed already).
    const unpaid = await ctx.db
      .selectFrom('mall_order')
      .select('id')
      .where('id', 'in', ids)
      .where('pay_status', '=', PayStatus.unpaid)
      .execute();
    const db = ctx.db as unknown as Kysely<Database>;
    for (const row of unpaid)
      await applyTransition(db, Number(row.id), 'close', { userId: ctx.auth.userId, lang: ctx.lang });
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
