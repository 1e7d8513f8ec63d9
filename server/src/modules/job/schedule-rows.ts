import type { Kysely } from 'kysely';
import { nextId } from '../../core/ids.js';
import { toDbTime } from '../../core/time.js';
import { created, SERVER } from '../../db/audit.js';
import { skippingTaken } from '../../db/dialects/insert-ignoring.js';
import type { Database } from '../../db/tables.js';
import type { JobRegistry } from './job-registry.js';
import type { Schedule } from './schedule.js';

/** Tenant id of a platform job's schedule row. */
export const PLATFORM = '';

/** Keeps the schedule rows (`blade_job`) in step with the defined jobs and the tenants. */
export class ScheduleRows {
  constructor(
    private readonly db: () => Kysely<Database>,
    private readonly registry: JobRegistry,
    private readonly scheduleOf: (cron: string) => Schedule,
  ) {}

  /**
   * Makes the schedule rows match the defined jobs: one per platform job, one per tenant and
   * tenant job; rows of removed tenants are retired (and revived if the tenant returns). Edited
   * schedules are kept.
   */
  async sync(now = new Date()): Promise<void> {
    const db = this.db();
    const tenants = (
      await db.selectFrom('blade_tenant').select('tenant_id').where('is_deleted', '=', 0).execute()
    ).map((t) => t.tenant_id);
    await this.ensure(tenants, true, now);
    const perTenant = this.registry
      .all()
      .filter((j) => j.perTenant)
      .map((j) => j.name);
    const rows = await db
      .selectFrom('blade_job')
      .select(['id', 'tenant_id', 'is_deleted'])
      .where('job_name', 'in', perTenant)
      .execute();
    const live = new Set(tenants);
    const retire = rows.filter((r) => r.is_deleted === 0 && !live.has(r.tenant_id)).map((r) => r.id);
    const revive = rows.filter((r) => r.is_deleted === 1 && live.has(r.tenant_id)).map((r) => r.id);
    for (const [ids, deleted] of [
      [retire, 1],
      [revive, 0],
    ] as const)
      if (ids.length)
        await db
          .updateTable('blade_job')
          .set({ is_deleted: deleted, update_time: toDbTime(now) })
          .where('id', 'in', ids)
          .execute();
  }

  /** Adds the missing schedule rows of these tenants' jobs, and of the platform jobs with `platform`. */
  async ensure(tenants: readonly string[], platform: boolean, now = new Date()): Promise<void> {
    const db = this.db();
    const jobs = this.registry.all();
    const owners = platform ? [PLATFORM, ...tenants] : [...tenants];
    if (jobs.length === 0 || owners.length === 0) return;
    const rows = await db
      .selectFrom('blade_job')
      .select(['job_name', 'tenant_id'])
      .where(
        'job_name',
        'in',
        jobs.map((j) => j.name),
      )
      .where('tenant_id', 'in', owners)
      .execute();
    const have = new Set(rows.map((r) => `${r.job_name}\u0000${r.tenant_id}`));
    const stamp = toDbTime(now);
    const fresh = [];
    for (const job of jobs) {
      for (const tenantId of job.perTenant ? tenants : platform ? [PLATFORM] : []) {
        if (have.has(`${job.name}\u0000${tenantId}`)) continue;
        fresh.push({
          id: nextId(),
          tenant_id: tenantId,
          job_name: job.name,
          cron: job.schedule,
          catch_up: job.catchUp ? 1 : 0,
          paused: 0,
          next_run_at: toDbTime(this.scheduleOf(job.schedule).next(now) ?? now),
          ...created(SERVER, stamp),
        });
      }
    }
    for (let i = 0; i < fresh.length; i += 200)
      await skippingTaken(db, db.insertInto('blade_job').values(fresh.slice(i, i + 200)), (oc) =>
        oc.columns(['job_name', 'tenant_id']).doNothing(),
      ).execute();
  }
}
