import { toDbTime } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import { deleteBefore } from '../../db/delete-before.js';
import { dynamic } from '../../db/dynamic-db.js';
import type { JobDefinition } from '../job/job-registry.js';

/** Rows one statement removes: short statements keep the log tables writable meanwhile. */
const BATCH = 5000;

const TABLES = [
  ['blade_log_api', 'api'],
  ['blade_log_usual', 'usual'],
  ['blade_log_error', 'error'],
  ['blade_log_login', 'login'],
] as const;

export type LogRetention = Record<(typeof TABLES)[number][1], number>;

/**
 * API, usual, error and sign-in log rows past their retention (days; 0 keeps them) are removed, tenant by
 * tenant (each tenant's rows are indexed by time) in batches.
 */
export const pruneLogsJob = (data: DataAccess, days: LogRetention): JobDefinition => ({
  name: 'log.prune',
  label: { zh: '日志清理', en: 'Log pruning' },
  description: {
    zh: `删除超过保留期的日志：接口日志 ${days.api} 天，通用日志 ${days.usual} 天，错误日志 ${days.error} 天，登录日志 ${days.login} 天（0 为永久保留）`,
    en: `Removes log rows past their retention: API ${days.api} days, usual ${days.usual}, error ${days.error}, sign-in ${days.login} (0 keeps them)`,
  },
  schedule: '0 30 3 * * *',
  perTenant: false,
  catchUp: true,
  async run({ progress, signal }) {
    const tenants = (await data.unscoped().selectFrom('blade_tenant').select('tenant_id').execute()).map(
      (t) => t.tenant_id,
    );
    const removed: Record<string, number> = { api: 0, usual: 0, error: 0, login: 0 };
    const tables = TABLES.filter(([, kind]) => days[kind] > 0);
    let step = 0;
    for (const [table, kind] of tables) {
      const cutoff = toDbTime(new Date(Date.now() - days[kind] * 86_400_000));
      for (const tenantId of tenants) {
        const db = dynamic(data.forTenant(tenantId));
        for (let more = true; more && !signal.aborted; ) {
          const count = await deleteBefore(db, table, cutoff, BATCH);
          removed[kind]! += count;
          more = count === BATCH;
        }
        await progress((++step / (tables.length * tenants.length)) * 100, `${table} ${tenantId}`);
      }
    }
    return {
      zh: `删除接口日志 ${removed.api} 条、通用日志 ${removed.usual} 条、错误日志 ${removed.error} 条、登录日志 ${removed.login} 条`,
      en: `Removed ${removed.api} API, ${removed.usual} usual, ${removed.error} error and ${removed.login} sign-in log row(s)`,
    };
  },
});
