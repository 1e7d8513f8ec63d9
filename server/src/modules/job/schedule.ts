import { Cron } from 'croner';
import { AppError } from '../../core/errors.js';

/** Longest schedule text accepted (the column is varchar(120)). */
const MAX_LENGTH = 120;

/**
 * A job's schedule: a cron expression of 5 fields (minute hour day month weekday) or 6 (with
 * seconds first), read in the server's time zone. Parsing and next-run computation are croner's,
 * for the scheduler and for the screen's preview alike.
 */
export class Schedule {
  private readonly cron: Cron;

  private constructor(
    readonly expression: string,
    timeZone: string,
  ) {
    this.cron = new Cron(expression, { timezone: timeZone, mode: '5-or-6-parts' });
  }

  /** Parses a schedule; a 400 naming the problem when it is not one, or never runs. */
  static parse(expression: string, timeZone: string): Schedule {
    const text = expression.trim().replace(/\s+/g, ' ');
    if (!text || text.length > MAX_LENGTH)
      throw new AppError(400, 'jobScheduleInvalid', { cron: text.slice(0, 40), reason: 'empty or too long' });
    let schedule: Schedule;
    try {
      schedule = new Schedule(text, timeZone);
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^CronPattern:\s*/, '') : String(error);
      throw new AppError(400, 'jobScheduleInvalid', { cron: text, reason });
    }
    if (!schedule.next(new Date())) throw new AppError(400, 'jobScheduleNever', { cron: text });
    return schedule;
  }

  /** The first scheduled time strictly after `after`, or null when there is none. */
  next(after: Date): Date | null {
    return this.cron.nextRun(after);
  }

  /** The next `count` scheduled times after `after`. */
  upcoming(count: number, after: Date): Date[] {
    return this.cron.nextRuns(count, after);
  }

  /** The shortest gap between the next few runs, in milliseconds (how often it runs at most). */
  shortestGapMs(after: Date): number {
    const runs = this.upcoming(6, after);
    let gap = Number.POSITIVE_INFINITY;
    for (let i = 1; i < runs.length; i++) gap = Math.min(gap, runs[i]!.getTime() - runs[i - 1]!.getTime());
    return gap;
  }
}
