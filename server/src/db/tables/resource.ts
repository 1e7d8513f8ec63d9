/** Storage, text messages, notices and report files. */

import type { Generated } from 'kysely';
import type { AuditColumns, LogAudit, TenantOwned } from './columns.js';

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

export interface ReportFileTable extends AuditColumns, TenantOwned {
  name: string;
  content: string | null;
}

/** Its tables, by name (a part of `Database`). */
export interface ResourceTables {
  blade_oss: OssTable;
  blade_attach: AttachTable;
  blade_sms: SmsTable;
  blade_sms_record: SmsRecordTable;
  blade_notice: NoticeTable;
  blade_report_file: ReportFileTable;
}
