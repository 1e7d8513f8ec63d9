import { AppError } from '../../core/errors.js';
import type { ResourceHooks } from '../../crud/hooks.js';
import { PayStatus } from './order-status.js';

/**
 * Products. Orders take stock with a statement of their own (order-hooks.ts), which is no recorded
 * change of the product: a version's stock counts units that may have been sold since. Putting an
 * old stock back would offer those units again, so a restore (or undo) that sets the stock is
 * refused once any order placed after that version still holds some of it (closed and refunded
 * orders gave theirs back). "After" compares ids: the history row's and the order's come from the
 * same time-ordered generator. The operator restores the other fields by undoing their changes,
 * or sets the stock directly.
 */
export const productHooks: ResourceHooks = {
  async checkRestore(ctx, rowId, values, version) {
    if (!('stock' in values)) return;
    const sold = await ctx.db
      .selectFrom('mall_order_item as i')
      .innerJoin('mall_order as o', 'o.id', 'i.order_id')
      .select((eb) => eb.fn.sum<number>('i.quantity').as('quantity'))
      .where('i.product_id', '=', rowId)
      .where('o.id', '>', version)
      .where('o.pay_status', 'not in', [PayStatus.closed, PayStatus.refunded])
      .executeTakeFirst();
    const quantity = Number(sold?.quantity ?? 0);
    if (quantity <= 0) return;
    const product = await ctx.db
      .selectFrom('mall_product')
      .select('name')
      .where('id', '=', rowId)
      .executeTakeFirst();
    throw new AppError(409, 'restoreStockSold', { name: String(product?.name ?? rowId), sold: quantity });
  },
};
