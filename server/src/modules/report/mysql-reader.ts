import mysql from 'mysql2';
import { mysqlPoolOptions } from '../../db/dialects/mysql.js';
import type { BoundQuery } from './report-sql.js';
import { type Cell, exactNumber, QueryError, type RowReader, type TimeBudget } from './row-reader.js';

/** Grace beyond the budget before the client gives up on a server that stopped answering. */
const STALL_GRACE_MS = 3000;

/**
 * The server's codes for what a report's failure means, in the SQLSTATE words queryFailure
 * reads: a read-only refusal (25006 on both), the statement time limit (MariaDB's 1969,
 * MySQL's 3024), a refused login and an unknown database.
 */
const MEANINGS: Record<number, string> = { 1969: '57014', 3024: '57014', 1045: '28000', 1049: '3D000' };

interface MysqlFailure {
  errno?: number;
  sqlState?: string;
  sqlMessage?: string;
}

/** A database error as queryFailure reads it; anything else (the network) as it is. */
function asQueryError(error: unknown): unknown {
  const failure = error as MysqlFailure;
  if (!failure?.sqlMessage) return error;
  return new QueryError(failure.sqlMessage, MEANINGS[failure.errno ?? 0] ?? failure.sqlState ?? '');
}

/** A value as the wire carries it: DECIMAL as a number when a double holds it, dates as text. */
function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'string') return /^-?\d+(\.\d+)?$/.test(value) ? exactNumber(value) : value;
  if (Buffer.isBuffer(value)) return value.toString('hex');
  return JSON.stringify(value);
}

/**
 * Opens a report query on MySQL or MariaDB: its own connection, a READ ONLY transaction, the
 * statement time limit set to what is left of the budget (MariaDB's max_statement_time, MySQL's
 * max_execution_time), and the rows streamed batch by batch. The connection allows one
 * statement per call, so a second statement hidden in the text is refused.
 */
export async function openMysqlReader(
  url: string,
  query: BoundQuery,
  budget: TimeBudget,
): Promise<RowReader> {
  const connection = mysql.createConnection({
    ...mysqlPoolOptions(url, { connectTimeout: 5000 }),
    rowsAsArray: true,
  });
  connection.on('error', () => undefined);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    connection.destroy();
  };
  const stall = () => connection.destroy();
  const run = (text: string) =>
    new Promise<void>((resolve, reject) =>
      connection.query(text, (error) => (error ? reject(error) : resolve())),
    );
  try {
    await budget.charge(
      new Promise<void>((resolve, reject) => connection.connect((e) => (e ? reject(e) : resolve()))),
      stall,
      STALL_GRACE_MS,
    );
    const ms = Math.max(1, Math.ceil(budget.remaining()));
    await run(`set session max_statement_time = ${ms / 1000}`).catch(() =>
      run(`set session max_execution_time = ${ms}`),
    );
    await run('start transaction read only');
    const running = connection.query({ sql: query.text, values: query.values, rowsAsArray: true });
    // The stream from the start: rows that arrive before it would be lost.
    const stream = running.stream({ highWaterMark: 1000 });
    // A failing statement destroys the stream with its error before anything reads it (the
    // iterator listens only from its first read); the error reaches the caller through the
    // query's own 'error' below, or through the next read, never as an uncaught exception.
    stream.on('error', () => undefined);
    const rows = stream[Symbol.asyncIterator]();
    const columns = await budget.charge(
      new Promise<string[]>((resolve, reject) => {
        running.once('fields', (fields: { name: string }[]) => resolve(fields.map((f) => f.name)));
        running.once('error', reject);
        running.once('end', () => resolve([]));
      }),
      stall,
      STALL_GRACE_MS,
    );
    let done = false;
    return {
      columns,
      async read(max) {
        const batch: Cell[][] = [];
        while (!done && batch.length < max) {
          const next = await budget.charge(rows.next(), stall, STALL_GRACE_MS).catch((error: unknown) => {
            throw asQueryError(error);
          });
          if (next.done) done = true;
          else batch.push((next.value as unknown[]).map(cellOf));
        }
        return batch;
      },
      close,
    };
  } catch (error) {
    await close();
    throw asQueryError(error);
  }
}
