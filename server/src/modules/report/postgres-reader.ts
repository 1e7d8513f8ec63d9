import pg from 'pg';
import type { BoundQuery } from './report-sql.js';
import { type Cell, exactNumber, type RowReader, type TimeBudget } from './row-reader.js';

const BOOL = 16;
const INTEGERS = new Set([20, 21, 23, 26]); // int8, int2, int4, oid
const FLOATS = new Set([700, 701]); // float4, float8
const NUMERIC = 1700;

/** A value as PostgreSQL prints it, with numbers and booleans as such (dates stay text, no time-zone shifts). */
function parseCell(oid: number): (text: string) => Cell {
  if (oid === BOOL) return (text) => text === 't';
  if (INTEGERS.has(oid))
    return (text) => {
      const n = Number(text);
      return Number.isSafeInteger(n) ? n : text;
    };
  if (oid === NUMERIC) return exactNumber;
  if (FLOATS.has(oid))
    return (text) => {
      const n = Number(text);
      return Number.isFinite(n) ? n : text;
    };
  return (text) => text;
}

const types = { getTypeParser: (oid: number) => parseCell(oid) } as unknown as pg.CustomTypesConfig;

/** A statement with the driver options its typings leave out (both exist in pg 8). */
type Statement = pg.QueryConfig & { rowMode?: 'array'; queryMode?: 'extended' };

/** Grace beyond the budget before the client gives up on a server that stopped answering. */
const STALL_GRACE_MS = 3000;

/**
 * Opens a report query on PostgreSQL: its own connection, a READ ONLY transaction whose
 * statement_timeout is what is left of the time budget, and a cursor read batch by batch.
 * The extended protocol refuses a second statement hidden in the text.
 */
export async function openPostgresReader(
  url: string,
  query: BoundQuery,
  budget: TimeBudget,
): Promise<RowReader> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: 5000,
    application_name: 'blade-report',
    types,
  });
  // A connection that drops mid-query fails that query; the client must not take the process down.
  client.on('error', () => undefined);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await client.query('ROLLBACK').catch(() => undefined);
    await client.end().catch(() => undefined);
  };
  const stall = () => void client.end().catch(() => undefined);
  /** Runs a statement with the remaining budget as its timeout. */
  const timed = async (statement: Statement): Promise<pg.QueryResult> => {
    await client.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.ceil(budget.remaining()))}`);
    return budget.charge(client.query(statement), stall, STALL_GRACE_MS);
  };
  try {
    await client.connect();
    await client.query('BEGIN READ ONLY');
    await timed({
      text: `DECLARE report_rows NO SCROLL CURSOR FOR ${query.text}`,
      values: query.values,
      queryMode: 'extended',
    });
    const head = await timed({ text: 'FETCH FORWARD 0 FROM report_rows', rowMode: 'array' });
    const columns = head.fields.map((f) => f.name);
    let done = false;
    return {
      columns,
      async read(max) {
        if (done) return [];
        const batch = await timed({
          text: `FETCH FORWARD ${Math.max(1, Math.floor(max))} FROM report_rows`,
          rowMode: 'array',
        });
        const rows = batch.rows as unknown as Cell[][];
        if (rows.length < max) done = true;
        return rows;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
