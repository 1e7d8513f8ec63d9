import { columnOf, type FieldDef, type ImportOutcome, type ResourceDef, refusal } from '@blade/schema';
import type ExcelJS from 'exceljs';
import { AppError } from '../../core/errors.js';
import { type Language, translate } from '../../core/messages.js';
import { toWireTime } from '../../core/time.js';
import type { ValueDeps } from '../../crud/deps.js';
import type { ResourceContext } from '../../crud/hooks.js';
import { parseValues } from '../../crud/resource-routes.js';
import { bodySchema, refusalOf } from '../../crud/validation.js';
import { CellNames } from './cell-names.js';
import { headerOf, importFields } from './sheet-columns.js';
import { cellText, sheetRows } from './sheet-reader.js';

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
