import type { Database as SQLiteDatabase } from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/** How long a statement or a transaction waits for another process to let go of the write lock. */
export const BUSY_MS = 5_000;

const BEGIN = CompiledQuery.raw('begin immediate');

const isBusy = (error: unknown): boolean => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Kysely's SQLite driver for a file other processes may write too (a rolling restart, the server
 * started twice). Its transactions take the write lock when they begin: one begun as a reader
 * (plain `begin`) that writes after another process committed cannot take the lock at all
 * (SQLITE_BUSY_SNAPSHOT, no wait helps), and most of ours read before they write. The lock is
 * waited for here, off the event loop, by `begin immediate` and by every statement outside a
 * transaction: SQLite's own busy wait (`busy_timeout`) would hold the whole process for as long
 * as the other one keeps the lock. Inside a transaction begun so, the lock is already held.
 */
class WriterDriver extends SqliteDriver {
  private patient: DatabaseConnection | undefined;

  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SQLiteDatabase,
  ) {
    super(config);
  }

  override async init(): Promise<void> {
    await super.init();
    this.sqlite.pragma('busy_timeout = 0');
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    // SQLite has the one connection: wrapped once.
    const connection = await super.acquireConnection();
    this.patient ??= this.waiting(connection);
    return this.patient;
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(BEGIN);
  }

  /** The connection whose statements outside a transaction wait their turn for up to BUSY_MS. */
  private waiting(connection: DatabaseConnection): DatabaseConnection {
    const sqlite = this.sqlite;
    return {
      async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
        let deadline = 0;
        for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
          try {
            return await connection.executeQuery<R>(query);
          } catch (error) {
            if (!isBusy(error) || sqlite.inTransaction) throw error;
            deadline ||= Date.now() + BUSY_MS;
            if (Date.now() + pause > deadline) throw error;
          }
          await sleep(pause);
        }
      },
      streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
    };
  }
}

/** The SQLite dialect with `WriterDriver`: `sqlite` is the connection `config.database` wraps. */
export class WriterSqliteDialect extends SqliteDialect {
  constructor(
    private readonly config: SqliteDialectConfig,
    private readonly sqlite: SQLiteDatabase,
  ) {
    super(config);
  }

  override createDriver(): Driver {
    return new WriterDriver(this.config, this.sqlite);
  }
}
