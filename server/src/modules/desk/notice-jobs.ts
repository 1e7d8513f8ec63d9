import { utcNow } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import type { JobDefinition } from '../job/job-registry.js';
import type { NoticeBus } from './notice-bus.js';
import { noticeEvent } from './notice-hooks.js';

/** Notices one run publishes at most. */
const BATCH = 200;

/**
 * Each tenant's notices dated ahead are published when their time comes: marked published (once,
 * by a conditional statement) and announced to the tenant's signed-in browsers.
 */
export const publishNoticesJob = (data: DataAccess, bus: NoticeBus, timeZone: string): JobDefinition => ({
  name: 'desk.publish-notices',
  label: { zh: '定时发布通知', en: 'Publish scheduled notices' },
  description: {
    zh: '通知日期到达时发布通知并推送给在线用户',
    en: 'Publishes notices when their release time comes and announces them to signed-in users',
  },
  schedule: '0 * * * * *',
  perTenant: true,
  catchUp: true,
  async run({ tenantId }) {
    const tenant = tenantId!;
    const db = data.forTenant(tenant);
    const due = await db
      .selectFrom('blade_notice')
      .select(['id', 'title', 'category', 'release_time'])
      .where('published', '=', 0)
      .where('is_deleted', '=', 0)
      .where('release_time', '<=', utcNow())
      .orderBy('release_time')
      .limit(BATCH)
      .execute();
    let published = 0;
    for (const notice of due) {
      const changed = await db
        .updateTable('blade_notice')
        .set({ published: 1 })
        .where('id', '=', notice.id)
        .where('published', '=', 0)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) continue;
      published++;
      await bus.publish(tenant, noticeEvent(notice.id, notice, timeZone));
    }
    return published ? { zh: `发布 ${published} 条通知`, en: `${published} notice(s) published` } : undefined;
  },
});
