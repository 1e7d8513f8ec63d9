import type { Socket } from 'node:net';
import {
  ColumnNode,
  CompiledQuery,
  type CreateIndexNode,
  type DatabaseConnection,
  type DataTypeNode,
  type DropIndexNode,
  MysqlDialect,
  MysqlQueryCompiler,
  type QueryCompiler,
} from 'kysely';
import { createPool, type Pool, type PoolOptions } from 'mysql2';
import type { PoolUse } from '../dialect-kinds.js';

/**
 * What every connection to a MySQL or MariaDB database of ours assumes (docs/mysql.md): times
 * are stored and compared in UTC; `||` joins text and `"name"` names a column, as in the SQL
 * the other two dialects share (triggers, searches, the report designer's built-in source).
 * Backslashes in literals stay escapes: mysql2 fills in parameters with backslash escaping.
 */
const SESSION = [
  "set session time_zone = '+00:00'",
  "set session sql_mode = concat(@@session.sql_mode, ',ANSI_QUOTES,PIPES_AS_CONCAT')",
];

/**
 * Indexed text columns wider than an index key holds (3072 bytes, 768 characters of utf8mb4),
 * indexed by their first characters: a prefix narrows a search as well, the rows decide.
 */
const PREFIXED: Record<string, number> = {
  'blade_user.dept_id': 255,
};

/** A column as a MySQL index names it: a wide one by its first characters (raw index DDL). */
export const mysqlKeyPart = (table: string, column: string): string => {
  const prefix = PREFIXED[`${table}.${column}`];
  return prefix ? `${column}(${prefix})` : column;
};

/**
 * The migrations' column types and indexes, written once for all dialects, in MySQL's terms:
 * - `timestamp` is DATETIME(3): a UTC text's milliseconds kept, no 2038 limit and no automatic
 *   update of a TIMESTAMP column;
 * - an index with a condition (MySQL has no partial index): a plain index covers every row,
 *   which answers the same queries; a unique one becomes unique over its columns and an
 *   invisible virtual column that is 1 where the condition holds and NULL elsewhere, so rows
 *   outside it (soft-deleted) never collide, as NULLs never do in a unique index;
 * - `text` is LONGTEXT (MySQL's TEXT stops at 64 KB; the other dialects' have no limit).
 */
class MysqlSchemaCompiler extends MysqlQueryCompiler {
  protected override visitDataType(node: DataTypeNode): void {
    if (node.dataType === 'timestamp') this.append('datetime(3)');
    // TEXT holds 64 KB on MySQL, a rich text or a document may hold more (unbounded elsewhere).
    else if (node.dataType === 'text') this.append('longtext');
    else super.visitDataType(node);
  }

  protected override visitCreateIndex(node: CreateIndexNode): void {
    if (!node.table) throw new Error(`MySQL creates index ${node.name.name} only on its table`);
    const table = node.table.table.identifier.name;
    if (node.where && node.unique) {
      const live = `${node.name.name}_in`;
      this.append('alter table ');
      this.visitNode(node.table);
      this.append(` add column \`${live}\` tinyint as (case when `);
      this.visitNode(node.where.where);
      this.append(' then 1 end) virtual invisible, add unique index ');
      this.visitNode(node.name);
      this.indexColumns(table, node.columns, `, \`${live}\``);
      return;
    }
    this.append(`create ${node.unique ? 'unique ' : ''}index `);
    this.visitNode(node.name);
    this.append(' on ');
    this.visitNode(node.table);
    this.indexColumns(table, node.columns, '');
  }

  /** An index's columns, a wide text column by its first characters (PREFIXED). */
  private indexColumns(table: string, columns: CreateIndexNode['columns'], after: string): void {
    this.append(' (');
    (columns ?? []).forEach((column, i) => {
      if (i > 0) this.append(', ');
      this.visitNode(column);
      const prefix = ColumnNode.is(column) ? PREFIXED[`${table}.${column.column.name}`] : undefined;
      if (prefix) this.append(`(${prefix})`);
    });
    this.append(`${after})`);
  }

  protected override visitDropIndex(node: DropIndexNode): void {
    if (!node.table)
      throw new Error(`MySQL drops index ${node.name.identifier.name} only on its table (dropIndexOn)`);
    super.visitDropIndex(node);
  }
}

class SchemaMysqlDialect extends MysqlDialect {
  override createQueryCompiler(): QueryCompiler {
    return new MysqlSchemaCompiler();
  }
}

/** The pool's settings from a mysql:// or mariadb:// address. */
export function mysqlPoolOptions(
  url: string,
  options: { poolSize?: number; connectTimeout?: number },
): PoolOptions {
  const parsed = new URL(url.replace(/^mariadb:/, 'mysql:'));
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : 3306,
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    database: decodeURIComponent(parsed.pathname.slice(1)),
    connectionLimit: options.poolSize ?? 10,
    connectTimeout: options.connectTimeout,
    charset: 'UTF8MB4_UNICODE_CI',
    // The same shapes the other dialects hand back: times as UTC text, DECIMAL as text, BIGINT
    // ids as numbers (they fit in 53 bits, core/ids.ts).
    timezone: 'Z',
    dateStrings: true,
    decimalNumbers: false,
    supportBigNumbers: true,
    bigNumberStrings: false,
    multipleStatements: false,
  };
}

export function openMysqlPool(
  url: string,
  options: { poolSize?: number; connectTimeout?: number; socket?: () => Socket },
): Pool {
  const settings = mysqlPoolOptions(url, options);
  const socket = options.socket;
  // mysql2 takes a connected stream (pg connects the one it is given).
  const connected = socket
    ? () => socket().connect(settings.port ?? 3306, settings.host ?? 'localhost')
    : undefined;
  return createPool(connected ? { ...settings, stream: connected } : settings);
}

export function mysqlDialect(pool: Pool): MysqlDialect {
  return new SchemaMysqlDialect({
    pool,
    onCreateConnection: async (connection: DatabaseConnection) => {
      for (const statement of SESSION) await connection.executeQuery(CompiledQuery.raw(statement));
    },
  });
}

export const isMysqlUrl = (url: string): boolean => /^(mysql|mariadb):\/\//.test(url);

/** The queues mysql2's pool keeps (not in its types): each has a length. */
interface PoolQueues {
  _allConnections?: { length: number };
  _freeConnections?: { length: number };
  _connectionQueue?: { length: number };
}

/** A MySQL pool's connections: open, idle among them, and queries waiting for one. */
export function mysqlPoolUse(pool: Pool, max: number): PoolUse {
  const queues = pool as unknown as PoolQueues;
  return {
    max,
    total: queues._allConnections?.length ?? 0,
    idle: queues._freeConnections?.length ?? 0,
    waiting: queues._connectionQueue?.length ?? 0,
  };
}
