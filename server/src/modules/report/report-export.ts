import type { ReadStream } from 'node:fs';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { neutralise } from '../mall/links-export.js';
import type { ReportColumn } from './report-runner.js';
import type { Cell } from './row-reader.js';

/** A finished spreadsheet on disk, streamed to the client and removed once sent. */
export interface WrittenWorkbook {
  stream: ReadStream;
  size: number;
  rows: number;
}

/** Excel's sheet names: at most 31 characters, none of : \ / ? * [ ]. */
export const sheetNameOf = (name: string): string =>
  name
    .replace(/[:\\/?*[\]]/g, ' ')
    .trim()
    .slice(0, 31) || 'Report';

/**
 * Writes the rows to an .xlsx in a temporary directory, streaming (constant memory), with the
 * design's labels as the header row and formula-like text neutralised. Writing the whole file
 * before answering means a query that fails half-way (time limit, too many rows) still answers a
 * clear error instead of a cut-off download.
 */
export async function writeWorkbook(
  sheetName: string,
  columns: readonly ReportColumn[],
  batches: AsyncIterable<Cell[][]>,
): Promise<WrittenWorkbook> {
  const dir = await mkdtemp(join(tmpdir(), 'blade-report-'));
  const file = join(dir, 'report.xlsx');
  const removeDir = () => rm(dir, { recursive: true, force: true }).catch(() => undefined);
  try {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      filename: file,
      useSharedStrings: false,
      useStyles: false,
    });
    const sheet = book.addWorksheet(sheetNameOf(sheetName));
    sheet.columns = columns.map((c, i) => ({
      header: String(neutralise(c.label)),
      key: `c${i}`,
      width: Math.min(40, Math.max(10, c.label.length + 4)),
    }));
    let rows = 0;
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(row.map((value) => neutralise(value) as Cell)).commit();
      rows += batch.length;
    }
    sheet.commit();
    await book.commit();
    const size = (await stat(file)).size;
    const stream = createReadStream(file);
    stream.on('close', () => void removeDir());
    return { stream, size, rows };
  } catch (error) {
    await removeDir();
    throw error;
  }
}
