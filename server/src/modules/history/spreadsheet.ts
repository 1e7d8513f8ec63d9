import { Readable } from 'node:stream';
import { columnOf, type FieldDef, type ImportOutcome, type ResourceDef } from '@blade/schema';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { sql } from 'kysely';
import { AppError } from '../../core/errors.js';
import { type Language, translate } from '../../core/messages.js';
import { toWireTime } from '../../core/time.js';
import type { ValueDeps } from '../../crud/deps.js';
import type { ResourceContext } from '../../crud/hooks.js';
import { parseValues } from '../../crud/resource-routes.js';
import { isWritable } from '../../crud/validation.js';
import { dynamic } from '../../db/dynamic-db.js';

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

/** The parts of exceljs' streaming reader that read a workbook's XML parts. */
interface ReaderParts {
  model?: { sheets?: { rId: string }[] };
  workbookRels?: { Id: string; Target: string }[];
  _parseRels(part: Readable): Promise<void>;
  _parseWorkbook(part: Readable): Promise<void>;
  _parseStyles(part: Readable): Promise<void>;
  _parseSharedStrings(part: Readable): AsyncGenerator<unknown>;
  _parseWorksheet(
    input: AsyncIterable<string>,
    sheetNo: string,
  ): Generator<{ value: AsyncIterable<ExcelJS.Row> }>;
}

/** Most characters of a part read whole (the sheet list, styles, shared strings): no zip bomb fills memory. */
const MAX_PART_CHARS = 64 * 1024 * 1024;
/**
 * Most characters of the sheet itself, streamed. Rows stop at MAX_IMPORT_ROWS, but empty rows are
 * not counted and a row may be long: without this a 20 MB upload could inflate to gigabytes of
 * XML and keep a core busy for minutes. Honest XML deflates some five to ten times, so a sheet
 * that fits the upload limit inflates to well under it.
 */
const MAX_SHEET_CHARS = 256 * 1024 * 1024;
/**
 * Most characters between two tags: a text or a tag the XML reader holds whole. The longest field
 * value, escaped, is far shorter.
 */
const MAX_RUN_CHARS = 1024 * 1024;

interface TextLimits {
  /** Most characters in all. */
  chars: number;
  /** Most characters between two '<'. */
  run: number;
}

/** Each chunk of a stream decoded as UTF-8 text, a character split between chunks kept whole. */
async function* decoded(input: AsyncIterable<Buffer>, limits: TextLimits): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let chars = 0;
  let sinceTag = 0;
  const tooLarge = () => new Error('a workbook part is too large');
  const checked = (text: string) => {
    chars += text.length;
    if (chars > limits.chars) throw tooLarge();
    // Each stretch without '<' is measured only when this chunk could complete a long one.
    if (sinceTag + text.length > limits.run) {
      let previous = -1 - sinceTag;
      for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
        if (at - previous - 1 > limits.run) throw tooLarge();
        previous = at;
      }
    }
    const last = text.lastIndexOf('<');
    sinceTag = last < 0 ? sinceTag + text.length : text.length - 1 - last;
    if (sinceTag > limits.run) throw tooLarge();
    return text;
  };
  for await (const chunk of input) yield checked(decoder.decode(chunk, { stream: true }));
  const rest = decoder.decode();
  if (rest) yield checked(rest);
}

/** A zipped part's bytes as they inflate (jszip's stream is of the old kind, so it is wrapped). */
const inflated = (part: JSZip.JSZipObject): Readable => new Readable().wrap(part.nodeStream('nodebuffer'));

/** A zipped part as one piece of text, for exceljs' part readers. */
async function wholePart(part: JSZip.JSZipObject): Promise<Readable> {
  let text = '';
  for await (const piece of decoded(inflated(part), { chars: MAX_PART_CHARS, run: MAX_PART_CHARS }))
    text += piece;
  return Readable.from([text]);
}

/**
 * The first sheet's rows, read with exceljs' streaming reader but with the zip opened from its
 * central directory. exceljs' own reader walks the zip as a stream and, on a busy machine, now
 * and then ends before its last part (the sheet list, which exceljs writes last); it also decodes
 * each inflated chunk on its own, garbling a Chinese character cut between two. Here the sheet
 * list, styles and shared strings are read whole first, and the sheet decoded as one stream.
 */
async function* firstSheet(file: Buffer, maxSheetChars: number): AsyncGenerator<ExcelJS.Row> {
  const zip = await JSZip.loadAsync(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as ReaderParts;
  const part = (path: string) => zip.file(path.replace(/^\//, ''));
  const rels = part('xl/_rels/workbook.xml.rels');
  const book = part('xl/workbook.xml');
  if (!rels || !book) throw new Error('not a workbook');
  await reader._parseRels(await wholePart(rels));
  await reader._parseWorkbook(await wholePart(book));
  const styles = part('xl/styles.xml');
  if (styles) await reader._parseStyles(await wholePart(styles));
  const strings = part('xl/sharedStrings.xml');
  if (strings) for await (const _ of reader._parseSharedStrings(await wholePart(strings)));
  const first = reader.model?.sheets?.[0];
  const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target ?? '';
  const sheet = part(target.startsWith('/') ? target : `xl/${target}`);
  const sheetNo = /^sheet(\d+)\.xml$/.exec(target.slice(target.lastIndexOf('/') + 1))?.[1];
  if (!sheet || !sheetNo) throw new Error('the workbook has no sheet');
  for (const { value } of reader._parseWorksheet(
    decoded(inflated(sheet), { chars: maxSheetChars, run: MAX_RUN_CHARS }),
    sheetNo,
  ))
    for await (const row of value) if (row.hasValues) yield row;
}

/**
 * The non-empty rows of an uploaded file's first sheet, read as a stream: a 100,000-row file
 * never stands in memory as a workbook. A sheet past `maxSheetChars` is refused.
 */
export async function* sheetRows(file: Buffer, maxSheetChars = MAX_SHEET_CHARS): AsyncGenerator<ExcelJS.Row> {
  const rows = firstSheet(file, maxSheetChars);
  for (;;) {
    let next: IteratorResult<ExcelJS.Row>;
    try {
      next = await rows.next();
    } catch {
      throw new AppError(400, 'importNotSheet');
    }
    if (next.done) return;
    yield next.value;
  }
}

/** The number of data rows (the header aside), counting no further than `limit` when given. */
export async function countRows(file: Buffer, limit = Number.POSITIVE_INFINITY): Promise<number> {
  let rows = -1;
  for await (const _ of sheetRows(file)) if (++rows >= limit) break;
  return Math.max(rows, 0);
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
  for await (const row of sheetRows(file)) {
    if (!columns) {
      columns = new Map();
      row.eachCell((cell, index) => {
        const text = String(cell.text ?? '').trim();
        const field = byLabel.get(text) ?? byLabel.get(text.toLowerCase());
        if (field) columns?.set(index, field);
      });
      if (columns.size === 0) throw new AppError(400, 'importNoColumns');
      continue;
    }
    if (++outcome.total > MAX_IMPORT_ROWS)
      throw new AppError(400, 'importTooLarge', { max: MAX_IMPORT_ROWS });
    const body: Record<string, unknown> = {};
    for (const [index, field] of columns) {
      let value = formValue(row.getCell(index).value, field, deps.config.timeZone);
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
