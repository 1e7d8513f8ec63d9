import { Schedule } from './schedule.js';

/** A label in both languages. */
export interface JobText {
  zh: string;
  en: string;
}

/** What a running job knows and may do. */
export interface JobContext {
  /** The tenant a tenant job runs for; undefined for a platform job. */
  tenantId: string | undefined;
  /** The time the run was due (a manual run: when it was asked for). */
  scheduledAt: Date;
  /** schedule, catch-up (a run missed while no process was up) or manual. */
  cause: RunCause;
  /** Aborted when the server stops before the run ends; long jobs should check it between steps. */
  signal: AbortSignal;
  /** Reports how far the run is (0–100) with an optional line of text; shown on the screen. */
  progress(percent: number, text?: string): Promise<void>;
}

export type RunCause = 'schedule' | 'catch-up' | 'manual';

/**
 * A job, defined in code by the module that owns it. Its schedule lives in the database (one row
 * per tenant for a tenant job), starts as `schedule` and is editable on the jobs screen.
 */
export interface JobDefinition {
  /** Stable key, `<module>.<job>`, e.g. 'mall.close-unpaid-orders'. */
  name: string;
  label: JobText;
  description: JobText;
  /** Default cron (5 fields, or 6 with seconds first), in the server's time zone. */
  schedule: string;
  /** True: one schedule and run per tenant; false: one platform-wide job. */
  perTenant: boolean;
  /** Default for a run missed while every process was down: run once on start (true) or skip it. */
  catchUp: boolean;
  /** Does the work; what it answers is kept with the run (what it did, e.g. "3 orders closed"). */
  run(ctx: JobContext): Promise<JobText | undefined>;
}

const NAME = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9.-]*$/;

/** The jobs the running server knows; modules add theirs while the app is built. */
export class JobRegistry {
  private readonly jobs = new Map<string, JobDefinition>();

  define(job: JobDefinition): void {
    if (!NAME.test(job.name) || job.name.length > 64)
      throw new Error(`Job name ${job.name} is not of the form <module>.<job> (lower case, at most 64).`);
    if (this.jobs.has(job.name)) throw new Error(`Job ${job.name} is defined twice.`);
    // A default schedule that does not parse fails start-up, not the first run.
    Schedule.parse(job.schedule, 'UTC');
    this.jobs.set(job.name, job);
  }

  get(name: string): JobDefinition | undefined {
    return this.jobs.get(name);
  }

  all(): JobDefinition[] {
    return [...this.jobs.values()];
  }

  names(): string[] {
    return [...this.jobs.keys()];
  }
}
