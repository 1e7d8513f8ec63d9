import { Worker } from 'node:worker_threads';
import {
  columnOf,
  type FieldDef,
  type ImportOutcome,
  labelFieldOf,
  type ResourceDef,
  refusal,
  resources,
} from '@blade/schema';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { AppError } from '../../core/errors.js';
import { type Language, translate } from '../../core/messages.js';
import { toWireTime } from '../../core/time.js';
import type { ValueDeps } from '../../crud/deps.js';
import type { ResourceContext } from '../../crud/hooks.js';
import { parseValues } from '../../crud/resource-routes.js';
import { bodySchema, isWritable, refusalOf } from '../../crud/validation.js';
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

/**
 * The columns an import takes: the add form's fields (a password too, as the form sends it).
 */
export const importFields = (resource: ResourceDef): FieldDef[] =>
  resource.fields.filter((f) => isWritable(f) && !f.disabledOnAdd && !(f.secret && !f.required));

/**
 * The columns an export shows: the template's first, in its order (so an export imports back as
 * it is), then what the list shows besides (read-only columns the import passes over); secrets
 * and fields that are no column never.
 */
export function exportFields(resource: ResourceDef): FieldDef[] {
  const shown = (f: FieldDef) => !f.secret && !f.virtual;
  const template = importFields(resource).filter(shown);
  return [
    ...template,
    ...resource.fields.filter((f) => f.list !== false && shown(f) && !template.includes(f)),
  ];
}

/** The resource a `ref` field points at, when it names its rows by a column of their own. */
function refTargetOf(field: FieldDef): { table: string; label: string } | undefined {
  const target = field.type === 'ref' && field.ref ? resources[field.ref] : undefined;
  const label = target && labelFieldOf(target);
  return target && label && label !== 'id' ? { table: target.table, label: columnOf(label) } : undefined;
}

/**
 * How cells name what rows store by key: a dictionary field's keys by their names (system or
 * business dictionary, the tenant's own), a `ref` field's ids by the name of the row they point
 * at — loaded a page of rows at a time on export and a name at a time on import.
 */
export class CellNames {
  private constructor(
    private readonly ctx: ResourceContext,
    /** Field → key → name. */
    private readonly names: Map<string, Map<string, string>>,
    /** Field → name → key, for refs as far as looked up. */
    private readonly keys: Map<string, Map<string, string | undefined>>,
  ) {}

  static async of(ctx: ResourceContext, fields: FieldDef[]): Promise<CellNames> {
    const names = new Map<string, Map<string, string>>();
    const db = dynamic(ctx.auth.db);
    for (const field of fields) {
      if (refTargetOf(field)) names.set(field.name, new Map());
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
    const keys = new Map(
      [...names].map(([field, dict]) => [
        field,
        new Map<string, string | undefined>([...dict].map(([key, name]) => [name, key])),
      ]),
    );
    return new CellNames(ctx, names, keys);
  }

  /** Whether the field's cells hold names rather than what is stored. */
  named(field: FieldDef): boolean {
    return this.names.has(field.name);
  }

  /** The name of a stored key, when known. */
  nameOf(field: FieldDef, value: unknown): string | undefined {
    return this.names.get(field.name)?.get(String(value));
  }

  /** Loads the names of the rows these (wire) rows point at, before they are written out. */
  async loadRefs(fields: FieldDef[], rows: Array<Record<string, unknown>>): Promise<void> {
    for (const field of fields) {
      const target = refTargetOf(field);
      const names = this.names.get(field.name);
      if (!target || !names) continue;
      const ids = [
        ...new Set(rows.map((r) => r[field.name]).filter((v) => v !== null && v !== undefined && v !== '')),
      ]
        .map(String)
        .filter((id) => /^\d+$/.test(id) && !names.has(id));
      if (ids.length === 0) continue;
      const found = await dynamic(this.ctx.auth.db)
        .selectFrom(target.table)
        .select(['id', sql.ref(target.label).as('label')])
        .where('id', 'in', ids)
        .execute();
      for (const r of found) names.set(String(r.id), String(r.label ?? r.id));
    }
  }

  /** The stored key a cell's name stands for (a key typed as it is stays itself); undefined when unknown. */
  async keyOf(field: FieldDef, name: string): Promise<string | undefined> {
    const dict = this.names.get(field.name);
    const keys = this.keys.get(field.name);
    if (!dict || !keys) return name;
    if (keys.has(name)) return keys.get(name);
    if (dict.has(name)) return name;
    const target = refTargetOf(field);
    if (!target) return undefined;
    const found = await dynamic(this.ctx.auth.db)
      .selectFrom(target.table)
      .select('id')
      .where(target.label, '=', name)
      .where(sql`is_deleted`, '=', 0)
      .limit(2)
      .execute();
    // A name two rows share names neither: the row is refused rather than tied to a guess.
    const key = found.length === 1 ? String(found[0]!.id) : /^\d+$/.test(name) ? name : undefined;
    keys.set(name, key);
    return key;
  }
}

/** Cents as the form shows them: yuan, a number with two decimals at most. */
const yuanOf = (cents: number): number => Math.round(cents) / 100;

/** A stored or listed value as a person reads it in a cell: names for keys, money in yuan. */
export function cellOf(field: FieldDef, value: unknown, names: CellNames): unknown {
  if (value === null || value === undefined) return '';
  if (names.named(field)) return neutralise(names.nameOf(field, value) ?? String(value));
  if (field.type === 'money' && typeof value === 'number') return yuanOf(value);
  if (typeof value === 'number') return value;
  return neutralise(String(value));
}

/** A column's header: the field's label, with the unit money is written in (the form's: yuan). */
export const headerOf = (field: FieldDef, lang: Language): string =>
  field.type === 'money' ? `${field.label[lang]}${lang === 'en' ? ' (¥)' : '(元)'}` : field.label[lang];

/** A template: the header row of the import columns, by label. */
export function templateBook(resource: ResourceDef, lang: Language): ExcelJS.Workbook {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(resource.label[lang].slice(0, 31));
  sheet.columns = importFields(resource).map((f) => ({
    header: headerOf(f, lang),
    key: f.name,
    width: Math.max(12, f.label[lang].length * 2 + 4),
  }));
  return book;
}

/** Most rows one import takes. */
export const MAX_IMPORT_ROWS = 100_000;

/** A cell's value as the form would send it, or the refusal of what no form sends. */
type CellRead = { value: unknown } | { problem: string };

/** Yuan in a cell (8.8, '¥12.30', '1') as cents; more than two decimals is refused as the form does. */
function centsOf(cell: unknown, field: FieldDef, lang: Language): CellRead {
  const text = typeof cell === 'number' ? String(cell) : String(cell).replace(/[¥￥,\s]/g, '');
  // A number a formula computed carries float dust (0.1 + 0.2): it is read to the cent it means.
  const yuan =
    typeof cell === 'number' && Number.isFinite(cell) ? (Math.round(cell * 100) / 100).toFixed(2) : text;
  if (typeof cell === 'number' && Math.abs(cell * 100 - Math.round(cell * 100)) > 1e-6)
    return { problem: refusal('notCents', field, lang) };
  const parts = /^(-?)(\d+)(?:\.(\d+))?$/.exec(yuan);
  if (!parts) return { value: text };
  const [, sign, whole, fraction = ''] = parts;
  if (fraction.length > 2) return { problem: refusal('notCents', field, lang) };
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return { value: sign ? -cents : cents };
}

/** A cell's value as the form would send it: its text, number or time; money from yuan to cents. */
function formValue(cell: ExcelJS.CellValue, field: FieldDef, timeZone: string, lang: Language): CellRead {
  if (cell === null || cell === undefined) return { value: undefined };
  if (cell instanceof Date) {
    const text = toWireTime(cell, timeZone);
    return { value: field.type === 'date' ? text.slice(0, 10) : text };
  }
  if (typeof cell === 'object') {
    if ('richText' in cell) return typed(cell.richText.map((p) => p.text).join(''), field, lang);
    if ('text' in cell) return typed(String(cell.text), field, lang);
    if ('result' in cell) return typed(cell.result, field, lang);
    return { value: undefined };
  }
  return typed(cell, field, lang);
}

/** A text or number of a cell as the field's form value. */
function typed(cell: unknown, field: FieldDef, lang: Language): CellRead {
  if (cell === null || cell === undefined || cell === '') return { value: undefined };
  if (field.type === 'money') return centsOf(cell, field, lang);
  const numeric = ['int', 'flag', 'ref', 'parent'].includes(field.type);
  if (numeric && typeof cell === 'string' && /^-?\d+$/.test(cell.trim()))
    return { value: Number(cell.trim()) };
  if (!numeric && typeof cell === 'number') return { value: String(cell) };
  if (typeof cell === 'string') return { value: cell.replace(/^'(?=[=+\-@\t\r])/, '') };
  return { value: cell };
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
  for (const f of fields)
    for (const header of [f.label.zh, f.label.en, headerOf(f, 'zh'), headerOf(f, 'en')])
      byLabel.set(header.trim().toLowerCase(), f);
  const names = await CellNames.of(ctx, fields);
  const outcome: ImportOutcome = { total: 0, valid: 0, imported: 0, problems: [] };
  let columns: Map<number, FieldDef> | undefined;
  for await (const row of sheetRows(file, { maxDataRows: MAX_IMPORT_ROWS })) {
    if (!columns) {
      columns = new Map();
      for (const [index, cell] of row.cells.entries()) {
        const field = byLabel.get(cellText(cell).trim().toLowerCase());
        if (field) columns.set(index, field);
      }
      if (columns.size === 0) throw new AppError(400, 'importNoColumns');
      continue;
    }
    outcome.total++;
    const body: Record<string, unknown> = {};
    const unread: Array<{ field: FieldDef; problem: string }> = [];
    for (const [index, field] of columns) {
      const read = formValue(row.cells[index], field, deps.config.timeZone, lang);
      if ('problem' in read) {
        unread.push({ field, problem: read.problem });
        continue;
      }
      let value = read.value;
      if (value === undefined || value === '') continue;
      if (names.named(field)) {
        value = await names.keyOf(field, String(value));
        if (value === undefined) {
          unread.push({ field, problem: refusal('notChoice', field, lang) });
          continue;
        }
      }
      body[field.name] = value;
    }
    try {
      if (unread.length > 0) throw new AppError(400, 'declared', { text: unread[0]!.problem });
      const values = await parseValues(resource, 'add', body, lang, deps);
      outcome.valid++;
      if (run.write) {
        await run.write(values);
        outcome.imported++;
      }
    } catch (error) {
      const message = problemText(error, resource, lang);
      const all = rowProblems(resource, body, unread, lang, deps.config.timeZone);
      outcome.problems.push({
        row: row.number,
        message: all.length > 1 ? all.join(SEPARATOR[lang]) : message,
      });
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

/** Between the problems of one row in its line of the report. */
const SEPARATOR: Record<Language, string> = { zh: '；', en: '; ' };

/**
 * Every problem of a refused row, in column order: the cells no form would send (money past the
 * cent, a name no key has), then each field the form's rules refuse, not only the first.
 */
function rowProblems(
  resource: ResourceDef,
  body: Record<string, unknown>,
  unread: Array<{ field: FieldDef; problem: string }>,
  lang: Language,
  timeZone: string,
): string[] {
  const problems = new Map<string, string>(unread.map((u) => [u.field.name, u.problem]));
  for (const f of importFields(resource))
    if (f.required && !problems.has(f.name) && !(f.name in body) && f.default === undefined)
      problems.set(f.name, f.required[lang]);
  const result = bodySchema(resource, 'add', lang, timeZone).safeParse(body);
  for (const issue of result.success ? [] : result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!problems.has(name)) problems.set(name, refusalOf(resource, issue, lang));
  }
  const order = resource.fields.map((f) => f.name);
  return [...problems].sort(([a], [b]) => order.indexOf(a) - order.indexOf(b)).map(([, text]) => text);
}

/** A refusal as one line of the error report, naming the field by its label. */
export function problemText(error: unknown, resource: ResourceDef, lang: Language): string {
  if (!(error instanceof AppError)) throw error;
  const params = { ...error.params };
  const field = resource.fields.find((f) => f.name === params.field || columnOf(f.name) === params.field);
  if (field) params.field = field.label[lang];
  return translate(error.key, lang, params);
}
