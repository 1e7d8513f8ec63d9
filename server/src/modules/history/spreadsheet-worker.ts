import { parentPort, workerData } from 'node:worker_threads';
import type { SheetLimits } from './spreadsheet-limits.js';
import { readSheet, SheetRefusal, type SheetRow } from './spreadsheet-read.js';

/**
 * The spreadsheet worker: reads one upload's first sheet and hands its rows to the server's thread
 * a batch at a time, each batch only once the one before is taken (so rows never pile up there).
 */

/** What the server's thread sends to start a reading. */
export interface SheetJob {
  file: Uint8Array;
  limits: SheetLimits;
  maxDataRows: number;
}

/** What the worker answers: a batch of rows (the last one `done`), a refusal, or a broken file. */
export type SheetAnswer =
  | { rows: SheetRow[]; done: boolean }
  | { refused: { key: SheetRefusal['key']; params: SheetRefusal['params'] } }
  | { broken: string };

/** Rows, and cells, a batch holds at most. */
const BATCH_ROWS = 500;
const BATCH_CELLS = 20_000;

const port = parentPort;
if (port) {
  const { file, limits, maxDataRows } = workerData as SheetJob;
  const send = (answer: SheetAnswer) => port.postMessage(answer);
  const taken = () => new Promise((resolve) => port.once('message', resolve));
  void (async () => {
    let batch: SheetRow[] = [];
    let cells = 0;
    try {
      const buffer = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
      for await (const row of readSheet(buffer, limits, maxDataRows)) {
        batch.push(row);
        cells += row.cells.length;
        if (batch.length < BATCH_ROWS && cells < BATCH_CELLS) continue;
        send({ rows: batch, done: false });
        batch = [];
        cells = 0;
        await taken();
      }
      send({ rows: batch, done: true });
    } catch (error) {
      send(
        error instanceof SheetRefusal
          ? { refused: { key: error.key, params: error.params } }
          : { broken: String(error).slice(0, 200) },
      );
    }
  })();
}
