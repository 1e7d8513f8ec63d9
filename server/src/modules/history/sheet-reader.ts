import { Worker } from 'node:worker_threads';
import type ExcelJS from 'exceljs';
import { AppError } from '../../core/errors.js';
import { SHEET_LIMITS, SHEET_READERS, type SheetLimits } from './spreadsheet-limits.js';
import type { SheetRow } from './spreadsheet-read.js';
import type { SheetAnswer, SheetJob } from './spreadsheet-worker.js';

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
