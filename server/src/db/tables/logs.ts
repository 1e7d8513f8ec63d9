/** The API, usual, error and sign-in logs. */

import type { LogAudit, TenantOwned } from './columns.js';

interface LogColumns extends TenantOwned, LogAudit {
  service_id: string | null;
  server_host: string | null;
  server_ip: string | null;
  env: string | null;
  method: string | null;
  request_uri: string | null;
  user_agent: string | null;
  remote_ip: string | null;
  params: string | null;
  create_by: string | null;
  create_user: number | null;
  create_time: string;
}

/** The error log: the columns every log has (its service is always named) and the exception. */
export interface ErrorLogTable extends LogColumns {
  service_id: string;
  stack_trace: string | null;
  exception_name: string | null;
  message: string | null;
}

export interface ApiLogTable extends LogColumns {
  type: string | null;
  title: string | null;
  method_class: string | null;
  method_name: string | null;
  status_code: number | null;
  time: number | null;
}

export interface UsualLogTable extends LogColumns {
  log_level: string | null;
  log_id: string | null;
  log_data: string | null;
}

/** One attempt on a sign-in route and its result; never a password. */
export interface LoginLogTable extends TenantOwned, LogAudit {
  create_user: number | null;
  create_time: string;
  account: string | null;
  /** The tenant the attempt named (the row belongs to the platform when it names none that exists). */
  requested_tenant: string | null;
  client_id: string | null;
  grant_type: string | null;
  result: string;
  remote_ip: string | null;
  user_agent: string | null;
}

/** Its tables, by name (a part of `Database`). */
export interface LogTables {
  blade_log_error: ErrorLogTable;
  blade_log_api: ApiLogTable;
  blade_log_usual: UsualLogTable;
  blade_log_login: LoginLogTable;
}
