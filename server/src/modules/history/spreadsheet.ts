import { Worker } from 'node:worker_threads';
import { columnOf, type FieldDef, type ImportOutcome, type ResourceDef } from '@blade/schema';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { AppError } from '../../core/errors.js';
import { type Language, translate } from '../../core/messages.js';
import { toWireTime } from '../../core/time.js';
import type { ValueDeps } from '../../crud/deps.js';
import type { ResourceContext } from '../../crud/hooks.js';
import { parseValues } from '../../crud/resource-routes.js';
import { isWritable } from '../../crud/validation.js';
import { dynamic } from '../../db/dynamic-db.js';
import { SHEET_LIMITS, SHEET_READERS, type SheetLimits } from './spreadsheet-limits.js';
import type { SheetRow } from './spreadsheet-read.js';
import type { SheetAnswer, SheetJob } from './spreadsheet-worker.js';

/**
 * A spreadsheet program runs a cell that starts with = + - @ (or a tab/CR before them) as a
 * formula; such text is written with a leading apostrophe so it stays text.
 */
export const neutralise = (value: unknown): unknown =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

/** The columns an export shows: the list's fields, secrets never. */
export const exportFields = (resource: ResourceDef): FieldDef[] =>
  resource.fields.filter((f) => f.list !== false && !f.secret && !f.virtual);

/** The columns an import takes: the add form's fields (a password too, as the form sends it). */
export const importFields = (resource: ResourceDef): FieldDef[] =>
  resource.fields.filter((f) => isWritable(f) && !f.disabledOnAdd && !(f.secret && !f.required));

/** Each dictionary field's keys and names (system or business dictionary, the tenant's own). */
export async function dictionaryNames(
  ctx: ResourceContext,
  fields: FieldDef[],
): Promise<Map<string, Map<string, string>>> {
  const names = new Map<string, Map<string, string>>();
  const db = dynamic(ctx.auth.db);
  for (const field of fields) {
    if (!field.dict) continue;
    const rows = await db
      .selectFrom(field.dictSource === 'biz' ? 'blade_dict_biz' : 'blade_dict')
      .select(['dict_key', 'dict_value'])
      .where('code', '=', field.dict)
      .where('parent_id', '!=', 0)
      .where(sql`is_deleted`, '=', 0)
      .execute();
    names.set(field.name, new Map(rows.map((r) => [String(r.dict_key), String(r.dict_value)])));
  }
  return names;
}

/** A stored or listed value as a person reads it in a cell. */
export function cellOf(field: FieldDef, value: unknown, names: Map<string, Map<string, string>>): unknown {
  if (value === null || value === undefined) return '';
  const dict = names.get(field.name);
  if (dict) return neutralise(dict.get(String(value)) ?? String(value));
  if (typeof value === 'number') return value;
  return neutralise(String(value));
}

/** A template: the header row of the import columns, by label. */
export function templateBook(resource: ResourceDef, lang: Language): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(resource.label[lang].slice(0, 31));
  sheet.columns = importFields(resource).map((f) => ({
    header: f.label[lang],
    key: f.name,
    width: Math.max(12, f.label[lang].length * 2 + 4),
  }));
  return book;
}

/** Most rows one import takes. */
export const MAX_IMPORT_ROWS = 100_000;

/** A cell's value as the form would send it. */
function formValue(cell: ExcelJS.CellValue, field: FieldDef, timeZone: string): unknown {
  if (cell === null || cell === undefined) return undefined;
  if (cell instanceof Date) {
    const text = toWireTime(cell, timeZone);
    return field.type === 'date' ? text.slice(0, 10) : text;
  }
  if (typeof cell === 'object') {
    if ('richText' in cell) return cell.richText.map((p) => p.text).join('');
    if ('text' in cell) return String(cell.text);
    if ('result' in cell) return cell.result;
    return undefined;
  }
  const numeric = ['int', 'money', 'flag', 'ref', 'parent'].includes(field.type);
  if (numeric && typeof cell === 'string' && /^-?\d+$/.test(cell.trim())) return Number(cell.trim());
  if (!numeric && typeof cell === 'number') return String(cell);
  if (typeof cell === 'string') return cell.replace(/^'(?=[=+\-@\t\r])/, '');
  return cell;
}

/**
 * The worker's script: the bundled file beside main.js once built; run from sources (tests, tsx),
 * the TypeScript file beside this one, loaded through tsx (Node 20 does not apply `--import tsx`
 * to a worker's first module, so the worker registers it itself).
 */
const WORKER: { script: string | URL; eval: boolean } = import.meta.url.endsWith('.ts')
  ? {
      script: `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(
        new URL('./spreadsheet-worker.ts', import.meta.url).href,
      )}); })`,
      eval: true,
    }
  : { script: new URL('./spreadsheet-worker.js', import.meta.url), eval: false };

export interface ReadOptions {
  /** Most rows below the header: more are refused (importTooLarge). */
  maxDataRows?: number;
  /** Tighter limits than SHEET_LIMITS (tests). */
  limits?: Partial<SheetLimits>;
}

/** An answer of the worker, or its end: memory exhausted, stopped, or the time budget spent. */
function answerOf(worker: Worker, budgetMs: number, limits: SheetLimits): Promise<SheetAnswer> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      worker.off('message', onMessage).off('error', onError).off('exit', onExit);
    };
    const timer = setTimeout(() => {
      done();
      reject(new AppError(413, 'sheetTooSlow', { seconds: Math.round(limits.ms / 1000) }));
    }, budgetMs);
    const onMessage = (answer: SheetAnswer) => {
      done();
      resolve(answer);
    };
    const onError = (error: Error & { code?: string }) => {
      done();
      reject(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError(413, 'sheetTooMuchMemory', { mb: limits.memoryMb })
          : new AppError(400, 'importNotSheet'),
      );
    };
    const onExit = () => {
      done();
      reject(new AppError(400, 'importNotSheet'));
    };
    worker.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/**
 * The non-empty rows of an uploaded file's first sheet, read in a worker thread within
 * SHEET_LIMITS and streamed here a batch at a time: no upload holds this thread or its memory.
 * A limit passed is refused with 413 and named; a file that is no workbook with 400.
 */
export async function* sheetRows(file: Buffer, options: ReadOptions = {}): AsyncGenerator<SheetRow> {
  const limits: SheetLimits = { ...SHEET_LIMITS, ...options.limits };
  const job: SheetJob = { file, limits, maxDataRows: options.maxDataRows ?? Number.POSITIVE_INFINITY };
  const release = await readers.enter();
  try {
    yield* readInWorker(job, limits);
  } finally {
    release();
  }
}

/** The readers running now and the uploads waiting for one (SHEET_READERS). */
const readers = {
  running: 0,
  queue: [] as Array<() => void>,
  async enter(): Promise<() => void> {
    if (this.running >= SHEET_READERS.running) {
      if (this.queue.length >= SHEET_READERS.waiting) throw new AppError(429, 'sheetReadersBusy');
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      // The slot passes straight to the next upload waiting, or is given back.
      if (next) next();
      else this.running--;
    };
  },
};

async function* readInWorker(job: SheetJob, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const worker = new Worker(WORKER.script, {
    eval: WORKER.eval,
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: limits.memoryMb, maxYoungGenerationSizeMb: 16 },
  });
  // Only the worker's own time counts: an importer writing each row may take far longer.
  let budgetMs = limits.ms;
  try {
    for (;;) {
      const asked = performance.now();
      const answer = await answerOf(worker, budgetMs, limits);
      budgetMs -= performance.now() - asked;
      if ('broken' in answer) throw new AppError(400, 'importNotSheet');
      if ('refused' in answer) throw new AppError(413, answer.refused.key, answer.refused.params);
      yield* answer.rows;
      if (answer.done) return;
      worker.postMessage('next');
    }
  } finally {
    void worker.terminate();
  }
}

/** The number of data rows (the header aside), counting no further than `limit` when given. */
export async function countRows(file: Buffer, limit = Number.POSITIVE_INFINITY): Promise<number> {
  let rows = -1;
  for await (const _ of sheetRows(file)) if (++rows >= limit) break;
  return Math.max(rows, 0);
}

/** A cell's value as text (a header, a name). */
export function cellText(cell: ExcelJS.CellValue): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'object') {
    if ('richText' in cell) return cell.richText.map((p) => p.text).join('');
    if ('text' in cell) return String(cell.text);
    if ('result' in cell) return String(cell.result ?? '');
    return '';
  }
  return String(cell);
}

export interface ImportRun {
  /** Write each valid row (import the valid rows) or only check them. */
  write?: (values: Record<string, unknown>) => Promise<void>;
  /** Told every PROGRESS_STEP rows and at the end how far the run has come. */
  progress?: (processed: number, outcome: ImportOutcome) => Promise<void>;
}

/** How often (in rows) a run reports its progress. */
export const PROGRESS_STEP = 500;
/** How often (in rows) a run lets other requests through. */
const YIELD_EVERY = 20;

/**
 * Reads an uploaded sheet row by row and checks every row by the add form's rules: columns found
 * by their label (either language), dictionary names turned into keys. Writes only through
 * `run.write`, only the valid rows; a row the write refuses (a unique key taken by an earlier
 * row) joins the refused ones.
 */
export async function importSheet(
  ctx: ResourceContext,
  deps: ValueDeps,
  file: Buffer,
  run: ImportRun = {},
): Promise<ImportOutcome> {
  const { resource, lang } = ctx;
  const fields = importFields(resource);
  const byLabel = new Map<string, FieldDef>();
  for (const f of fields) {
    byLabel.set(f.label.zh.trim(), f);
    byLabel.set(f.label.en.trim().toLowerCase(), f);
  }
  const names = await dictionaryNames(ctx, fields);
  const keysOf = new Map(
    [...names].map(([field, dict]) => [field, new Map([...dict].map(([key, name]) => [name, key]))]),
  );
  const outcome: ImportOutcome = { total: 0, valid: 0, imported: 0, problems: [] };
  let columns: Map<number, FieldDef> | undefined;
  for await (const row of sheetRows(file, { maxDataRows: MAX_IMPORT_ROWS })) {
    if (!columns) {
      columns = new Map();
      for (const [index, cell] of row.cells.entries()) {
        const text = cellText(cell).trim();
        const field = byLabel.get(text) ?? byLabel.get(text.toLowerCase());
        if (field) columns.set(index, field);
      }
      if (columns.size === 0) throw new AppError(400, 'importNoColumns');
      continue;
    }
    outcome.total++;
    const body: Record<string, unknown> = {};
    for (const [index, field] of columns) {
      let value = formValue(row.cells[index], field, deps.config.timeZone);
      const keys = keysOf.get(field.name);
      if (keys && value !== undefined) value = keys.get(String(value)) ?? value;
      if (value !== undefined && value !== '') body[field.name] = value;
    }
    try {
      const values = await parseValues(resource, 'add', body, lang, deps);
      outcome.valid++;
      if (run.write) {
        await run.write(values);
        outcome.imported++;
      }
    } catch (error) {
      outcome.problems.push({ row: row.number, message: problemText(error, resource, lang) });
    }
    // An embedded database answers synchronously: without a turn of the event loop now and then
    // a long import would keep every other request (and its own progress polls) waiting.
    if (outcome.total % YIELD_EVERY === 0) await new Promise((resolve) => setImmediate(resolve));
    if (outcome.total % PROGRESS_STEP === 0) await run.progress?.(outcome.total, outcome);
  }
  if (!columns) throw new AppError(400, 'importNoColumns');
  await run.progress?.(outcome.total, outcome);
  return outcome;
}

/** A refusal as one line of the error report, naming the field by its label. */
export function problemText(error: unknown, resource: ResourceDef, lang: Language): string {
  if (!(error instanceof AppError)) throw error;
  const params = { ...error.params };
  const field = resource.fields.find((f) => f.name === params.field || columnOf(f.name) === params.field);
  if (field) params.field = field.label[lang];
  return translate(error.key, lang, params);
}
