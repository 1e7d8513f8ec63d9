import { sql } from 'kysely';
import type { DataAccess } from '../../db/database.js';

/** A table with a column of every type the generator maps, in each dialect (tests' fixture). */
export const EVERY_TYPE_TABLE = 'demo_every_type';

/** The audit columns every table of ours has, as DDL (both dialects). */
export const AUDIT_COLUMN_SQL = `
  create_user bigint,
  create_dept bigint,
  create_time timestamp not null,
  update_user bigint,
  update_time timestamp not null,
  status integer not null default 1,
  is_deleted integer not null default 0`;

const SQLITE = `create table ${EVERY_TYPE_TABLE} (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(64) not null,
  code char(8),
  body text,
  qty integer not null default 0,
  big bigint,
  small smallint,
  price decimal(10,2),
  ratio real,
  weight double,
  active boolean not null default 1,
  born date,
  seen_at datetime,
  stamped timestamp,
  payload json,
  photo blob,
  kind varchar(16) not null default 'basic',${AUDIT_COLUMN_SQL}
)`;

const POSTGRES = `create table ${EVERY_TYPE_TABLE} (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(64) not null,
  code char(8),
  body text,
  qty integer not null default 0,
  big bigint,
  small smallint,
  price numeric(10,2),
  ratio real,
  weight double precision,
  active boolean not null default true,
  born date,
  seen_at timestamp,
  stamped timestamptz,
  at_time time,
  payload json,
  doc jsonb,
  uid uuid,
  photo bytea,
  amount money,
  kind varchar(16) not null default 'basic',${AUDIT_COLUMN_SQL}
)`;

/** MySQL's: its DATETIME for the audit times, as our migrations make them, and comments inline. */
const MYSQL = `create table ${EVERY_TYPE_TABLE} (
  id bigint primary key,
  tenant_id varchar(12) not null,
  title varchar(64) not null comment '标题，必填',
  code char(8),
  body text,
  qty integer not null default 0,
  big bigint,
  small smallint,
  price decimal(10,2) comment '单价（元）',
  ratio real,
  weight double,
  active boolean not null default 1,
  born date,
  seen_at datetime,
  stamped timestamp null,
  payload json,
  photo blob,
  kind varchar(16) not null default 'basic',${AUDIT_COLUMN_SQL.replaceAll('timestamp', 'datetime(3)')}
) comment '全类型示例'`;

/** Creates the table (with column comments on PostgreSQL and MySQL) through a data source's raw handle. */
export async function createEveryTypeTable(data: DataAccess): Promise<void> {
  const db = data.unscoped();
  await sql.raw({ sqlite: SQLITE, postgres: POSTGRES, mysql: MYSQL }[data.dialect]).execute(db);
  if (data.dialect === 'postgres') {
    await sql.raw(`comment on table ${EVERY_TYPE_TABLE} is '全类型示例'`).execute(db);
    await sql.raw(`comment on column ${EVERY_TYPE_TABLE}.title is '标题，必填'`).execute(db);
    await sql.raw(`comment on column ${EVERY_TYPE_TABLE}.price is '单价（元）'`).execute(db);
  }
}
