import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely, Selectable } from 'kysely';
import { AppError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { type MessageKey, translate } from '../../core/messages.js';
import { dbTimeToDate, toDbTime } from '../../core/time.js';
import { created, SERVER } from '../../db/audit.js';
import type { DataAccess } from '../../db/database.js';
import type { Database, JobTable } from '../../db/tables.js';
import type { JobContext, JobDefinition, JobRegistry, JobText, RunCause } from './job-registry.js';
import { Schedule } from './schedule.js';

/** Tenant id of a platform job's schedule row. */
export const PLATFORM = '';

/** How often the schedule rows are reconciled with the defined jobs and the tenants. */
const SYNC_EVERY_MS = 60_000;
/** Progress is written at most this often (a job may report it in a tight loop). */
const PROGRESS_EVERY_MS = 500;
/** A due run later than this was missed: no process was up (or none could reach the database). */
const MISSED_AFTER_MS = 30_000;

export type JobRow = Selectable<JobTable>;

export interface SchedulerOptions {
  /** Off: this process runs no scheduled job (others on the same database do). */
  enabled: boolean;
  /** How often this process looks for due runs. */
  tickMs: number;
  /** How long a run's lease lasts without a heartbeat (the heartbeat renews it every third). */
  leaseMs: number;
  /** Runs this process executes at once. */
  concurrency: number;
  /** Zone schedules are read in. */
  timeZone: string;
}

interface Logger {
  error(object: unknown, message?: string): void;
  warn(object: unknown, message?: string): void;
}

interface Running {
  controller: AbortController;
  done: Promise<void>;
}

/** Both languages of a message, as run rows keep them (the screen shows the viewer's). */
export const textOf = (key: MessageKey, params: Record<string, string | number> = {}): JobText => ({
  zh: translate(key, 'zh', params),
  en: translate(key, 'en', params),
});

const stored = (text: JobText | undefined, max: number): string | null => {
  if (!text) return null;
  const cut = (s: string) => (s.length > max / 3 ? `${s.slice(0, max / 3 - 1)}…` : s);
  return JSON.stringify({ zh: cut(text.zh), en: cut(text.en) });
};

/** Runs started by hand a job may have within MANUAL_WINDOW_MS. */
const MANUAL_RUNS_PER_MINUTE = 10;
const MANUAL_WINDOW_MS = 60_000;

/** What a failed run keeps of its error: the message (in both languages when it is ours). */
function errorText(error: unknown): JobText {
  if (error instanceof AppError) return textOf(error.key, error.params);
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { zh: message, en: message };
}

/** A unique index refused the row (PostgreSQL 23505, SQLite SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Runs the defined jobs on their schedules, in every process, with each due run happening once.
 *
 * The database decides who runs what: a process claims a due run by moving the job's next time on
 * with a compare-and-set update and, in the same transaction, inserting the run row (unique per job
 * and scheduled time). That row is the run's lease: the process renews it while the job works,
 * and any process marks a run whose lease ran out (its process died) as failed. The next run does
 * not wait for it, and a run missed while every process was down runs once when one is back, or is
 * skipped, as the job's schedule says.
 */
export class Scheduler {
  /** Names this process in the runs it holds. */
  readonly owner = `${hostname().slice(0, 80)}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<number, Running>();
  private readonly schedules = new Map<string, Schedule>();
  private readonly reported = new Set<string>();
  private readonly progressWritten = new Map<number, number>();
  /** Jobs a run-now request of this process is starting. */
  private readonly startingByHand = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private started = false;
  private stopped = false;
  private lastSync = 0;
  private failing = false;
  /** The last look left due runs for want of a free slot: look again as soon as one frees. */
  private saturated = false;

  constructor(
    private readonly data: DataAccess,
    private readonly registry: JobRegistry,
    private readonly options: SchedulerOptions,
    private log: Logger,
  ) {}

  /** Logs through the app's logger once there is one. */
  logTo(log: Logger): void {
    this.log = log;
  }

  private get db(): Kysely<Database> {
    return this.data.unscoped();
  }

  /** The schedule of a stored cron text, parsed once (the few distinct ones the rows hold). */
  schedule(cron: string): Schedule {
    let schedule = this.schedules.get(cron);
    if (!schedule) {
      schedule = Schedule.parse(cron, this.options.timeZone);
      if (this.schedules.size >= 1000) this.schedules.clear();
      this.schedules.set(cron, schedule);
    }
    return schedule;
  }

  /** Starts looking for due runs (no-op when this process runs no jobs). */
  start(): void {
    if (!this.options.enabled || this.started) return;
    this.started = true;
    this.plan(0);
  }

  /**
   * Stops claiming runs, lets the runs in progress end within `drainMs`, and marks the ones that
   * did not as failed, so no lease is left to expire.
   */
  async stop(drainMs = 10_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.ticking;
    if (this.running.size === 0) return;
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.running.values()].map((r) => r.done)),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, drainMs);
      }),
    ]);
    clearTimeout(timeout);
    for (const [id, run] of this.running) {
      run.controller.abort();
      await this.end(id, 'failed', { error: textOf('jobRunServerStopped') }).catch((error) =>
        this.log.error({ err: error }, `job run ${id} could not be marked failed`),
      );
    }
  }

  /** The next look in `delayMs`: just after a second turns (when cron runs fall due), spread a little per process. */
  private plan(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick()
        .catch((error: unknown) => {
          if (!this.failing) this.log.error({ err: error }, 'job scheduler: looking for due runs failed');
          this.failing = true;
        })
        .finally(() => {
          this.ticking = undefined;
          const now = Date.now();
          const every = this.options.tickMs;
          const jitter = 5 + Math.floor(Math.random() * 40);
          // Whole-second steps land just after the second turns; shorter ones (tests) as they are.
          this.plan(every >= 1000 ? Math.floor((now + every) / 1000) * 1000 - now + jitter : every);
        });
    }, delayMs);
    this.timer.unref();
  }

  /** One look for due runs: expired leases first, the schedule rows now and then, then the due jobs. */
  async tick(now = new Date()): Promise<void> {
    await this.reap(now);
    if (now.getTime() - this.lastSync >= SYNC_EVERY_MS) {
      await this.sync(now);
      this.lastSync = now.getTime();
    }
    this.failing = false;
    const free = this.options.concurrency - this.running.size;
    if (free <= 0) return;
    const due = await this.db
      .selectFrom('blade_job')
      .selectAll()
      .where('paused', '=', 0)
      .where('is_deleted', '=', 0)
      .where('next_run_at', '<=', toDbTime(now))
      .where('job_name', 'in', this.registry.names())
      .orderBy('next_run_at')
      .limit(free * 4)
      .execute();
    this.saturated = false;
    for (const row of due) {
      if (this.stopped) break;
      if (this.running.size >= this.options.concurrency) {
        this.saturated = true;
        break;
      }
      try {
        await this.claim(row, now);
      } catch (error) {
        // Another process started a run of it at the same moment: the next look sorts it out.
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }

  /**
   * Makes the schedule rows match the defined jobs: one per platform job, one per tenant and
   * tenant job; rows of removed tenants are retired (and revived if the tenant returns). Edited
   * schedules are kept.
   */
  async sync(now = new Date()): Promise<void> {
    const tenants = (
      await this.db.selectFrom('blade_tenant').select('tenant_id').where('is_deleted', '=', 0).execute()
    ).map((t) => t.tenant_id);
    await this.ensureRows(tenants, true, now);
    const perTenant = this.registry
      .all()
      .filter((j) => j.perTenant)
      .map((j) => j.name);
    const rows = await this.db
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
        await this.db
          .updateTable('blade_job')
          .set({ is_deleted: deleted, update_time: toDbTime(now) })
          .where('id', 'in', ids)
          .execute();
  }

  /** Adds the missing schedule rows of these tenants' jobs, and of the platform jobs with `platform`. */
  async ensureRows(tenants: readonly string[], platform: boolean, now = new Date()): Promise<void> {
    const jobs = this.registry.all();
    const owners = platform ? [PLATFORM, ...tenants] : [...tenants];
    if (jobs.length === 0 || owners.length === 0) return;
    const rows = await this.db
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
          next_run_at: toDbTime(this.schedule(job.schedule).next(now) ?? now),
          ...created(SERVER, stamp),
        });
      }
    }
    for (let i = 0; i < fresh.length; i += 200)
      await this.db
        .insertInto('blade_job')
        .values(fresh.slice(i, i + 200))
        .onConflict((oc) => oc.columns(['job_name', 'tenant_id']).doNothing())
        .execute();
  }

  /** Marks runs whose process stopped renewing their lease as failed. */
  async reap(now = new Date()): Promise<number> {
    const expired = await this.db
      .selectFrom('blade_job_run')
      .select(['id', 'started_at'])
      .where('state', '=', 'running')
      .where('lease_until', '<', toDbTime(now))
      .execute();
    for (const run of expired) {
      await this.db
        .updateTable('blade_job_run')
        .set({
          state: 'failed',
          ended_at: toDbTime(now),
          duration_ms: now.getTime() - dbTimeToDate(run.started_at).getTime(),
          error: stored(textOf('jobRunLeaseExpired'), 2000),
          lease_until: null,
        })
        .where('id', '=', run.id)
        .where('state', '=', 'running')
        .where('lease_until', '<', toDbTime(now))
        .execute();
    }
    return expired.length;
  }

  /** Claims one due run of a job (once across every process) and starts it, or records the skip. */
  private async claim(row: JobRow, now: Date): Promise<void> {
    const definition = this.registry.get(row.job_name);
    if (!definition) return;
    let schedule: Schedule;
    try {
      schedule = this.schedule(row.cron);
    } catch (error) {
      const key = `${row.id}:${row.cron}`;
      if (!this.reported.has(key))
        this.log.error({ err: error }, `job ${row.job_name}: schedule is not valid`);
      this.reported.add(key);
      return;
    }
    const due = dbTimeToDate(row.next_run_at);
    const missed = now.getTime() - due.getTime() > Math.max(MISSED_AFTER_MS, 3 * this.options.tickMs);
    // While processes are up every scheduled time comes in turn; after a gap, the next one from now.
    const next = (missed ? schedule.next(now) : schedule.next(due)) ?? new Date(8.64e15);
    const cause: RunCause = missed ? 'catch-up' : 'schedule';
    const started = await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('blade_job')
        .set({ next_run_at: toDbTime(next) })
        .where('id', '=', row.id)
        .where('next_run_at', '=', row.next_run_at)
        .where('paused', '=', 0)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return undefined;
      const base = { job: row, scheduledAt: row.next_run_at, cause, now };
      if (missed && row.catch_up !== 1) {
        await this.insertRun(trx, { ...base, state: 'skipped', result: textOf('jobRunMissed') });
        return undefined;
      }
      const busy = await trx
        .selectFrom('blade_job_run')
        .select('id')
        .where('job_id', '=', row.id)
        .where('state', '=', 'running')
        .executeTakeFirst();
      // A time that falls due while the previous run is going passes without a run (and without a
      // row: a frequent job with a long run would fill its history with them).
      if (busy) return undefined;
      return this.insertRun(trx, { ...base, state: 'running' });
    });
    if (started) this.execute(definition, row, started, due, cause);
  }

  /**
   * Starts a run at once, whatever the schedule (run now): 409 while one is going or being
   * started, 429 after MANUAL_RUNS_PER_MINUTE runs by hand in the last minute (a quick job could
   * otherwise be run back to back as fast as requests come).
   */
  async runNow(row: JobRow, userId: number): Promise<number> {
    const definition = this.registry.get(row.job_name);
    if (!definition) throw new AppError(404, 'rowNotFound');
    // Requests of this process wait for none of the reads below: the first one holds the job.
    if (this.startingByHand.has(row.id)) throw new AppError(409, 'jobRunning');
    this.startingByHand.add(row.id);
    try {
      const now = new Date();
      const busy = await this.db
        .selectFrom('blade_job_run')
        .select('id')
        .where('job_id', '=', row.id)
        .where('state', '=', 'running')
        .executeTakeFirst();
      if (busy) throw new AppError(409, 'jobRunning');
      const recent = await this.db
        .selectFrom('blade_job_run')
        .select('started_at')
        .where('job_id', '=', row.id)
        .where('cause', '=', 'manual')
        .where('started_at', '>', toDbTime(new Date(now.getTime() - MANUAL_WINDOW_MS)))
        .orderBy('started_at', 'desc')
        .limit(MANUAL_RUNS_PER_MINUTE)
        .execute();
      if (recent.length >= MANUAL_RUNS_PER_MINUTE) {
        const frees = dbTimeToDate(recent.at(-1)!.started_at).getTime() + MANUAL_WINDOW_MS;
        const seconds = Math.max(1, Math.ceil((frees - now.getTime()) / 1000));
        throw new AppError(429, 'jobRunTooOften', { limit: MANUAL_RUNS_PER_MINUTE, seconds });
      }
      let id: number;
      try {
        id = await this.insertRun(this.db, {
          job: row,
          scheduledAt: toDbTime(now),
          cause: 'manual',
          now,
          state: 'running',
          userId,
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError(409, 'jobRunning');
        throw error;
      }
      this.execute(definition, row, id, now, 'manual');
      return id;
    } finally {
      this.startingByHand.delete(row.id);
    }
  }

  private async insertRun(
    db: Kysely<Database>,
    run: {
      job: JobRow;
      scheduledAt: string;
      cause: RunCause;
      now: Date;
      state: 'running' | 'skipped';
      result?: JobText;
      userId?: number;
    },
  ): Promise<number> {
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
        result: stored(run.result, 1000),
        error: null,
        owner: this.owner,
        lease_until: running ? toDbTime(new Date(run.now.getTime() + this.options.leaseMs)) : null,
        create_user: run.userId ?? null,
      })
      .execute();
    return id;
  }

  /** Runs the job's work, renewing the lease while it lasts, and records how it ended. */
  private execute(definition: JobDefinition, row: JobRow, runId: number, scheduledAt: Date, cause: RunCause) {
    const controller = new AbortController();
    const heartbeat = setInterval(
      () =>
        void this.renew(runId).catch((error: unknown) =>
          this.log.warn({ err: error }, `job run ${runId}: renewing its lease failed`),
        ),
      Math.max(200, Math.floor(this.options.leaseMs / 3)),
    );
    heartbeat.unref();
    const context: JobContext = {
      tenantId: row.tenant_id === PLATFORM ? undefined : row.tenant_id,
      scheduledAt,
      cause,
      signal: controller.signal,
      progress: (percent, text) => this.progress(runId, percent, text),
    };
    const done = (async () => {
      let outcome: { state: 'succeeded' | 'failed'; result?: JobText; error?: JobText };
      try {
        outcome = { state: 'succeeded', result: await definition.run(context) };
      } catch (error) {
        this.log.error({ err: error }, `job ${row.job_name} (${row.tenant_id || 'platform'}) failed`);
        outcome = { state: 'failed', error: errorText(error) };
      } finally {
        clearInterval(heartbeat);
      }
      if (controller.signal.aborted) return;
      const ended = await this.end(runId, outcome.state, outcome);
      if (!ended)
        this.log.warn(
          {},
          `job run ${runId} of ${row.job_name} ended after another process had marked it failed (its lease ran out)`,
        );
    })()
      .catch((error: unknown) => this.log.error({ err: error }, `job run ${runId}: recording its end failed`))
      .finally(() => {
        this.running.delete(runId);
        this.progressWritten.delete(runId);
        if (this.saturated && this.started && !this.stopped && !this.ticking) {
          this.saturated = false;
          if (this.timer) clearTimeout(this.timer);
          this.plan(0);
        }
      });
    this.running.set(runId, { controller, done });
  }

  private async renew(runId: number): Promise<void> {
    await this.db
      .updateTable('blade_job_run')
      .set({ lease_until: toDbTime(new Date(Date.now() + this.options.leaseMs)) })
      .where('id', '=', runId)
      .where('state', '=', 'running')
      .where('owner', '=', this.owner)
      .execute();
  }

  private async progress(runId: number, percent: number, text?: string): Promise<void> {
    const now = Date.now();
    const bounded = Math.max(0, Math.min(100, Math.round(percent)));
    if (bounded < 100 && now - (this.progressWritten.get(runId) ?? 0) < PROGRESS_EVERY_MS) return;
    this.progressWritten.set(runId, now);
    await this.db
      .updateTable('blade_job_run')
      .set({ progress: bounded, progress_text: text === undefined ? null : text.slice(0, 255) })
      .where('id', '=', runId)
      .where('state', '=', 'running')
      .execute();
  }

  /** Records a run's end; false when it was no longer this process's running run. */
  private async end(
    runId: number,
    state: 'succeeded' | 'failed',
    outcome: { result?: JobText; error?: JobText },
  ): Promise<boolean> {
    const run = await this.db
      .selectFrom('blade_job_run')
      .select(['started_at', 'progress'])
      .where('id', '=', runId)
      .executeTakeFirst();
    if (!run) return false;
    const now = new Date();
    const ended = await this.db
      .updateTable('blade_job_run')
      .set({
        state,
        ended_at: toDbTime(now),
        duration_ms: now.getTime() - dbTimeToDate(run.started_at).getTime(),
        result: stored(outcome.result, 1000),
        error: stored(outcome.error, 2000),
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
