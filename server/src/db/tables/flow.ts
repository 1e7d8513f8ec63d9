/** The workflow engine's tables and the leave process. */

import type { AuditColumns, TenantOwned } from './columns.js';

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

/** Its tables, by name (a part of `Database`). */
export interface FlowTables {
  flow_model: FlowModelTable;
  flow_deployment: FlowDeploymentTable;
  flow_definition: FlowDefinitionTable;
  flow_instance: FlowInstanceTable;
  flow_task: FlowTaskTable;
  flow_history: FlowHistoryTable;
  blade_process_leave: LeaveTable;
}
