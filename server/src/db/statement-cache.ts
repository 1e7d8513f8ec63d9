import type { Database as SQLiteDatabase, Statement } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/** Prepared statements kept per connection: the distinct SQL texts of the product, with room. */
const KEPT = 1_000;

/** Statements that may change what a kept `select *` answers. */
const SCHEMA_CHANGE = /^\s*(alter|create|drop)\s/i;

/**
 * A function building an object of these keys from an array of values, as one literal: built
 * several times faster than keys added one by one. Keys are written as JSON strings, so no
 * column name can be more than a key; `__proto__` is never one (such statements keep objects).
 * A name given twice keeps its last value, as assignment in turn would.
 */
function objectOf(names: readonly string[]): (row: unknown[]) => Record<string, unknown> {
  const entries = names.map((name, i) => `${JSON.stringify(name)}: row[${i}]`);
  return new Function(`return (row) => ({ ${entries.join(', ')} });`)() as (
    row: unknown[],
  ) => Record<string, unknown>;
}

/**
 * A kept statement whose rows are read as arrays and made objects here: better-sqlite3 sets each
 * property of each row through V8's API, which costs a third of a short list's query; a literal
 * of the column names (read once) does not. The names are read again whenever the
 * schema may have changed (a statement of this connection altered it, or a row's width differs).
 */
class KeptStatement implements SqliteStatement {
  readonly reader: boolean;
  /** Whether rows come as arrays (a column named __proto__ would set a built row's prototype). */
  private readonly raw: boolean;
  /** Builds a row's object from its array; made from the column names, read at `namesAt`. */
  private build?: (row: unknown[]) => Record<string, unknown>;
  private width = -1;
  private namesAt = -1;

  constructor(
    readonly statement: Statement,
    private readonly schema: { generation: number },
  ) {
    this.reader = statement.reader;
    this.raw = this.reader && !statement.columns().some((c) => c.name === '__proto__');
    if (this.raw) statement.raw(true);
  }

  get busy(): boolean {
    return this.statement.busy;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    if (!this.raw) return this.statement.all(parameters ?? []);
    return (this.statement.all(parameters ?? []) as unknown[][]).map((row) => this.toObject(row));
  }

  run(parameters: ReadonlyArray<unknown>) {
    const result = this.statement.run(parameters ?? []);
    if (SCHEMA_CHANGE.test(this.statement.source)) this.schema.generation++;
    return result;
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    for (const row of this.statement.iterate(parameters ?? []))
      yield this.raw ? this.toObject(row as unknown[]) : row;
  }

  private toObject(row: unknown[]): Record<string, unknown> {
    if (!this.build || this.namesAt !== this.schema.generation || this.width !== row.length) {
      const names = this.statement.columns().map((c) => c.name);
      this.build = objectOf(names);
      this.width = names.length;
      this.namesAt = this.schema.generation;
    }
    return this.build(row);
  }
}

/**
 * The SQLite connection as Kysely sees it, preparing each SQL text once. Kysely prepares every
 * statement it runs, which costs more than running it for a short query; a statement can be run
 * again with other parameters (SQLite re-prepares it by itself after a schema change). A
 * statement still being iterated (a streamed read) is busy: a second, fresh one is prepared then.
 */
export function preparingOnce(db: SQLiteDatabase): SqliteDatabase {
  const kept = new Map<string, KeptStatement>();
  const schema = { generation: 0 };
  return {
    close: () => {
      kept.clear();
      db.close();
    },
    prepare(sql: string) {
      const known = kept.get(sql);
      if (known && !known.busy) {
        // Most recently used last, so the oldest is the one let go when full.
        kept.delete(sql);
        kept.set(sql, known);
        return known;
      }
      const statement = new KeptStatement(db.prepare(sql), schema);
      kept.set(sql, statement);
      if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
      return statement;
    },
  };
}
