import type { DataAccess } from '../../db/database.js';
import { dynamic } from '../../db/dynamic-db.js';
import type { DataSources } from '../develop/data-sources.js';
import type { JobDefinition } from '../job/job-registry.js';
import { prune } from './history-store.js';

/** Rows one statement removes: short statements keep the history table writable meanwhile. */
const BATCH = 5000;

/**
 * Change history past its retention (days; 0 keeps it) is removed, in the built-in database and
 * in every data source a tenant's business rows are bound to.
 */
export const pruneHistoryJob = (data: DataAccess, dataSources: DataSources, days: number): JobDefinition => ({
  name: 'log.prune-history',
  label: { zh: '数据变更清理', en: 'Change history pruning' },
  description: {
    zh: `删除超过 ${days} 天的数据变更记录（0 为永久保留）`,
    en: `Removes change history older than ${days} days (0 keeps it)`,
  },
  schedule: '0 40 3 * * *',
  perTenant: false,
  catchUp: true,
  async run({ progress }) {
    if (days <= 0) return { zh: '保留期为 0，未删除', en: 'Retention is 0: nothing removed' };
    const bound = await data
      .unscoped()
      .selectFrom('blade_tenant')
      .select('datasource_id')
      .distinct()
      .where('datasource_id', 'is not', null)
      .execute();
    const stores = [data, ...(await Promise.all(bound.map((t) => dataSources.prepared(t.datasource_id))))];
    let removed = 0;
    for (const [index, store] of [...new Set(stores)].entries()) {
      removed += await prune(dynamic(store.unscoped()), days, BATCH);
      await progress(((index + 1) / stores.length) * 100);
    }
    return { zh: `删除 ${removed} 条数据变更记录`, en: `${removed} change record(s) removed` };
  },
});
