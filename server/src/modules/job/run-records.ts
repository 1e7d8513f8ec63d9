import type { Kysely, Selectable } from 'kysely';
import { nextId } from '../../core/ids.js';
import { dbTimeToDate, toDbTime } from '../../core/time.js';
import type { Database, JobTable } from '../../db/tables.js';
import type { JobText, RunCause } from './job-registry.js';
import { storedText, textOf } from './run-text.js';

export type JobRow = Selectable<JobTable>;

/** Progress is written at most this often (a job may report it in a tight loop). */
const PROGRESS_EVERY_MS = 500;

/** A run row to insert: `running` holds the lease from `now`; `skipped` is ended at once. */
export interface NewRun {
  job: JobRow;
  scheduledAt: string;
  cause: RunCause;
  now: Date;
  state: 'running' | 'skipped';
  result?: JobText;
  userId?: number;
}

/**
 * The run rows (`blade_job_run`) of one process: a running row is its lease, held by `owner`
 * and renewed while the job works; any process fails the rows whose lease ran out.
 */
export class RunRecords {
  private readonly progressWritten = new Map<number, number>();

  constructor(
    private readonly db: () => Kysely<Database>,
    private readonly owner: string,
    private readonly leaseMs: number,
  ) {}

  async insert(db: Kysely<Database>, run: NewRun): Promise<number> {
    const id = nextId();
    const running = run.state === 'running';
    await db
      .insertInto('blade_job_run')
      .values({
        id,
        tenant_id: run.job.tenant_id,
        job_id: run.job.id,
        job_name: run.job.job_name,
        cause: run.cause,
        scheduled_at: run.scheduledAt,
        state: run.state,
        started_at: toDbTime(run.now),
        ended_at: running ? null : toDbTime(run.now),
        duration_ms: running ? null : 0,
        progress: null,
        progress_text: null,
        result: storedText(run.result, 1000),
        error: null,
        owner: this.owner,
        lease_until: running ? toDbTime(new Date(run.now.getTime() + this.leaseMs)) : null,
        create_user: run.userId ?? null,
      })
      .execute();
    return id;
  }

  /** The id of the job's run in progress, if one is. */
  async running(db: Kysely<Database>, jobId: number): Promise<number | undefined> {
    const busy = await db
      .selectFrom('blade_job_run')
      .select('id')
      .where('job_id', '=', jobId)
      .where('state', '=', 'running')
      .executeTakeFirst();
    return busy?.id;
  }

  /** Marks runs whose process stopped renewing their lease as failed. */
  async reap(now = new Date()): Promise<number> {
    const db = this.db();
    const expired = await db
      .selectFrom('blade_job_run')
      .select(['id', 'started_at'])
      .where('state', '=', 'running')
      .where('lease_until', '<', toDbTime(now))
      .execute();
    for (const run of expired) {
      await db
        .updateTable('blade_job_run')
        .set({
          state: 'failed',
          ended_at: toDbTime(now),
          duration_ms: now.getTime() - dbTimeToDate(run.started_at).getTime(),
          error: storedText(textOf('jobRunLeaseExpired'), 2000),
          lease_until: null,
        })
        .where('id', '=', run.id)
        .where('state', '=', 'running')
        .where('lease_until', '<', toDbTime(now))
        .execute();
    }
    return expired.length;
  }

  async renew(runId: number): Promise<void> {
    await this.db()
      .updateTable('blade_job_run')
      .set({ lease_until: toDbTime(new Date(Date.now() + this.leaseMs)) })
      .where('id', '=', runId)
      .where('state', '=', 'running')
      .where('owner', '=', this.owner)
      .execute();
  }

  async progress(runId: number, percent: number, text?: string): Promise<void> {
    const now = Date.now();
    const bounded = Math.max(0, Math.min(100, Math.round(percent)));
    if (bounded < 100 && now - (this.progressWritten.get(runId) ?? 0) < PROGRESS_EVERY_MS) return;
    this.progressWritten.set(runId, now);
    await this.db()
      .updateTable('blade_job_run')
      .set({ progress: bounded, progress_text: text === undefined ? null : text.slice(0, 255) })
      .where('id', '=', runId)
      .where('state', '=', 'running')
      .execute();
  }

  /** Drops what was kept of a run that is over. */
  forget(runId: number): void {
    this.progressWritten.delete(runId);
  }

  /** Records a run's end; false when it was no longer this process's running run. */
  async end(
    runId: number,
    state: 'succeeded' | 'failed',
    outcome: { result?: JobText; error?: JobText },
  ): Promise<boolean> {
    const db = this.db();
    const run = await db
      .selectFrom('blade_job_run')
      .select(['started_at', 'progress'])
      .where('id', '=', runId)
      .executeTakeFirst();
    if (!run) return false;
    const now = new Date();
    const ended = await db
      .updateTable('blade_job_run')
      .set({
        state,
        ended_at: toDbTime(now),
        duration_ms: now.getTime() - dbTimeToDate(run.started_at).getTime(),
        result: storedText(outcome.result, 1000),
        error: storedText(outcome.error, 2000),
        progress: state === 'succeeded' && run.progress !== null ? 100 : run.progress,
        lease_until: null,
      })
      .where('id', '=', runId)
      .where('state', '=', 'running')
      .where('owner', '=', this.owner)
      .executeTakeFirst();
    return Number(ended.numUpdatedRows) === 1;
  }
}
