import { businessTables, resources } from '@blade/schema';
import type { Generated } from 'kysely';

/** Audit columns every business table carries (ARCHITECTURE §6). */
export interface AuditColumns {
  create_user: number | null;
  create_dept: number | null;
  create_time: string;
  update_user: number | null;
  update_time: string;
  status: Generated<number>;
  is_deleted: Generated<number>;
}

/** Their names, for code that lists them (declarations, the code generator, list answers). */
export const AUDIT_COLUMNS = [
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
] as const satisfies readonly (keyof AuditColumns)[];
/** Compiles only while every audit column of the type is in the list too. */
export type EveryAuditColumnListed = NeverElse<Exclude<keyof AuditColumns, (typeof AUDIT_COLUMNS)[number]>>;
type NeverElse<T extends never> = T;

export interface TenantTable extends AuditColumns {
  id: number;
  tenant_id: string;
  tenant_name: string;
  domain: string | null;
  background_url: string | null;
  linkman: string | null;
  contact_number: string | null;
  address: string | null;
  account_number: Generated<number>;
  expire_time: string | null;
  package_id: number | null;
  datasource_id: number | null;
}

export interface TenantPackageTable extends AuditColumns {
  id: number;
  package_name: string;
  menu_id: string;
  remark: string | null;
}

export interface ClientTable extends AuditColumns {
  id: number;
  client_id: string;
  client_secret_hash: string;
  scope: string;
  authorized_grant_types: string;
  web_server_redirect_uri: string | null;
  access_token_validity: number;
  refresh_token_validity: number;
}

export interface DatasourceTable extends AuditColumns {
  id: number;
  name: string;
  kind: string;
  url: string;
  username: string | null;
  /** Sealed with the data key (core/secret-box.ts). */
  password: string | null;
  remark: string | null;
}

export interface CodeTable extends AuditColumns {
  id: number;
  datasource_id: Generated<number>;
  code_name: string;
  module_name: string;
  table_name: string;
  table_prefix: string | null;
  pk_name: Generated<string>;
  api_path: string;
  base_mode: Generated<number>;
  tenant_mode: Generated<number>;
  registered: Generated<number>;
  declaration: string | null;
  /** SpringBlade's generator settings, kept for its form (0026); ours does not read them. */
  package_name: string | null;
  wrap_mode: number | null;
  output_path: string | null;
  web_path: string | null;
}

export interface DeptTable extends AuditColumns {
  id: number;
  tenant_id: string;
  parent_id: number;
  ancestors: string;
  dept_category: number;
  dept_name: string;
  full_name: string | null;
  sort: number;
  remark: string | null;
}

export interface RoleTable extends AuditColumns {
  id: number;
  tenant_id: string;
  parent_id: number;
  role_name: string;
  role_alias: string;
  sort: number;
}

export interface PostTable extends AuditColumns {
  id: number;
  tenant_id: string;
  category: number;
  post_code: string;
  post_name: string;
  sort: number;
  remark: string | null;
}

export interface UserTable extends AuditColumns {
  id: number;
  tenant_id: string;
  code: string | null;
  user_type: Generated<number>;
  account: string;
  password: string;
  name: string | null;
  real_name: string | null;
  avatar: string | null;
  email: string | null;
  phone: string | null;
  birthday: string | null;
  sex: number | null;
  role_id: string;
  dept_id: string;
  post_id: string | null;
  login_fail_count: Generated<number>;
  is_locked: Generated<number>;
  /** Until when a lockout lasts (UTC); is_locked with a past time is no longer locked. */
  lock_until: string | null;
  /** Lockouts in a row since the last good sign-in or unlock: each doubles the next one. */
  lock_count: Generated<number>;
  /** 1 while the password is one someone else chose (new tenant administrator, reset): change it first. */
  password_change: Generated<number>;
  user_ext: string | null;
}

export interface MenuTable extends AuditColumns {
  id: number;
  parent_id: number;
  code: string;
  name: string;
  alias: string;
  path: string | null;
  source: string | null;
  sort: number;
  category: number;
  action: number;
  is_open: number;
  remark: string | null;
}

export interface RoleMenuTable {
  id: number;
  tenant_id: string;
  role_id: number;
  menu_id: number;
}

export interface TopMenuTable extends AuditColumns {
  id: number;
  tenant_id: string;
  code: string;
  name: string;
  alias: string;
  source: string | null;
  path: string | null;
  sort: number;
}

export interface TopMenuSettingTable {
  id: number;
  tenant_id: string;
  top_menu_id: number;
  menu_id: number;
}

export interface DictTable extends AuditColumns {
  id: number;
  parent_id: number;
  code: string;
  dict_key: string;
  dict_value: string;
  /** The English name; null where none was given. */
  dict_value_en: string | null;
  sort: number;
  remark: string | null;
  is_sealed: number;
}

export interface DictBizTable extends DictTable {
  tenant_id: string;
}

export interface ParamTable extends AuditColumns {
  id: number;
  param_name: string;
  param_key: string;
  param_value: string;
  remark: string | null;
}

/** A signed-in session: access tokens carry its id, refresh tokens rotate inside it. */
export interface AuthSessionTable {
  id: number;
  tenant_id: string;
  user_id: number;
  client_id: string;
  dept_id: number | null;
  role_id: string;
  created_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  /** Where it signed in from: the address and the browser (user agent, cut). */
  ip: string | null;
  user_agent: string | null;
  /** Its last request, written at most once a minute. */
  last_seen: string | null;
}

export interface AuthRefreshTable {
  id: number;
  session_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
}

/** Audit columns of log tables (see withLogAudit). */
export interface LogAudit {
  create_dept: number | null;
  update_user: number | null;
  update_time: string | null;
  status: Generated<number>;
  is_deleted: Generated<number>;
}

/** The error log: the columns every log has (its service is always named) and the exception. */
export interface ErrorLogTable extends LogColumns {
  service_id: string;
  stack_trace: string | null;
  exception_name: string | null;
  message: string | null;
}

export interface ScopeDataTable extends AuditColumns {
  id: number;
  menu_id: number | null;
  resource_code: string;
  scope_name: string;
  scope_type: number;
  scope_column: string;
  scope_value: string | null;
  remark: string | null;
}

export interface ScopeApiTable extends AuditColumns {
  id: number;
  menu_id: number | null;
  resource_code: string;
  scope_name: string;
  scope_type: number;
  scope_path: string;
  remark: string | null;
}

/** Data (category 1) and API (category 2) scopes granted to a role. */
export interface RoleScopeTable {
  id: number;
  tenant_id: string;
  scope_category: number;
  scope_id: number;
  role_id: number;
}

export interface RegionTable extends AuditColumns {
  id: number;
  code: string;
  parent_code: string;
  ancestors: string;
  name: string;
  region_level: number;
  sort: number;
  remark: string | null;
}

interface TenantOwned {
  id: number;
  tenant_id: string;
}

export interface OssTable extends AuditColumns, TenantOwned {
  category: number;
  oss_code: string;
  endpoint: string | null;
  access_key: string | null;
  /** Encrypted at rest (core/secret-box.ts). */
  secret_key: string | null;
  bucket_name: string | null;
  region: string | null;
  app_path: string | null;
  domain: string | null;
  enabled: Generated<number>;
  remark: string | null;
}

export interface AttachTable extends AuditColumns, TenantOwned {
  link: string;
  domain: string | null;
  name: string;
  original_name: string;
  extension: string | null;
  attach_size: number;
  content_type: string | null;
  oss_id: number | null;
}

export interface SmsTable extends AuditColumns, TenantOwned {
  category: number;
  sms_code: string;
  template_id: string | null;
  access_key: string | null;
  /** Encrypted at rest (core/secret-box.ts). */
  secret_key: string | null;
  region_id: string | null;
  sign_name: string | null;
  app_id: string | null;
  endpoint: string | null;
  enabled: Generated<number>;
  remark: string | null;
}

export interface ReportFileTable extends AuditColumns, TenantOwned {
  name: string;
  content: string | null;
}

export interface SmsRecordTable extends TenantOwned, LogAudit {
  sms_id: number | null;
  category: number;
  template_id: string | null;
  phones: string;
  params: string | null;
  success: number;
  message: string | null;
  create_user: number | null;
  create_time: string;
}

export interface NoticeTable extends AuditColumns, TenantOwned {
  title: string;
  category: number;
  release_time: string | null;
  content: string | null;
  /** 1 once shown to users: at once, or by the publishing job at its release time. */
  published: Generated<number>;
}

/** A job's schedule: per tenant for tenant jobs, tenant '' for platform jobs (modules/job). */
export interface JobTable extends AuditColumns, TenantOwned {
  job_name: string;
  cron: string;
  /** 1: a run missed while no process was up runs once when one is; 0: it is skipped. */
  catch_up: number;
  paused: number;
  /** The next scheduled time; a process claims a due run by moving it on (compare and set). */
  next_run_at: string;
}

/** One run of a job; while running it is the lease of the process running it. */
export interface JobRunTable extends TenantOwned {
  job_id: number;
  job_name: string;
  /** schedule, catch-up or manual. */
  cause: string;
  scheduled_at: string;
  /** running, succeeded, failed or skipped. */
  state: string;
  started_at: string;
  ended_at: string | null;
  duration_ms: number | null;
  progress: number | null;
  progress_text: string | null;
  result: string | null;
  error: string | null;
  /** The process running it (host, pid and a random part). */
  owner: string | null;
  /** A running run whose lease passes without a heartbeat is marked failed. */
  lease_until: string | null;
  /** Who asked for a manual run. */
  create_user: number | null;
}

/** One change of a declared resource's row (crud/history.ts); `changes` is its JSON difference. */
export interface DataHistoryTable extends TenantOwned {
  resource: string;
  row_id: number;
  /** create, update, delete or restore. */
  action: string;
  changes: string;
  /** The history row this change undid or restored to, if any. */
  reverts: number | null;
  request_id: string | null;
  create_user: number | null;
  create_by: string | null;
  create_time: string;
}

/** A background spreadsheet import (migration 0023). */
export interface DataImportTable extends TenantOwned {
  resource: string;
  /** check: rows checked only; import: the valid rows written. */
  mode: string;
  /** running, done or failed. */
  status: string;
  /** Null while the rows are still being counted. */
  total: number | null;
  processed: number;
  valid: number;
  imported: number;
  /** The refused rows, JSON [{row, message}], once finished. */
  problems: string | null;
  problem_count: number;
  error: string | null;
  /** The uploaded file (base64) while an import of its valid rows may still be asked for. */
  file: string | null;
  seen: number;
  create_user: number;
  create_time: string;
  update_time: string;
}

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

export interface MeetingTable extends AuditColumns, TenantOwned {
  title: string;
  start_time: string;
  end_time: string | null;
  code_quantity: number;
  code_valid_until: string;
  codes_generated: number;
}

export interface EquityCodeTable extends AuditColumns, TenantOwned {
  meeting_id: number;
  code: string;
  valid_until: string;
  used_by: number | null;
  used_time: string | null;
}

export interface OrderTable extends AuditColumns, TenantOwned {
  order_no: string;
  mall_user_id: number;
  total_amount: number;
  pay_amount: number;
  pay_status: number;
  pay_type: number | null;
  pay_time: string | null;
  ship_status: number;
  receiver: string | null;
  receiver_phone: string | null;
  address: string | null;
  remark: string | null;
}

export interface OrderItemTable extends TenantOwned {
  order_id: number;
  product_id: number;
  product_name: string;
  price: number;
  quantity: number;
  amount: number;
}

export interface ProductTable extends AuditColumns, TenantOwned {
  name: string;
  category: number;
  cover: string | null;
  images: string | null;
  price: number;
  original_price: number | null;
  stock: number;
  sales: number;
  sort: number;
  description: string | null;
}

export interface MallUserTable extends AuditColumns, TenantOwned {
  nickname: string;
  real_name: string | null;
  phone: string | null;
  avatar: string | null;
  gender: number | null;
  level: number;
  points: number;
}

export interface LivingTable extends AuditColumns, TenantOwned {
  title: string;
  cover: string | null;
  host: string | null;
  start_time: string;
  end_time: string | null;
  stream_url: string | null;
  playback_url: string | null;
}

export interface FlowModelTable extends AuditColumns, TenantOwned {
  model_key: string;
  name: string;
  category: string | null;
  description: string | null;
  xml: string | null;
}

export interface FlowDeploymentTable extends AuditColumns, TenantOwned {
  name: string;
  category: string | null;
  deploy_time: string;
}

export interface FlowDefinitionTable extends AuditColumns, TenantOwned {
  deployment_id: number;
  process_key: string;
  name: string;
  version: number;
  category: string | null;
  xml: string;
  /** JSON: each user task's assignment (assignee, candidate groups and users). */
  tasks: string;
  suspended: number;
}

export interface FlowInstanceTable extends AuditColumns, TenantOwned {
  definition_id: number;
  process_key: string;
  name: string;
  business_key: string | null;
  starter_id: number;
  starter_name: string | null;
  start_time: string;
  end_time: string | null;
  /** running, completed or deleted. */
  state_name: string;
  current_activities: string | null;
  delete_reason: string | null;
  /** The engine's state after the last step (JSON), from which it resumes after a restart. */
  engine_state: string;
  /** When the earliest timer of a waiting process fires (the timer poller resumes it then). */
  timer_due: string | null;
  revision: number;
}

export interface FlowTaskTable extends AuditColumns, TenantOwned {
  instance_id: number;
  definition_id: number;
  activity_id: string;
  name: string;
  assignee_id: number | null;
  candidate_groups: string | null;
  candidate_users: string | null;
  claim_time: string | null;
  end_time: string | null;
  /** open, completed or cancelled. */
  state_name: string;
  comment: string | null;
  approved: number | null;
}

export interface FlowHistoryTable extends TenantOwned {
  instance_id: number;
  activity_id: string;
  activity_name: string | null;
  activity_type: string;
  assignee_id: number | null;
  assignee_name: string | null;
  comment: string | null;
  start_time: string;
  end_time: string | null;
  duration_ms: number | null;
  seq: number;
}

export interface LeaveTable extends AuditColumns, TenantOwned {
  process_definition_id: number;
  process_instance_id: number | null;
  applicant_id: number;
  leave_type: number;
  start_time: string;
  end_time: string;
  days: number;
  reason: string;
  approver_id: number;
  outcome: string | null;
}

export interface Database {
  blade_tenant: TenantTable;
  blade_tenant_package: TenantPackageTable;
  blade_client: ClientTable;
  blade_datasource: DatasourceTable;
  blade_code: CodeTable;
  blade_dept: DeptTable;
  blade_role: RoleTable;
  blade_post: PostTable;
  blade_user: UserTable;
  blade_menu: MenuTable;
  blade_role_menu: RoleMenuTable;
  blade_top_menu: TopMenuTable;
  blade_top_menu_setting: TopMenuSettingTable;
  blade_dict: DictTable;
  blade_dict_biz: DictBizTable;
  blade_param: ParamTable;
  blade_auth_session: AuthSessionTable;
  blade_auth_refresh: AuthRefreshTable;
  blade_log_error: ErrorLogTable;
  blade_scope_data: ScopeDataTable;
  blade_scope_api: ScopeApiTable;
  blade_role_scope: RoleScopeTable;
  blade_region: RegionTable;
  blade_oss: OssTable;
  blade_attach: AttachTable;
  blade_sms: SmsTable;
  blade_sms_record: SmsRecordTable;
  blade_notice: NoticeTable;
  blade_report_file: ReportFileTable;
  mall_meeting: MeetingTable;
  mall_equity_code: EquityCodeTable;
  mall_order: OrderTable;
  mall_order_item: OrderItemTable;
  mall_product: ProductTable;
  mall_user: MallUserTable;
  mall_living: LivingTable;
  blade_log_api: ApiLogTable;
  blade_log_usual: UsualLogTable;
  blade_log_login: LoginLogTable;
  flow_model: FlowModelTable;
  flow_deployment: FlowDeploymentTable;
  flow_definition: FlowDefinitionTable;
  flow_instance: FlowInstanceTable;
  flow_task: FlowTaskTable;
  flow_history: FlowHistoryTable;
  blade_process_leave: LeaveTable;
  blade_job: JobTable;
  blade_job_run: JobRunTable;
  blade_data_history: DataHistoryTable;
  blade_data_import: DataImportTable;
}

export type TableName = keyof Database;

/** Tables whose rows belong to one tenant (see tenant-scope.ts). */
export const TENANT_TABLES = [
  'blade_dept',
  'blade_role',
  'blade_post',
  'blade_user',
  'blade_role_menu',
  'blade_top_menu',
  'blade_top_menu_setting',
  'blade_dict_biz',
  'blade_log_error',
  'blade_role_scope',
  'blade_oss',
  'blade_attach',
  'blade_sms',
  'blade_sms_record',
  'blade_notice',
  'blade_report_file',
  'mall_meeting',
  'mall_equity_code',
  'mall_order',
  'mall_order_item',
  'mall_product',
  'mall_user',
  'mall_living',
  'flow_model',
  'flow_deployment',
  'flow_definition',
  'flow_instance',
  'flow_task',
  'flow_history',
  'blade_process_leave',
  'blade_log_api',
  'blade_log_usual',
  'blade_log_login',
  'blade_job',
  'blade_job_run',
  'blade_data_history',
  'blade_data_import',
] as const satisfies readonly TableName[];

/** Business tables no declaration names: an order's lines are written and read with their order. */
const UNDECLARED_BUSINESS_TABLES = ['mall_order_item'] as const;

/**
 * A tenant's business data: the tables of the mall and learning declarations and their order lines.
 * They live in the data source the tenant is bound to (modules/develop/data-sources.ts).
 */
export const BUSINESS_TABLES: ReadonlySet<string> = new Set<string>([
  ...businessTables,
  ...UNDECLARED_BUSINESS_TABLES,
]);

export type TenantTableName = (typeof TENANT_TABLES)[number];

/** The tables a query may touch without a tenant: the global handle cannot even name the others. */
export type GlobalDatabase = Omit<Database, TenantTableName>;

const scoped = new Set<string>([
  ...TENANT_TABLES,
  ...BUSINESS_TABLES,
  ...Object.values(resources)
    .filter((r) => r.tenant)
    .map((r) => r.table),
]);

/**
 * Every table the tenant scope filters: the typed ones above, the tables of tenant-owned
 * declarations (so a new one needs no line here), and tenant-owned tables of resources registered
 * at run time (the code generator's; see scopeGeneratedTable).
 */
export const SCOPED_TABLES: ReadonlySet<string> = scoped;

/**
 * Adds a generated resource's table to the tenant scope. Tables are only ever added, never
 * removed, so a scope once applied is never lifted; the typed tables keep their compile-time rule.
 */
export function scopeGeneratedTable(table: string): void {
  scoped.add(table);
}
