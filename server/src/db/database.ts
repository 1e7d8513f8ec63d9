import { mkdirSync } from 'node:fs';
import type { Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  HandleEmptyInListsPlugin,
  Kysely,
  type KyselyPlugin,
  type LogEvent,
  PostgresDialect,
  replaceWithNoncontingentExpression,
} from 'kysely';
import pg from 'pg';
import { withMilliseconds } from '../core/time.js';
import type { DialectName, PoolUse } from './dialect-kinds.js';
import { isMysqlUrl, mysqlDialect, mysqlPoolUse, openMysqlPool } from './dialects/mysql.js';
import { FOLD_MS, foldListCounts } from './list-counts.js';
import { preparingPool } from './pg-prepared.js';
import { SlowStatements } from './slow-statements.js';
import { BUSY_MS, WriterSqliteDialect } from './sqlite-writer.js';
import { preparingOnce } from './statement-cache.js';
import { type Database, type GlobalDatabase, SCOPED_TABLES } from './tables.js';
import { TenantScopePlugin } from './tenant-scope.js';
import { WriteObserver } from './write-observer.js';

// The dialect modules read these from dialect-kinds.ts (they are imported by this file); the rest here.
export type { DialectName, PoolUse } from './dialect-kinds.js';

declare module '../core/http.js' {
  interface AuthContext {
    /** The caller's tenant-scoped database (`forTenant`): every tenant-owned table is filtered to tenantId. */
    db: Kysely<Database>;
  }
}

/** How often a SQLite database refreshes its planner statistics. */
const OPTIMIZE_MS = 3_600_000;

// BIGINT ids fit in 53 bits (see core/ids.ts), so int8 is safe as a number; timestamps stay
// UTC text with three digits of milliseconds, so every database hands back the same shape.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, withMilliseconds);

// `x in ()` is an error on PostgreSQL and not on SQLite: make an empty list mean "nothing" on both.
const emptyInLists = new HandleEmptyInListsPlugin({ strategy: replaceWithNoncontingentExpression });

/**
 * The one way into the database. `forTenant` is what request handlers use; `global` can only
 * name tables that belong to no tenant; `unscoped` is for migrations, seeds and cross-tenant
 * administration, and every use of it is a deliberate, reviewable choice.
 */
export class DataAccess {
  private readonly scoped = new Map<string, Kysely<Database>>();
  /**
   * Statements executed so far, by requests and scheduled jobs alike: tests that prove a list
   * costs a fixed number of queries run without the scheduler. (Telling a job's statements apart
   * would take an AsyncLocalStorage, whose promise hooks cost every request of the process.)
   */
  queries = 0;
  /** The slowest statement shapes run recently (the monitor screen and /metrics read them). */
  readonly statements = new SlowStatements();
  /** The PostgreSQL pool's connections; SQLite has its one connection and no pool. */
  poolUse: () => PoolUse | undefined = () => undefined;
  /** Write generations per table, for caches that must never outlive a write. */
  readonly writes: WriteObserver;

  constructor(
    private readonly root: Kysely<Database>,
    readonly dialect: DialectName,
    writes: WriteObserver,
    /** Whether PostgreSQL connections keep repeated statements prepared (data sources follow it). */
    readonly prepare = true,
  ) {
    this.writes = writes;
  }

  forTenant(tenantId: string): Kysely<Database> {
    let db = this.scoped.get(tenantId);
    if (!db) {
      db = this.root.withPlugin(new TenantScopePlugin(tenantId, SCOPED_TABLES));
      this.scoped.set(tenantId, db);
    }
    return db;
  }

  get global(): Kysely<GlobalDatabase> {
    return this.root as unknown as Kysely<GlobalDatabase>;
  }

  unscoped(): Kysely<Database> {
    return this.root;
  }

  private readonly closing: (() => void)[] = [];

  onClose(run: () => void): void {
    this.closing.push(run);
  }

  async close(): Promise<void> {
    for (const run of this.closing) run();
    await this.root.destroy();
  }
}

function counted(
  open: (log: (event: LogEvent) => void, plugins: KyselyPlugin[]) => Kysely<Database>,
  dialect: DialectName,
  writes = new WriteObserver(),
  prepare = true,
): DataAccess {
  let access: DataAccess | undefined;
  const db = open(
    (event) => {
      if (!access) return;
      access.queries++;
      access.statements.record(event.query.sql, event.queryDurationMillis);
    },
    [emptyInLists, writes],
  );
  access = new DataAccess(db, dialect, writes, prepare);
  return access;
}

/** Folds the counting triggers' appended changes (PostgreSQL, MySQL) every few seconds. */
function foldEvery(access: DataAccess): void {
  // Failures (not migrated yet, the database away) are retried at the next tick.
  const fold = setInterval(() => {
    foldListCounts(access.unscoped()).catch(() => {});
  }, FOLD_MS);
  fold.unref();
  access.onClose(() => clearInterval(fold));
}

export function openDatabase(
  url: string,
  options: {
    poolSize?: number;
    onConnectionLost?: (error: Error) => void;
    /** Shared with another database's handle, so caches keyed by table see writes to both. */
    writes?: WriteObserver;
    /** Milliseconds to wait for a PostgreSQL connection before giving up. */
    connectTimeout?: number;
    /** The socket of each PostgreSQL connection (data sources connect through the outbound guard). */
    socket?: () => Socket;
    /** PostgreSQL: keep repeated statements prepared per connection (true unless a pooler forbids). */
    prepare?: boolean;
  } = {},
): DataAccess {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length).replace(/^\/\//, '');
    const memory = file === ':memory:';
    if (!memory) mkdirSync(dirname(resolve(file)), { recursive: true });
    const sqlite = new SQLite(memory ? ':memory:' : resolve(file));
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`busy_timeout = ${BUSY_MS}`);
    // SQLite never gathers planner statistics by itself: without them it may walk a list's
    // order index to test a rare prefix instead of seeking it. `optimize` analyses (quickly,
    // within analysis_limit) the tables that have none or have grown much since; at open and
    // then hourly, as SQLite recommends for long-lived connections.
    sqlite.pragma('analysis_limit = 1000');
    sqlite.pragma('optimize = 0x10002');
    const optimize = setInterval(() => {
      try {
        if (sqlite.open) sqlite.pragma('optimize');
      } catch {
        // Another process holds the write lock (statements wait off this connection's own busy
        // wait, see sqlite-writer.ts): the next hour's run analyses.
      }
    }, OPTIMIZE_MS);
    optimize.unref();
    const access = counted(
      (log, plugins) =>
        new Kysely<Database>({
          dialect: new WriterSqliteDialect({ database: preparingOnce(sqlite) }, sqlite),
          log,
          plugins,
        }),
      'sqlite',
      options.writes,
      options.prepare !== false,
    );
    access.onClose(() => clearInterval(optimize));
    return access;
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeout,
      ...(options.socket ? { stream: options.socket } : {}),
    });
    // An idle connection the database ends (a restart, an administrator) emits 'error' on the
    // pool; unhandled, that would end the process. The pool replaces it on the next query.
    pool.on('error', (error) => options.onConnectionLost?.(error));
    // A connection checked out (mid-query or mid-transaction) when the database goes away emits
    // 'error' on its client, which the pool only listens to while the client is idle. The query
    // itself already fails (503), and the pool discards the broken client on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const access = counted(
      (log, plugins) =>
        new Kysely<Database>({
          dialect: new PostgresDialect({ pool: options.prepare === false ? pool : preparingPool(pool) }),
          log,
          plugins,
        }),
      'postgres',
      options.writes,
      options.prepare !== false,
    );
    foldEvery(access);
    access.poolUse = () => ({
      max: pool.options.max,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    });
    return access;
  }
  if (isMysqlUrl(url)) {
    const pool = openMysqlPool(url, options);
    // As with PostgreSQL: a connection the server ends is dropped from the pool, not fatal.
    pool.on('connection', (connection) =>
      connection.on('error', (error) => options.onConnectionLost?.(error)),
    );
    const access = counted(
      (log, plugins) => new Kysely<Database>({ dialect: mysqlDialect(pool), log, plugins }),
      'mysql',
      options.writes,
      options.prepare !== false,
    );
    foldEvery(access);
    const limit = options.poolSize ?? 10;
    access.poolUse = () => mysqlPoolUse(pool, limit);
    return access;
  }
  throw new Error('DATABASE_URL must start with sqlite:, postgres://, mysql:// or mariadb://');
}
