import pg from 'pg';
import { AppError } from '../../core/errors.js';

/** One value of a report row as it goes on the wire and into the spreadsheet. */
export type Cell = string | number | boolean | null;

/**
 * A decimal's text as a number, or as the text when a double would round it (more than 15
 * significant digits).
 */
export function exactNumber(text: string): Cell {
  const n = Number(text);
  const exact = text.replace(/^-/, '').replace('.', '').replace(/^0+/, '').length <= 15;
  return Number.isFinite(n) && exact ? n : text;
}

/** The rows of a running report query, read batch by batch (an export never holds them all). */
export interface RowReader {
  /** Column names in order (names may repeat: rows are arrays). */
  readonly columns: readonly string[];
  /** Up to `max` further rows; an empty batch at the end. */
  read(max: number): Promise<Cell[][]>;
  /** Ends the query and frees its connection; safe to call twice. */
  close(): Promise<void>;
}

/** A failure the database reported about the query itself (its words are shown to the designer). */
export class QueryError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'QueryError';
  }
}

/**
 * The time a query may keep the database busy. Every wait on the database spends from it, so an
 * export's spreadsheet writing does not count, while a query that never answers is stopped.
 */
export class TimeBudget {
  private spent = 0;

  constructor(readonly limitMs: number) {}

  remaining(): number {
    return Math.max(0, this.limitMs - this.spent);
  }

  expired(): AppError {
    return new AppError(400, 'reportTimeout', { seconds: Math.round(this.limitMs / 100) / 10 });
  }

  /**
   * Waits for a database call, charging its time. When the budget runs out first (plus `graceMs`,
   * for databases that stop the statement themselves), `stop` ends the work and the wait fails.
   */
  async charge<T>(work: Promise<T>, stop: () => void, graceMs = 0): Promise<T> {
    const left = this.remaining();
    if (left <= 0) {
      work.catch(() => undefined);
      stop();
      throw this.expired();
    }
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const expiry = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        stop();
        reject(this.expired());
      }, left + graceMs);
    });
    // The work fails too once stopped; that later rejection is expected and handled here.
    work.catch(() => undefined);
    try {
      return await Promise.race([work, expiry]);
    } finally {
      clearTimeout(timer);
      this.spent += performance.now() - started;
    }
  }
}

const UNREACHABLE =
  /^(ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ECONNRESET|EPIPE)$/;

/** The first line of a database message, short enough for a toast. */
const brief = (message: string): string => {
  const line = message.split('\n')[0]?.trim() ?? '';
  return line.length > 300 ? `${line.slice(0, 297)}…` : line;
};

/**
 * What a failed report query means for the person who wrote it. Only the database's own errors
 * about the query are passed on (never a stack); anything else stays a server error.
 */
export function queryFailure(error: unknown, budget: TimeBudget): unknown {
  if (error instanceof AppError) return error;
  const fromDatabase = error instanceof pg.DatabaseError || error instanceof QueryError;
  const code = String((error as { code?: unknown })?.code ?? '');
  const message = error instanceof Error ? error.message : '';
  if (
    UNREACHABLE.test(code) ||
    /timeout exceeded when trying to connect|Connection terminated/i.test(message)
  )
    return new AppError(503, 'datasourceUnreachable');
  if (!fromDatabase) return error;
  if (code === '57014') return budget.expired();
  if (code === '25006' || code === 'SQLITE_READONLY' || /data-modifying/i.test(message))
    return new AppError(400, 'reportWrites');
  if (code === '28P01' || code === '28000') return new AppError(400, 'datasourceLogin');
  if (code === '3D000' || code === 'SQLITE_CANTOPEN') return new AppError(400, 'datasourceMissing');
  return new AppError(400, 'reportQuery', { detail: brief(message) });
}
