import { sql } from 'kysely';
import type { DataAccess } from '../../db/database.js';
import { AUDIT_COLUMN_SQL } from './audit-columns.js';

/** A table with a column of every type the generator maps, in each dialect (tests' fixture). */
export const EVERY_TYPE_TABLE = 'demo_every_type';

type Dialect = DataAccess['dialect'];

/**
 * The columns in order: a type every dialect writes alike, or each dialect's (a dialect left out
 * has no such column: PostgreSQL's own types).
 */
const COLUMNS: [name: string, type: string | Partial<Record<Dialect, string>>][] = [
  ['id', 'bigint primary key'],
  ['tenant_id', 'varchar(12) not null'],
  ['title', 'varchar(64) not null'],
  ['code', 'char(8)'],
  ['body', 'text'],
  ['qty', 'integer not null default 0'],
  ['big', 'bigint'],
  ['small', 'smallint'],
  ['price', { sqlite: 'decimal(10,2)', postgres: 'numeric(10,2)', mysql: 'decimal(10,2)' }],
  ['ratio', 'real'],
  ['weight', { sqlite: 'double', postgres: 'double precision', mysql: 'double' }],
  [
    'active',
    {
      sqlite: 'boolean not null default 1',
      postgres: 'boolean not null default true',
      mysql: 'boolean not null default 1',
    },
  ],
  ['born', 'date'],
  ['seen_at', { sqlite: 'datetime', postgres: 'timestamp', mysql: 'datetime' }],
  ['stamped', { sqlite: 'timestamp', postgres: 'timestamptz', mysql: 'timestamp null' }],
  ['at_time', { postgres: 'time' }],
  ['payload', 'json'],
  ['doc', { postgres: 'jsonb' }],
  ['uid', { postgres: 'uuid' }],
  ['photo', { sqlite: 'blob', postgres: 'bytea', mysql: 'blob' }],
  ['amount', { postgres: 'money' }],
  ['kind', "varchar(16) not null default 'basic'"],
];

/** The comments the generator reads (SQLite keeps none). */
const TABLE_COMMENT = '全类型示例';
const COLUMN_COMMENTS: Record<string, string> = { title: '标题，必填', price: '单价（元）' };

/** The table's DDL in `dialect`: MySQL's with its comments inline and DATETIME audit times, as our migrations make them. */
function createStatement(dialect: Dialect): string {
  const columns = COLUMNS.flatMap(([name, type]) => {
    const written = typeof type === 'string' ? type : type[dialect];
    if (!written) return [];
    const comment = dialect === 'mysql' && COLUMN_COMMENTS[name] ? ` comment '${COLUMN_COMMENTS[name]}'` : '';
    return [`\n  ${name} ${written}${comment},`];
  });
  const audit =
    dialect === 'mysql' ? AUDIT_COLUMN_SQL.replaceAll('timestamp', 'datetime(3)') : AUDIT_COLUMN_SQL;
  const tableComment = dialect === 'mysql' ? ` comment '${TABLE_COMMENT}'` : '';
  return `create table ${EVERY_TYPE_TABLE} (${columns.join('')}${audit}\n)${tableComment}`;
}

/** Creates the table (with its comments on PostgreSQL and MySQL) through a data source's raw handle. */
export async function createEveryTypeTable(data: DataAccess): Promise<void> {
  const db = data.unscoped();
  await sql.raw(createStatement(data.dialect)).execute(db);
  if (data.dialect === 'postgres') {
    await sql.raw(`comment on table ${EVERY_TYPE_TABLE} is '${TABLE_COMMENT}'`).execute(db);
    for (const [column, comment] of Object.entries(COLUMN_COMMENTS))
      await sql.raw(`comment on column ${EVERY_TYPE_TABLE}.${column} is '${comment}'`).execute(db);
  }
}
