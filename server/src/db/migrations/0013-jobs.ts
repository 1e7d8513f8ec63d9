import { type Kysely, sql } from 'kysely';
import { withAudit } from './0001-core.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * Scheduled jobs: one schedule row per job (per tenant for tenant jobs, tenant '' for platform
 * jobs) and one row per run. A run row is also the lease of the process running it: its key on
 * (job, scheduled time, cause) lets each due run be claimed once, and at most one run of a job is
 * 'running' at a time. Notices gain the flag the publishing job sets.
 */
export async function up(db: Db): Promise<void> {
  await withAudit(
    db.schema
      .createTable('blade_job')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('job_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('cron', 'varchar(120)', (c) => c.notNull())
      .addColumn('catch_up', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_run_at', 'timestamp', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('uk_job_name_tenant')
    .on('blade_job')
    .columns(['job_name', 'tenant_id'])
    .unique()
    .execute();
  await db.schema.createIndex('idx_job_due').on('blade_job').columns(['paused', 'next_run_at']).execute();

  await db.schema
    .createTable('blade_job_run')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('job_id', 'bigint', (c) => c.notNull())
    .addColumn('job_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('cause', 'varchar(16)', (c) => c.notNull())
    .addColumn('scheduled_at', 'timestamp', (c) => c.notNull())
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('started_at', 'timestamp', (c) => c.notNull())
    .addColumn('ended_at', 'timestamp')
    .addColumn('duration_ms', 'bigint')
    .addColumn('progress', 'integer')
    .addColumn('progress_text', 'varchar(255)')
    .addColumn('result', 'varchar(1000)')
    .addColumn('error', 'varchar(2000)')
    .addColumn('owner', 'varchar(128)')
    .addColumn('lease_until', 'timestamp')
    .addColumn('create_user', 'bigint')
    .execute();
  await db.schema
    .createIndex('uk_job_run_due')
    .on('blade_job_run')
    .columns(['job_id', 'scheduled_at', 'cause'])
    .unique()
    .execute();
  // At most one run of a job at a time, whichever process starts it.
  await db.schema
    .createIndex('uk_job_run_running')
    .on('blade_job_run')
    .column('job_id')
    .unique()
    .where(sql.ref('state'), '=', 'running')
    .execute();
  await db.schema
    .createIndex('idx_job_run_job_time')
    .on('blade_job_run')
    .columns(['job_id', 'started_at'])
    .execute();
  await db.schema
    .createIndex('idx_job_run_lease')
    .on('blade_job_run')
    .columns(['state', 'lease_until'])
    .execute();

  // A notice is shown and announced once published: at once, or by the job at its release time.
  await db.schema
    .alterTable('blade_notice')
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db
    .updateTable('blade_notice')
    .set({ published: 0 })
    .where('release_time', '>', new Date().toISOString().replace('T', ' ').replace('Z', ''))
    .execute();
  await db.schema
    .createIndex('idx_notice_tenant_published')
    .on('blade_notice')
    .columns(['tenant_id', 'published', 'release_time'])
    .execute();
}
