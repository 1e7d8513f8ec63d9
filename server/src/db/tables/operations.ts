/** Scheduled jobs and their runs, change history and spreadsheet imports. */

import type { AuditColumns, TenantOwned } from './columns.js';

/** A job's schedule: per tenant for tenant jobs, tenant '' for platform jobs (modules/job). */
export interface JobTable extends AuditColumns, TenantOwned {
  job_name: string;
  cron: string;
  /** 1: a run missed while no process was up runs once when one is; 0: it is skipped. */
  catch_up: number;
  paused: number;
  /** The next scheduled time; a process claims a due run by moving it on (compare and set). */
  next_run_at: string;
}

/** One run of a job; while running it is the lease of the process running it. */
export interface JobRunTable extends TenantOwned {
  job_id: number;
  job_name: string;
  /** schedule, catch-up or manual. */
  cause: string;
  scheduled_at: string;
  /** running, succeeded, failed or skipped. */
  state: string;
  started_at: string;
  ended_at: string | null;
  duration_ms: number | null;
  progress: number | null;
  progress_text: string | null;
  result: string | null;
  error: string | null;
  /** The process running it (host, pid and a random part). */
  owner: string | null;
  /** A running run whose lease passes without a heartbeat is marked failed. */
  lease_until: string | null;
  /** Who asked for a manual run. */
  create_user: number | null;
}

/** One change of a declared resource's row (crud/history.ts); `changes` is its JSON difference. */
export interface DataHistoryTable extends TenantOwned {
  resource: string;
  row_id: number;
  /** create, update, delete or restore. */
  action: string;
  changes: string;
  /** The history row this change undid or restored to, if any. */
  reverts: number | null;
  request_id: string | null;
  create_user: number | null;
  create_by: string | null;
  create_time: string;
}

/** A background spreadsheet import (migration 0023). */
export interface DataImportTable extends TenantOwned {
  resource: string;
  /** check: rows checked only; import: the valid rows written. */
  mode: string;
  /** running, done or failed. */
  status: string;
  /** Null while the rows are still being counted. */
  total: number | null;
  processed: number;
  valid: number;
  imported: number;
  /** The refused rows, JSON [{row, message}], once finished. */
  problems: string | null;
  problem_count: number;
  error: string | null;
  /** The uploaded file (base64) while an import of its valid rows may still be asked for. */
  file: string | null;
  seen: number;
  create_user: number;
  create_time: string;
  update_time: string;
}

/** Its tables, by name (a part of `Database`). */
export interface OperationTables {
  blade_job: JobTable;
  blade_job_run: JobRunTable;
  blade_data_history: DataHistoryTable;
  blade_data_import: DataImportTable;
}
