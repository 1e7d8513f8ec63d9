/**
 * The audit columns every table of ours has (ARCHITECTURE §6), as DDL SQLite and PostgreSQL both
 * take: the tables the code generator's tests and the e2e make are made with them. No imports, so
 * the e2e can read it.
 */
export const AUDIT_COLUMN_SQL = `
  create_user bigint,
  create_dept bigint,
  create_time timestamp not null,
  update_user bigint,
  update_time timestamp not null,
  status integer not null default 1,
  is_deleted integer not null default 0`;
