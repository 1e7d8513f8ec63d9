import { dbTimeToDate, toWireTime } from '../../core/time.js';
import type { ResourceHooks } from '../../crud/hooks.js';

/**
 * Notices: published ones announced to their tenant once saved (their content is rich text,
 * sanitised on the way in like every rich-text field).
 */
export const noticeHooks: ResourceHooks = {
  async afterCommit(ctx, id) {
    const row = await ctx.db
      .selectFrom('blade_notice')
      .select(['title', 'category', 'release_time'])
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row?.release_time || dbTimeToDate(String(row.release_time)).getTime() > Date.now()) return;
    await ctx.services.notices.publish(ctx.auth.tenantId, {
      id: String(id),
      title: String(row.title),
      category: Number(row.category),
      releaseTime: toWireTime(String(row.release_time), ctx.services.config.timeZone),
    });
  },
};
