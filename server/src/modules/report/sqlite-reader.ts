import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { BoundQuery } from './report-sql.js';
import { type Cell, QueryError, type RowReader, type TimeBudget } from './row-reader.js';

/**
 * The reading side, run in a child process of its own. better-sqlite3 runs a statement to its end
 * inside one native call that neither a timer nor worker.terminate() can interrupt (a terminated
 * worker thread keeps spinning in sqlite3_step), so the time limit kills the process instead.
 * The connection is read-only and query_only, and a statement that is not a pure reader is
 * refused before it runs. Plain JavaScript, so it needs no build step or loader.
 */
const CHILD = String.raw`
'use strict';
let rows = null;
const send = (m) => process.send(m);
const cell = (v) => {
  if (typeof v === 'bigint')
    return v >= -9007199254740991n && v <= 9007199254740991n ? Number(v) : String(v);
  if (v instanceof Uint8Array) return '\\x' + Buffer.from(v).toString('hex');
  return v;
};
process.on('message', (m) => {
  try {
    if (m.type === 'open') {
      const Database = require(m.driver);
      const db = new Database(m.file, { readonly: true, fileMustExist: true });
      db.pragma('query_only = ON');
      const stmt = db.prepare(m.sql);
      if (!stmt.reader || !stmt.readonly) {
        send({ type: 'error', code: 'SQLITE_READONLY', message: 'the statement writes' });
        return;
      }
      stmt.raw(true);
      stmt.safeIntegers(true);
      const columns = stmt.columns().map((c) => c.name);
      rows = stmt.iterate(...m.values);
      send({ type: 'open', columns });
    } else if (m.type === 'read') {
      const out = [];
      let done = false;
      while (out.length < m.max) {
        const next = rows.next();
        if (next.done) { done = true; break; }
        out.push(next.value.map(cell));
      }
      send({ type: 'rows', rows: out, done });
    }
  } catch (e) {
    send({ type: 'error', code: String((e && e.code) || (e && e.name) || ''), message: String(e && e.message) });
  }
});
process.on('disconnect', () => process.exit(0));
`;

type Answer =
  | { type: 'open'; columns: string[] }
  | { type: 'rows'; rows: Cell[][]; done: boolean }
  | { type: 'error'; code: string; message: string };

const driver = createRequire(import.meta.url).resolve('better-sqlite3');

/** One request at a time to the child, one answer each. */
class Channel {
  private waiting: { resolve: (a: Answer) => void; reject: (e: Error) => void } | null = null;

  constructor(private readonly child: ChildProcess) {
    child.on('message', (answer: Answer) => {
      const w = this.waiting;
      this.waiting = null;
      if (answer.type === 'error') w?.reject(new QueryError(answer.message, answer.code));
      else w?.resolve(answer);
    });
    const gone = () => {
      const w = this.waiting;
      this.waiting = null;
      w?.reject(new Error('the report reader stopped'));
    };
    child.on('exit', gone);
    child.on('error', gone);
  }

  ask(message: object): Promise<Answer> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      if (!this.child.connected) {
        this.waiting = null;
        reject(new Error('the report reader stopped'));
        return;
      }
      this.child.send(message);
    });
  }
}

/** Opens a report query on an SQLite file, read-only, in a child process killed at the time limit. */
export async function openSqliteReader(
  file: string,
  query: BoundQuery,
  budget: TimeBudget,
): Promise<RowReader> {
  const child = spawn(process.execPath, ['-e', CHILD], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'advanced',
    // Nothing of the server's environment (secrets, loader flags) reaches the reader.
    env: {},
    windowsHide: true,
  });
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  const channel = new Channel(child);
  let done = false;
  try {
    const opened = await budget.charge(
      channel.ask({ type: 'open', driver, file, sql: query.text, values: query.values }),
      kill,
    );
    const columns = opened.type === 'open' ? opened.columns : [];
    return {
      columns,
      async read(max) {
        if (done) return [];
        const answer = await budget.charge(channel.ask({ type: 'read', max }), kill);
        if (answer.type !== 'rows') return [];
        done = answer.done;
        return answer.rows;
      },
      async close() {
        kill();
      },
    };
  } catch (error) {
    kill();
    throw error;
  }
}
