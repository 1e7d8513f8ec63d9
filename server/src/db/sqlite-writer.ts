import type { Database as SQLiteDatabase } from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';

/** How long a statement or a transaction waits for another process to let go of the write lock. */
export const BUSY_MS = 5_000;

const BEGIN = CompiledQuery.raw('begin immediate');

function isBusy(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 'SQLITE_BUSY';
}

/**
 * Kysely's SQLite driver, whose transactions take the write lock when they begin. A transaction
 * begun as a reader (plain `begin`) that writes after another process committed cannot take the
 * lock at all (SQLITE_BUSY_SNAPSHOT, no wait helps), and most of ours read before they write.
 * The lock is waited for here, off the event loop: SQLite's own busy wait (`busy_timeout`, kept
 * for single statements) would block the process for as long as the other one holds it.
 */
class WriterDriver extends SqliteDriver {
  constructor(
    config: SqliteDialectConfig,
    private readonly sqlite: SQLiteDatabase,
  ) {
    super(config);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const deadline = Date.now() + BUSY_MS;
    this.sqlite.pragma('busy_timeout = 0');
    try {
      for (let pause = 1; ; pause = Math.min(pause * 2, 25)) {
        try {
          await connection.executeQuery(BEGIN);
          return;
        } catch (error) {
          if (!isBusy(error) || Date.now() + pause > deadline) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    } finally {
      this.sqlite.pragma(`busy_timeout = ${BUSY_MS}`);
    }
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
