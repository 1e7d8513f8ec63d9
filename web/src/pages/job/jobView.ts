import type { Job, JobRun, JobRunState } from '@blade/schema';
import type { MessageKey } from '../../i18n';

/** Tag colour of a run's outcome. */
export const OUTCOME_COLOR: Record<JobRunState, string> = {
  running: 'processing',
  succeeded: 'success',
  failed: 'error',
  skipped: 'default',
};

export const OUTCOME_TEXT: Record<JobRunState, MessageKey> = {
  running: 'job.outcome.running',
  succeeded: 'job.outcome.succeeded',
  failed: 'job.outcome.failed',
  skipped: 'job.outcome.skipped',
};

export const STATE_TEXT: Record<Job['state'], MessageKey> = {
  running: 'job.state.running',
  paused: 'job.state.paused',
  waiting: 'job.state.waiting',
};

export const STATE_COLOR: Record<Job['state'], string> = {
  running: 'processing',
  paused: 'warning',
  waiting: 'success',
};

export const CAUSE_TEXT: Record<JobRun['cause'], MessageKey> = {
  schedule: 'job.cause.schedule',
  'catch-up': 'job.cause.catchUp',
  manual: 'job.cause.manual',
};

/** A duration as people read it: 850 ms, 12.4 s, 3 min 05 s, 2 h 07 min. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** Whether any job has a run going (the page then refreshes itself). */
export const anyRunning = (jobs: readonly Job[]): boolean => jobs.some((j) => j.state === 'running');

/** The schedule text as typed: trimmed, single spaces. */
export const normalCron = (text: string): string => text.trim().replace(/\s+/g, ' ');
