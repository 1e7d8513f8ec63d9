import type { ImportJob, ImportOutcome, RowProblem } from '@blade/schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { dbTimeToDate, toWireTime, utcNow } from '../../core/time.js';
import type { ValueDeps } from '../../crud/deps.js';
import type { ResourceContext } from '../../crud/hooks.js';
import type { Database, DataImportTable } from '../../db/tables.js';
import { importSheet, problemText } from './sheet-import.js';
import { countRows } from './sheet-reader.js';

/** An import of more rows than this is checked and written as background work (a job row). */
export const BACKGROUND_IMPORT_ROWS = 1_000;

/** A running job not heard of for this long was cut short (its process stopped). */
const STALE_MS = 2 * 60 * 1000;

/** Refused rows a poll answers with; the whole list is in the downloadable report. */
const PROBLEMS_SHOWN = 200;

type Mode = 'check' | 'import';

/** What a background run needs beyond the caller: how to write a row, where to log a failure. */
export interface JobWork {
  write: (values: Record<string, unknown>) => Promise<void>;
  log: Pick<FastifyBaseLogger, 'error'>;
  /** What checking a row by the form's rules uses. */
  deps: ValueDeps;
}

type JobRow = Pick<
  DataImportTable,
  | 'id'
  | 'resource'
  | 'mode'
  | 'status'
  | 'total'
  | 'processed'
  | 'valid'
  | 'imported'
  | 'problems'
  | 'problem_count'
  | 'error'
  | 'update_time'
  | 'create_time'
> & { has_file: number };

const stale = (row: JobRow) =>
  row.status === 'running' && Date.now() - dbTimeToDate(row.update_time).getTime() > STALE_MS;

export function wireJob(row: JobRow, timeZone: string, lang: 'zh' | 'en'): ImportJob {
  const cut = stale(row);
  return {
    id: String(row.id),
    resource: row.resource,
    mode: row.mode as Mode,
    status: cut ? 'failed' : (row.status as ImportJob['status']),
    total: row.total,
    processed: row.processed,
    valid: row.valid,
    imported: row.imported,
    problemCount: row.problem_count,
    problems: row.problems ? (JSON.parse(row.problems) as RowProblem[]).slice(0, PROBLEMS_SHOWN) : [],
    error: cut ? (lang === 'en' ? 'The import was interrupted' : '导入被中断') : row.error,
    canImport: row.mode === 'check' && row.status === 'done' && row.valid > 0 && Number(row.has_file) === 1,
    createTime: toWireTime(row.create_time, timeZone),
  };
}

/** The caller's own import jobs (tenant-scoped handle, filtered to the user as well). */
function ownJobs(ctx: ResourceContext) {
  return ctx.auth.db
    .selectFrom('blade_data_import')
    .select([
      'id',
      'resource',
      'mode',
      'status',
      'total',
      'processed',
      'valid',
      'imported',
      'problems',
      'problem_count',
      'error',
      'update_time',
      'create_time',
    ])
    .select((eb) => eb.case().when('file', 'is not', null).then(1).else(0).end().as('has_file'))
    .where('create_user', '=', ctx.auth.userId)
    .where('resource', '=', ctx.resource.name);
}

export async function findJob(ctx: ResourceContext, id: number): Promise<JobRow> {
  const row = await ownJobs(ctx).where('id', '=', id).executeTakeFirst();
  if (!row) throw new AppError(404, 'importJobNotFound');
  return row;
}

/** The caller's newest import of the resource they have not yet closed (running or finished). */
export async function latestJob(ctx: ResourceContext): Promise<JobRow | undefined> {
  return ownJobs(ctx).where('seen', '=', 0).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function dismissJob(ctx: ResourceContext, id: number): Promise<void> {
  await findJob(ctx, id);
  await ctx.auth.db
    .updateTable('blade_data_import')
    .set({ seen: 1 })
    .where('id', '=', id)
    .where('create_user', '=', ctx.auth.userId)
    .execute();
}

/** Whether a file is large enough to go to the background. */
export async function isLarge(file: Buffer): Promise<boolean> {
  return (await countRows(file, BACKGROUND_IMPORT_ROWS + 1)) > BACKGROUND_IMPORT_ROWS;
}

/** Creates the job row of a large file and starts it; answers the row's id at once. */
export async function startJob(
  ctx: ResourceContext,
  file: Buffer,
  mode: Mode,
  work: JobWork,
): Promise<number> {
  const id = nextId();
  const now = utcNow();
  await ctx.auth.db
    .insertInto('blade_data_import')
    .values({
      id,
      tenant_id: ctx.auth.tenantId,
      resource: ctx.resource.name,
      mode,
      status: 'running',
      total: null,
      processed: 0,
      valid: 0,
      imported: 0,
      problems: null,
      problem_count: 0,
      error: null,
      file: file.toString('base64'),
      seen: 0,
      create_user: ctx.auth.userId,
      create_time: now,
      update_time: now,
    })
    .execute();
  void runJob(ctx, id, file, mode, work);
  return id;
}

/** Imports the valid rows of a file a finished background check read. */
export async function importChecked(ctx: ResourceContext, id: number, work: JobWork): Promise<number> {
  const job = await findJob(ctx, id);
  const stored = await ctx.auth.db
    .selectFrom('blade_data_import')
    .select('file')
    .where('id', '=', id)
    .executeTakeFirst();
  if (job.mode !== 'check' || job.status !== 'done' || !stored?.file)
    throw new AppError(400, 'importJobUsed');
  // The file moves on to the import run: the check can never be imported twice.
  const taken = await ctx.auth.db
    .updateTable('blade_data_import')
    .set({ file: null, seen: 1 })
    .where('id', '=', id)
    .where('file', 'is not', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) throw new AppError(400, 'importJobUsed');
  return startJob(ctx, Buffer.from(stored.file, 'base64'), 'import', work);
}

/**
 * The background run: counts the rows (so the progress bar has a whole), then checks (and in
 * import mode writes) them, saving the counts every few hundred rows and the refused rows at the
 * end. A failure is kept on the row in words, never thrown away.
 */
async function runJob(
  ctx: ResourceContext,
  id: number,
  file: Buffer,
  mode: Mode,
  work: JobWork,
): Promise<void> {
  const db: Kysely<Database> = ctx.auth.db;
  const save = async (values: Partial<DataImportTable>): Promise<void> => {
    await db
      .updateTable('blade_data_import')
      .set({ ...values, update_time: utcNow() })
      .where('id', '=', id)
      .execute();
  };
  let outcome: ImportOutcome | undefined;
  try {
    await save({ total: await countRows(file) });
    outcome = await importSheet(ctx, work.deps, file, {
      write: mode === 'import' ? work.write : undefined,
      progress: (processed, so) =>
        save({ processed, valid: so.valid, imported: so.imported, problem_count: so.problems.length }),
    });
    await save({
      status: 'done',
      total: outcome.total,
      processed: outcome.total,
      valid: outcome.valid,
      imported: outcome.imported,
      problems: JSON.stringify(outcome.problems),
      problem_count: outcome.problems.length,
      ...(mode === 'import' || outcome.valid === 0 ? { file: null } : {}),
    });
  } catch (error) {
    const message =
      error instanceof AppError ? problemText(error, ctx.resource, ctx.lang) : String(error).slice(0, 400);
    work.log.error({ err: error, job: id }, 'background import failed');
    await save({ status: 'failed', error: message.slice(0, 500), file: null }).catch(() => undefined);
  }
}

/** Every refused row of a finished job (its report). */
export async function jobProblems(ctx: ResourceContext, id: number): Promise<RowProblem[]> {
  const job = await findJob(ctx, id);
  return job.problems ? (JSON.parse(job.problems) as RowProblem[]) : [];
}
