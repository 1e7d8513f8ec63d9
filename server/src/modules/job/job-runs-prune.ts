import { toDbTime } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import type { JobDefinition } from './job-registry.js';

/** Run history past its retention (days, 0: kept) and beyond the last `keep` runs of each job. */
export const pruneRunsJob = (
  data: DataAccess,
  options: { retentionDays: number; keep: number },
): JobDefinition => ({
  name: 'job.prune-runs',
  label: { zh: '任务记录清理', en: 'Job history pruning' },
  description: {
    zh: `删除超过保留期的任务运行记录，每个任务最多保留 ${options.keep} 条`,
    en: `Removes job runs past their retention; at most ${options.keep} are kept per job`,
  },
  schedule: '0 10 * * * *',
  perTenant: false,
  catchUp: false,
  async run({ progress }) {
    const db = data.unscoped();
    let removed = 0;
    if (options.retentionDays > 0) {
      const cutoff = toDbTime(new Date(Date.now() - options.retentionDays * 86_400_000));
      const old = await db
        .deleteFrom('blade_job_run')
        .where('started_at', '<', cutoff)
        .where('state', '!=', 'running')
        .executeTakeFirst();
      removed += Number(old.numDeletedRows);
    }
    const jobs = await db.selectFrom('blade_job').select('id').execute();
    for (const [index, job] of jobs.entries()) {
      // The start of the `keep`-th newest run: everything older goes.
      const edge = await db
        .selectFrom('blade_job_run')
        .select('started_at')
        .where('job_id', '=', job.id)
        .orderBy('started_at', 'desc')
        .limit(1)
        .offset(options.keep - 1)
        .executeTakeFirst();
      if (edge) {
        const beyond = await db
          .deleteFrom('blade_job_run')
          .where('job_id', '=', job.id)
          .where('started_at', '<', edge.started_at)
          .where('state', '!=', 'running')
          .executeTakeFirst();
        removed += Number(beyond.numDeletedRows);
      }
      await progress(((index + 1) / jobs.length) * 100);
    }
    return { zh: `删除 ${removed} 条运行记录`, en: `${removed} run(s) removed` };
  },
});
