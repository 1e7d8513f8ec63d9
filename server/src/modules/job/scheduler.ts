import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import { dbTimeToDate, toDbTime } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { JobContext, JobDefinition, JobRegistry, JobText, RunCause } from './job-registry.js';
import { type JobRow, RunRecords } from './run-records.js';
import { errorText, textOf } from './run-text.js';
import { Schedule } from './schedule.js';
import { PLATFORM, ScheduleRows } from './schedule-rows.js';

/** How often the schedule rows are reconciled with the defined jobs and the tenants. */
const SYNC_EVERY_MS = 60_000;
/** A due run later than this was missed: no process was up (or none could reach the database). */
const MISSED_AFTER_MS = 30_000;

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

/** Runs started by hand a job may have within MANUAL_WINDOW_MS. */
const MANUAL_RUNS_PER_MINUTE = 10;
const MANUAL_WINDOW_MS = 60_000;

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
  /** Jobs a run-now request of this process is starting. */
  private readonly startingByHand = new Set<number>();
  private readonly rows: ScheduleRows;
  private readonly runs: RunRecords;
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
  ) {
    const db = () => this.db;
    this.rows = new ScheduleRows(db, registry, (cron) => this.schedule(cron));
    this.runs = new RunRecords(db, this.owner, options.leaseMs);
  }

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
      await this.runs
        .end(id, 'failed', { error: textOf('jobRunServerStopped') })
        .catch((error) => this.log.error({ err: error }, `job run ${id} could not be marked failed`));
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

  /** Makes the schedule rows match the defined jobs and the tenants (see ScheduleRows.sync). */
  sync(now = new Date()): Promise<void> {
    return this.rows.sync(now);
  }

  /** Adds the missing schedule rows of these tenants' jobs, and of the platform jobs with `platform`. */
  ensureRows(tenants: readonly string[], platform: boolean, now = new Date()): Promise<void> {
    return this.rows.ensure(tenants, platform, now);
  }

  /** Marks runs whose process stopped renewing their lease as failed. */
  reap(now = new Date()): Promise<number> {
    return this.runs.reap(now);
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
        await this.runs.insert(trx, { ...base, state: 'skipped', result: textOf('jobRunMissed') });
        return undefined;
      }
      const busy = await this.runs.running(trx, row.id);
      // A time that falls due while the previous run is going passes without a run (and without a
      // row: a frequent job with a long run would fill its history with them).
      if (busy) return undefined;
      return this.runs.insert(trx, { ...base, state: 'running' });
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
      if (await this.runs.running(this.db, row.id)) throw new AppError(409, 'jobRunning');
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
        id = await this.runs.insert(this.db, {
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

  /** Runs the job's work, renewing the lease while it lasts, and records how it ended. */
  private execute(definition: JobDefinition, row: JobRow, runId: number, scheduledAt: Date, cause: RunCause) {
    const controller = new AbortController();
    const heartbeat = setInterval(
      () =>
        void this.runs
          .renew(runId)
          .catch((error: unknown) =>
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
      progress: (percent, text) => this.runs.progress(runId, percent, text),
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
      const ended = await this.runs.end(runId, outcome.state, outcome);
      if (!ended)
        this.log.warn(
          {},
          `job run ${runId} of ${row.job_name} ended after another process had marked it failed (its lease ran out)`,
        );
    })()
      .catch((error: unknown) => this.log.error({ err: error }, `job run ${runId}: recording its end failed`))
      .finally(() => {
        this.running.delete(runId);
        this.runs.forget(runId);
        if (this.saturated && this.started && !this.stopped && !this.ticking) {
          this.saturated = false;
          if (this.timer) clearTimeout(this.timer);
          this.plan(0);
        }
      });
    this.running.set(runId, { controller, done });
  }
}
