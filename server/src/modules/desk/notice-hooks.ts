import { dbTimeToDate, toWireTime } from '../../core/time.js';
import type { HooksByResource, ResourceHooks } from '../../crud/hooks.js';
import type { Services } from '../../services.js';
import type { NoticeEvent } from './notice-bus.js';

/** What browsers are told of a published notice. */
export const noticeEvent = (
  id: number,
  row: { title: string; category: number; release_time: string | null },
  timeZone: string,
): NoticeEvent => ({
  id: String(id),
  title: String(row.title),
  category: Number(row.category),
  releaseTime: row.release_time ? toWireTime(String(row.release_time), timeZone) : '',
});

/** What the notice hooks use: the bus a published notice is announced on, the time zone it is told in. */
type NoticeServices = Pick<Services, 'notices' | 'config'>;

/**
 * Notices (their content is rich text, sanitised on the way in like every rich-text field): one
 * dated now or earlier is published at once and announced to its tenant once saved; one dated
 * ahead waits for the desk.publish-notices job.
 */
export const noticeHooks: ResourceHooks<NoticeServices> = {
  beforeWrite(_ctx, values) {
    if (typeof values.release_time === 'string')
      values.published = dbTimeToDate(values.release_time).getTime() <= Date.now() ? 1 : 0;
  },
  async afterCommit(ctx, id) {
    const row = await ctx.db
      .selectFrom('blade_notice')
      .select(['title', 'category', 'release_time', 'published'])
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row || Number(row.published) !== 1) return;
    await ctx.services.notices.publish(
      ctx.auth.tenantId,
      noticeEvent(
        id,
        {
          title: String(row.title),
          category: Number(row.category),
          release_time: row.release_time === null ? null : String(row.release_time),
        },
        ctx.services.config.timeZone,
      ),
    );
  },
};

/** The hooks the desk module attaches to its resources (collected in modules/hooks.ts). */
export const deskModuleHooks: HooksByResource<NoticeServices> = { notice: noticeHooks };
