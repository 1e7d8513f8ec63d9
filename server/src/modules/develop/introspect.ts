import { sql } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { DataAccess, DialectName } from '../../db/database.js';

/** One column of a table as its database describes it. */
export interface ColumnInfo {
  name: string;
  /** The declared type as the database prints it, e.g. `varchar(64)`, `numeric(10,2)`. */
  dbType: string;
  nullable: boolean;
  /** The default expression, as the database prints it, or null. */
  defaultValue: string | null;
  primaryKey: boolean;
  /** Characters of a text type, digits of a decimal, when the type names them. */
  length: number | null;
  /** Digits after the point of a decimal type. */
  scale: number | null;
  /** The column comment (PostgreSQL, MySQL; SQLite has none). */
  comment: string | null;
}

export interface TableInfo {
  name: string;
  dialect: DialectName;
  /** The table comment (PostgreSQL, MySQL), or null. */
  comment: string | null;
  columns: ColumnInfo[];
}

/** Letters, digits and underscores: the only table names the generator reads (they are quoted too). */
export const TABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Length and scale from a printed type: `varchar(64)` → 64, `numeric(10,2)` → 10 and 2. */
export function sizeOf(dbType: string): { length: number | null; scale: number | null } {
  // The text between the first brackets, then an anchored pattern (unanchored, it would be
  // tried again from every position of a long type text).
  const open = dbType.indexOf('(');
  const close = open < 0 ? -1 : dbType.indexOf(')', open);
  const inner = close < 0 ? '' : dbType.slice(open + 1, close);
  const match = /^\s*(\d{1,10})\s*(?:,\s*(\d{1,10})\s*)?$/.exec(inner);
  return {
    length: match?.[1] ? Number(match[1]) : null,
    scale: match?.[2] ? Number(match[2]) : null,
  };
}

interface SqliteColumn {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
  pk: number;
}

async function sqliteTable(data: DataAccess, table: string): Promise<TableInfo | undefined> {
  const db = data.unscoped();
  const found = await sql<{ name: string }>`
    select name from sqlite_master where type in ('table', 'view') and name = ${table}`.execute(db);
  if (found.rows.length === 0) return undefined;
  const rows = await sql<SqliteColumn>`
    select name, type, "notnull", dflt_value, pk from pragma_table_info(${table}) order by cid`.execute(db);
  return {
    name: table,
    dialect: 'sqlite',
    comment: null,
    columns: rows.rows.map((c) => ({
      name: c.name,
      dbType: c.type.toLowerCase(),
      // SQLite lets a primary key column hold NULL unless it says NOT NULL; ours never do.
      nullable: c.notnull === 0 && c.pk === 0,
      defaultValue: c.dflt_value,
      primaryKey: c.pk > 0,
      ...sizeOf(c.type),
      comment: null,
    })),
  };
}

interface PostgresColumn {
  name: string;
  db_type: string;
  not_null: boolean;
  default_value: string | null;
  primary_key: boolean;
  comment: string | null;
}

async function postgresTable(data: DataAccess, table: string): Promise<TableInfo | undefined> {
  const db = data.unscoped();
  const found = await sql<{ oid: number; comment: string | null }>`
    select c.oid::int8 as oid, obj_description(c.oid, 'pg_class') as comment
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relname = ${table} and n.nspname = current_schema() and c.relkind in ('r', 'p', 'v')`.execute(db);
  const relation = found.rows[0];
  if (!relation) return undefined;
  const rows = await sql<PostgresColumn>`
    select a.attname as name,
      format_type(a.atttypid, a.atttypmod) as db_type,
      a.attnotnull as not_null,
      pg_get_expr(d.adbin, d.adrelid) as default_value,
      exists (
        select 1 from pg_index i
        where i.indrelid = a.attrelid and i.indisprimary and a.attnum = any (i.indkey)
      ) as primary_key,
      col_description(a.attrelid, a.attnum) as comment
    from pg_attribute a
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = ${relation.oid}::oid and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  return {
    name: table,
    dialect: 'postgres',
    comment: relation.comment,
    columns: rows.rows.map((c) => ({
      name: c.name,
      dbType: c.db_type,
      nullable: !c.not_null,
      defaultValue: c.default_value,
      primaryKey: c.primary_key,
      ...sizeOf(c.db_type),
      comment: c.comment,
    })),
  };
}

interface MysqlColumn {
  name: string;
  db_type: string;
  nullable: string;
  default_value: string | null;
  column_key: string;
  comment: string;
}

async function mysqlTable(data: DataAccess, table: string): Promise<TableInfo | undefined> {
  const db = data.unscoped();
  const found = await sql<{ comment: string | null }>`
    select table_comment as comment from information_schema.tables
    where table_schema = database() and table_name = ${table}`.execute(db);
  const relation = found.rows[0];
  if (!relation) return undefined;
  // Invisible columns are the database's own (our conditional unique indexes, db/dialects/mysql.ts).
  const rows = await sql<MysqlColumn>`
    select column_name as name, column_type as db_type, is_nullable as nullable,
      column_default as default_value, column_key, column_comment as comment
    from information_schema.columns
    where table_schema = database() and table_name = ${table} and extra not like '%INVISIBLE%'
    order by ordinal_position`.execute(db);
  // MariaDB's JSON is LONGTEXT checked by json_valid(column): such a column reads as json.
  const checks = await sql<{ clause: string }>`
    select check_clause as clause from information_schema.check_constraints
    where constraint_schema = database() and table_name = ${table}`
    .execute(db)
    .catch(() => ({ rows: [] }));
  const json = new Set(
    checks.rows.map((c) => /^json_valid\(["`]([^"`]+)["`]\)$/i.exec(c.clause.trim())?.[1]).filter(Boolean),
  );
  return {
    name: table,
    dialect: 'mysql',
    comment: relation.comment || null,
    columns: rows.rows.map((c) => ({
      name: c.name,
      dbType: json.has(c.name) ? 'json' : c.db_type.toLowerCase(),
      nullable: c.nullable === 'YES',
      // MariaDB prints a NULL default as the word (a text default is quoted).
      defaultValue: c.default_value === 'NULL' ? null : c.default_value,
      primaryKey: c.column_key === 'PRI',
      ...sizeOf(c.db_type),
      comment: c.comment || null,
    })),
  };
}

/** How each dialect's catalogue is read. */
const READERS: Record<DialectName, (data: DataAccess, table: string) => Promise<TableInfo | undefined>> = {
  sqlite: sqliteTable,
  postgres: postgresTable,
  mysql: mysqlTable,
};

/**
 * Reads a table's columns from a data source's catalogue (SQLite's table_info, PostgreSQL's
 * pg_attribute in the current schema, MySQL's information_schema in the current database). Only reads: nothing is created or changed there. A table
 * that is not there answers 404 with its name.
 */
export async function introspectTable(data: DataAccess, table: string): Promise<TableInfo> {
  if (!TABLE_NAME.test(table)) throw new AppError(400, 'codeTableMissing', { table });
  const info = await READERS[data.dialect](data, table);
  if (!info || info.columns.length === 0) throw new AppError(404, 'codeTableMissing', { table });
  return info;
}
