import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { MessageKey, MessageParams } from '../../core/messages.js';
import type { SheetLimits } from './spreadsheet-limits.js';

/**
 * Reading a workbook's first sheet with every part measured as it inflates. This runs inside the
 * spreadsheet worker (spreadsheet-worker.ts), never on the server's thread.
 */

/** A non-empty row: its number in the sheet and its cells' values by column (1-based). */
export interface SheetRow {
  number: number;
  cells: ExcelJS.CellValue[];
}

/** A limit of SHEET_LIMITS passed: answered as a refusal that names it. */
export class SheetRefusal extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: MessageParams,
  ) {
    super(key);
  }
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

/** How much of one part may inflate, and whether its rows and cells are counted (the sheet). */
interface PartBudget {
  part: string;
  chars: number;
  limits: SheetLimits;
  isSheet?: boolean;
}

/** Row and cell tags, counted in the text before the XML reader builds anything of them. */
const ROW_OR_CELL = /<(row|c)[\s/>]/g;
/** Longest tag ROW_OR_CELL matches, less one: what a chunk's end may hold of a tag cut in two. */
const TAG_TAIL = 4;

/**
 * Each chunk of a part as UTF-8 text (a character cut between two chunks kept whole), measured
 * before it is handed on: characters in all, characters between two tags, and in the sheet its
 * rows and cells.
 */
async function* measured(input: AsyncIterable<Buffer>, budget: PartBudget): AsyncGenerator<string> {
  const { limits } = budget;
  const decoder = new TextDecoder('utf-8');
  let chars = 0;
  let sinceTag = 0;
  let rows = 0;
  let cells = 0;
  let rowCells = 0;
  let tail = '';
  const count = (text: string) => {
    const scanned = tail + text;
    ROW_OR_CELL.lastIndex = 0;
    for (let match = ROW_OR_CELL.exec(scanned); match; match = ROW_OR_CELL.exec(scanned)) {
      // A tag wholly inside the tail was counted with the chunk before.
      if (match.index + match[0].length <= tail.length) continue;
      if (match[1] === 'row') {
        if (++rows > limits.rows) throw new SheetRefusal('sheetTooManyRows', { max: limits.rows });
        rowCells = 0;
      } else {
        if (++rowCells > limits.cellsPerRow)
          throw new SheetRefusal('sheetRowTooWide', { max: limits.cellsPerRow });
        if (++cells > limits.cells) throw new SheetRefusal('sheetTooManyCells', { max: limits.cells });
      }
    }
    tail = scanned.slice(-TAG_TAIL);
  };
  const checked = (text: string) => {
    chars += text.length;
    if (chars > budget.chars)
      throw new SheetRefusal('sheetPartTooLarge', { part: budget.part, max: budget.chars });
    // Each stretch without '<' is measured only when this chunk could complete a long one.
    if (sinceTag + text.length > limits.runChars) {
      let previous = -1 - sinceTag;
      for (let at = text.indexOf('<'); at >= 0; at = text.indexOf('<', at + 1)) {
        if (at - previous - 1 > limits.runChars)
          throw new SheetRefusal('sheetTextTooLong', { max: limits.runChars });
        previous = at;
      }
    }
    const last = text.lastIndexOf('<');
    sinceTag = last < 0 ? sinceTag + text.length : text.length - 1 - last;
    if (sinceTag > limits.runChars) throw new SheetRefusal('sheetTextTooLong', { max: limits.runChars });
    if (budget.isSheet) count(text);
    return text;
  };
  for await (const chunk of input) yield checked(decoder.decode(chunk, { stream: true }));
  const rest = decoder.decode();
  if (rest) yield checked(rest);
}

/** A zipped part's text as it inflates (jszip's stream is of the old kind, so it is wrapped). */
const inflated = (part: JSZip.JSZipObject): Readable => new Readable().wrap(part.nodeStream('nodebuffer'));

/**
 * The non-empty rows of the first sheet, read with exceljs' streaming reader but with the zip
 * opened from its central directory. exceljs' own reader walks the zip as a stream and, on a busy
 * machine, now and then ends before its last part (the sheet list, which exceljs writes last); it
 * also decodes each inflated chunk on its own, garbling a Chinese character cut between two. Here
 * the sheet list, styles and shared strings are read first, and every part decoded as one stream.
 * More than `maxDataRows` rows below the header are refused.
 */
export async function* readSheet(
  file: Buffer,
  limits: SheetLimits,
  maxDataRows = Number.POSITIVE_INFINITY,
): AsyncGenerator<SheetRow> {
  const zip = await JSZip.loadAsync(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  }) as unknown as ReaderParts;
  const text = (path: string, chars = limits.partChars, isSheet = false) => {
    const part = zip.file(path);
    return part && measured(inflated(part), { part: path, chars, limits, isSheet });
  };
  const stream = (input: AsyncIterable<string>) => Readable.from(input);
  const rels = text('xl/_rels/workbook.xml.rels');
  const book = text('xl/workbook.xml');
  if (!rels || !book) throw new Error('not a workbook');
  await reader._parseRels(stream(rels));
  await reader._parseWorkbook(stream(book));
  const styles = text('xl/styles.xml', limits.stylesChars);
  if (styles) await reader._parseStyles(stream(styles));
  const strings = text('xl/sharedStrings.xml', limits.sharedStringsChars);
  if (strings) for await (const _ of reader._parseSharedStrings(stream(strings)));
  const first = reader.model?.sheets?.[0];
  const target = reader.workbookRels?.find((rel) => rel.Id === first?.rId)?.Target ?? '';
  const path = (target.startsWith('/') ? target : `xl/${target}`).replace(/^\//, '');
  const sheetNo = /^sheet(\d+)\.xml$/.exec(target.slice(target.lastIndexOf('/') + 1))?.[1];
  const sheet = sheetNo && text(path, limits.sheetChars, true);
  if (!sheet) throw new Error('the workbook has no sheet');
  let rows = 0;
  for (const { value } of reader._parseWorksheet(sheet, sheetNo))
    for await (const row of value) {
      if (!row.hasValues) continue;
      if (++rows > maxDataRows + 1) throw new SheetRefusal('importTooLarge', { max: maxDataRows });
      yield { number: row.number, cells: row.values as ExcelJS.CellValue[] };
    }
}
