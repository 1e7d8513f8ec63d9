import { statfs } from 'node:fs/promises';
import { sql } from 'kysely';
import { toDbTime } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';

/**
 * What the monitor reads from the database and the disk, shared by /metrics and the monitor screen.
 * Counts span every process and tenant and name no tenant: jobs by their defined name only.
 */

const DAY_MS = 86_400_000;

export interface JobRunCount {
  job: string;
  /** running, succeeded, failed or skipped. */
  state: string;
  count: number;
}

/** Runs started in the last 24 hours, and every run still going, by job and state. */
export async function jobRunCounts(data: DataAccess, now = new Date()): Promise<JobRunCount[]> {
  const rows = await data
    .unscoped()
    .selectFrom('blade_job_run')
    .select(['job_name', 'state', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where((eb) =>
      eb.or([
        eb('started_at', '>=', toDbTime(new Date(now.getTime() - DAY_MS))),
        eb('state', '=', 'running'),
      ]),
    )
    .groupBy(['job_name', 'state'])
    .execute();
  return rows.map((r) => ({ job: r.job_name, state: r.state, count: Number(r.n) }));
}

export interface NextRun {
  job: string;
  /** The earliest next run of the job over its schedule rows (one per tenant for tenant jobs). */
  at: string;
}

/** The jobs due soonest, each once. */
export async function nextRuns(data: DataAccess, limit = 8): Promise<NextRun[]> {
  const rows = await data
    .unscoped()
    .selectFrom('blade_job')
    .select(['job_name', (eb) => eb.fn.min<string>('next_run_at').as('at')])
    .where('is_deleted', '=', 0)
    .where('paused', '=', 0)
    .groupBy('job_name')
    .orderBy(sql`min(next_run_at)`)
    .limit(limit)
    .execute();
  return rows.map((r) => ({ job: r.job_name, at: String(r.at) }));
}

export interface ImportCount {
  /** running, done or failed. */
  status: string;
  count: number;
}

/** Spreadsheet imports begun in the last 24 hours, and every one still running, by status. */
export async function importCounts(data: DataAccess, now = new Date()): Promise<ImportCount[]> {
  const rows = await data
    .unscoped()
    .selectFrom('blade_data_import')
    .select(['status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where((eb) =>
      eb.or([
        eb('create_time', '>=', toDbTime(new Date(now.getTime() - DAY_MS))),
        eb('status', '=', 'running'),
      ]),
    )
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
}

export interface DiskUse {
  freeBytes: number;
  totalBytes: number;
}

/** Free and total space of the file system holding `dir` (DATA_DIR: the database, uploads, keys). */
export async function diskUse(dir: string): Promise<DiskUse | undefined> {
  try {
    const fs = await statfs(dir);
    return { freeBytes: fs.bavail * fs.bsize, totalBytes: fs.blocks * fs.bsize };
  } catch {
    return undefined;
  }
}
