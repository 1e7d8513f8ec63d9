import type { Job, JobRun, JobRunState, Page } from '@blade/schema';
import type { Selectable } from 'kysely';
import { AppError } from '../../core/errors.js';
import { type AuthContext, isSuperAdmin } from '../../core/http.js';
import type { Language } from '../../core/messages.js';
import { toDbTime, toWireTime, utcNow } from '../../core/time.js';
import { pageOf } from '../../core/wire.js';
import type { DataAccess } from '../../db/database.js';
import type { JobRunTable } from '../../db/tables.js';
import type { JobRegistry, JobText } from './job-registry.js';
import type { JobRow } from './run-records.js';
import { Schedule } from './schedule.js';
import { PLATFORM } from './schedule-rows.js';
import type { Scheduler } from './scheduler.js';

/** A tenant's schedules run at most this often (the platform administrator's have no limit). */
const TENANT_MIN_GAP_MS = 60_000;
const PREVIEW_COUNT = 5;

type RunRow = Selectable<JobRunTable>;

const pick = (stored: string | null, lang: Language): string | null => {
  if (!stored) return null;
  try {
    const text = JSON.parse(stored) as Partial<JobText>;
    return text[lang] ?? text.zh ?? null;
  } catch {
    return stored;
  }
};

/**
 * The jobs screen's operations. A caller sees the schedules of its own tenant's jobs, and the
 * platform administrator also the platform jobs; any other id is "not found".
 */
export class JobService {
  constructor(
    private readonly data: DataAccess,
    private readonly registry: JobRegistry,
    private readonly scheduler: Scheduler,
    private readonly timeZone: string,
  ) {}

  /** The tenants whose schedule rows the caller sees ('' stands for the platform jobs). */
  private owners(auth: AuthContext): string[] {
    return isSuperAdmin(auth) ? [PLATFORM, auth.tenantId] : [auth.tenantId];
  }

  /** The visible, defined jobs (schedule rows are read across tenants, filtered to the caller's). */
  private rows(auth: AuthContext) {
    return this.data
      .unscoped()
      .selectFrom('blade_job')
      .where('tenant_id', 'in', this.owners(auth))
      .where('job_name', 'in', this.registry.names())
      .where('is_deleted', '=', 0);
  }

  async list(auth: AuthContext, lang: Language, page: { current: number; size: number }): Promise<Page<Job>> {
    // A tenant created a moment ago gets its schedules now, not at the next reconciliation.
    await this.scheduler.ensureRows([auth.tenantId], isSuperAdmin(auth));
    const total = Number(
      (
        await this.rows(auth)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirst()
      )?.n ?? 0,
    );
    const rows = await this.rows(auth)
      .selectAll()
      .orderBy('tenant_id')
      .orderBy('job_name')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    const last = await this.lastRuns(rows.map((r) => r.id));
    return pageOf(
      rows.map((row) => this.view(auth, row, last.get(row.id), lang)),
      total,
      page,
    );
  }

  async detail(auth: AuthContext, id: number, lang: Language): Promise<Job> {
    const row = await this.find(auth, id);
    return this.view(auth, row, (await this.lastRuns([row.id])).get(row.id), lang);
  }

  /** A visible job's schedule row, or 404. */
  async find(auth: AuthContext, id: number): Promise<JobRow> {
    const row = await this.rows(auth).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw new AppError(404, 'rowNotFound');
    return row;
  }

  /** The next five times of a schedule, checked as an edit of it would be. */
  preview(auth: AuthContext, cron: string): string[] {
    const schedule = this.checked(auth, cron);
    return schedule.upcoming(PREVIEW_COUNT, new Date()).map((d) => toWireTime(d, this.timeZone));
  }

  /** A schedule a person typed (parsed afresh: typed texts are not kept), within the tenant limit. */
  private checked(auth: AuthContext, cron: string) {
    const schedule = Schedule.parse(cron, this.timeZone);
    if (!isSuperAdmin(auth) && schedule.shortestGapMs(new Date()) < TENANT_MIN_GAP_MS)
      throw new AppError(400, 'jobScheduleTooOften');
    return schedule;
  }

  /** Changes the schedule (and the catch-up setting); the next run follows the new schedule. */
  async update(auth: AuthContext, id: number, input: { cron: string; catchUp?: boolean | undefined }) {
    const row = await this.find(auth, id);
    const schedule = this.checked(auth, input.cron);
    const next = schedule.next(new Date());
    await this.data
      .unscoped()
      .updateTable('blade_job')
      .set({
        cron: schedule.expression,
        ...(input.catchUp === undefined ? {} : { catch_up: input.catchUp ? 1 : 0 }),
        ...(next ? { next_run_at: toDbTime(next) } : {}),
        update_user: auth.userId,
        update_time: utcNow(),
      })
      .where('id', '=', row.id)
      .execute();
  }

  /** Pauses or resumes a job; resumed, it runs at its next scheduled time (paused times are not made up). */
  async setPaused(auth: AuthContext, id: number, paused: boolean): Promise<void> {
    const row = await this.find(auth, id);
    const next = this.scheduler.schedule(row.cron).next(new Date());
    await this.data
      .unscoped()
      .updateTable('blade_job')
      .set({
        paused: paused ? 1 : 0,
        ...(!paused && next ? { next_run_at: toDbTime(next) } : {}),
        update_user: auth.userId,
        update_time: utcNow(),
      })
      .where('id', '=', row.id)
      .execute();
  }

  async runNow(auth: AuthContext, id: number): Promise<{ runId: string }> {
    const row = await this.find(auth, id);
    return { runId: String(await this.scheduler.runNow(row, auth.userId)) };
  }

  /** A job's runs, newest first. */
  async runs(
    auth: AuthContext,
    jobId: number,
    lang: Language,
    page: { current: number; size: number },
  ): Promise<Page<JobRun>> {
    const job = await this.find(auth, jobId);
    const runs = this.data.unscoped().selectFrom('blade_job_run').where('job_id', '=', job.id);
    const total = Number(
      (await runs.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
    );
    const rows = await runs
      .selectAll()
      .orderBy('started_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute();
    return pageOf(
      rows.map((r) => this.runView(auth, r, lang)),
      total,
      page,
    );
  }

  /** The latest run of each job that was not skipped, in one query. */
  private async lastRuns(jobIds: number[]): Promise<Map<number, RunRow>> {
    if (jobIds.length === 0) return new Map();
    const db = this.data.unscoped();
    const rows = await db
      .selectFrom('blade_job_run')
      .selectAll()
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('blade_job_run')
          .select((s) => s.fn.max('id').as('id'))
          .where('job_id', 'in', jobIds)
          .where('state', '!=', 'skipped')
          .groupBy('job_id'),
      )
      .execute();
    return new Map(rows.map((r) => [r.job_id, r]));
  }

  private view(auth: AuthContext, row: JobRow, last: RunRow | undefined, lang: Language): Job {
    const definition = this.registry.get(row.job_name)!;
    const paused = row.paused === 1;
    let nextRuns: string[] = [];
    try {
      nextRuns = this.scheduler
        .schedule(row.cron)
        .upcoming(PREVIEW_COUNT, new Date())
        .map((d) => toWireTime(d, this.timeZone));
    } catch {
      // A schedule edited into something invalid outside the screen: shown, never run.
    }
    const lastRun = last ? this.runView(auth, last, lang) : null;
    return {
      id: String(row.id),
      name: row.job_name,
      label: definition.label[lang],
      description: definition.description[lang],
      platform: row.tenant_id === PLATFORM,
      cron: row.cron,
      defaultCron: definition.schedule,
      catchUp: row.catch_up === 1,
      paused,
      state: lastRun?.state === 'running' ? 'running' : paused ? 'paused' : 'waiting',
      nextRunTime: paused ? null : toWireTime(row.next_run_at, this.timeZone),
      nextRuns: paused ? [] : nextRuns,
      lastRun,
    };
  }

  private runView(auth: AuthContext, row: RunRow, lang: Language): JobRun {
    const tz = this.timeZone;
    return {
      id: String(row.id),
      cause: row.cause as JobRun['cause'],
      scheduledTime: toWireTime(row.scheduled_at, tz),
      startTime: toWireTime(row.started_at, tz),
      endTime: row.ended_at ? toWireTime(row.ended_at, tz) : null,
      durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
      state: row.state as JobRunState,
      progress: row.progress === null ? null : Number(row.progress),
      progressText: row.progress_text,
      result: pick(row.result, lang),
      error: pick(row.error, lang),
      ...(isSuperAdmin(auth) ? { server: row.owner } : {}),
    };
  }
}
