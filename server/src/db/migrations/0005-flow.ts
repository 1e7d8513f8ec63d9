import type { Kysely } from 'kysely';
import { withAudit } from './0001-core.js';

// biome-ignore lint/suspicious/noExplicitAny: migrations describe history, not today's types
type Db = Kysely<any>;

/**
 * Workflow: models, deployments, process definitions (versions), instances with their engine
 * state, tasks and activity history (the work lists are queries on these), and leave requests.
 */
export async function up(db: Db): Promise<void> {
  const table = (name: string) =>
    db.schema
      .createTable(name)
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());

  await withAudit(
    table('flow_model')
      .addColumn('model_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('category', 'varchar(64)')
      .addColumn('description', 'varchar(500)')
      .addColumn('xml', 'text'),
  ).execute();
  await db.schema
    .createIndex('idx_flow_model_tenant_time')
    .on('flow_model')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await withAudit(
    table('flow_deployment')
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('category', 'varchar(64)')
      .addColumn('deploy_time', 'timestamp', (c) => c.notNull()),
  ).execute();
  await db.schema
    .createIndex('idx_flow_deployment_tenant_time')
    .on('flow_deployment')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await withAudit(
    table('flow_definition')
      .addColumn('deployment_id', 'bigint', (c) => c.notNull())
      .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull())
      .addColumn('category', 'varchar(64)')
      .addColumn('xml', 'text', (c) => c.notNull())
      .addColumn('tasks', 'text', (c) => c.notNull())
      .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('idx_flow_definition_key')
    .on('flow_definition')
    .columns(['tenant_id', 'process_key', 'version'])
    .execute();
  await db.schema
    .createIndex('idx_flow_definition_tenant_time')
    .on('flow_definition')
    .columns(['tenant_id', 'create_time'])
    .execute();

  await withAudit(
    table('flow_instance')
      .addColumn('definition_id', 'bigint', (c) => c.notNull())
      .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('business_key', 'varchar(128)')
      .addColumn('starter_id', 'bigint', (c) => c.notNull())
      .addColumn('starter_name', 'varchar(64)')
      .addColumn('start_time', 'timestamp', (c) => c.notNull())
      .addColumn('end_time', 'timestamp')
      .addColumn('state_name', 'varchar(16)', (c) => c.notNull())
      .addColumn('current_activities', 'varchar(1000)')
      .addColumn('delete_reason', 'varchar(500)')
      .addColumn('engine_state', 'text', (c) => c.notNull())
      .addColumn('timer_due', 'timestamp')
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();
  await db.schema
    .createIndex('idx_flow_instance_tenant_time')
    .on('flow_instance')
    .columns(['tenant_id', 'create_time'])
    .execute();
  await db.schema
    .createIndex('idx_flow_instance_starter')
    .on('flow_instance')
    .columns(['tenant_id', 'starter_id', 'start_time'])
    .execute();
  await db.schema
    .createIndex('idx_flow_instance_state')
    .on('flow_instance')
    .columns(['tenant_id', 'state_name'])
    .execute();
  await db.schema.createIndex('idx_flow_instance_timer').on('flow_instance').column('timer_due').execute();

  await withAudit(
    table('flow_task')
      .addColumn('instance_id', 'bigint', (c) => c.notNull())
      .addColumn('definition_id', 'bigint', (c) => c.notNull())
      .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('assignee_id', 'bigint')
      .addColumn('candidate_groups', 'varchar(500)')
      .addColumn('candidate_users', 'varchar(1000)')
      .addColumn('claim_time', 'timestamp')
      .addColumn('end_time', 'timestamp')
      .addColumn('state_name', 'varchar(16)', (c) => c.notNull())
      .addColumn('comment', 'varchar(2000)')
      .addColumn('approved', 'integer'),
  ).execute();
  await db.schema
    .createIndex('idx_flow_task_assignee')
    .on('flow_task')
    .columns(['tenant_id', 'assignee_id', 'state_name'])
    .execute();
  await db.schema
    .createIndex('idx_flow_task_instance')
    .on('flow_task')
    .columns(['tenant_id', 'instance_id'])
    .execute();
  await db.schema
    .createIndex('idx_flow_task_state')
    .on('flow_task')
    .columns(['tenant_id', 'state_name', 'create_time'])
    .execute();

  await table('flow_history')
    .addColumn('instance_id', 'bigint', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('activity_name', 'varchar(200)')
    .addColumn('activity_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('assignee_id', 'bigint')
    .addColumn('assignee_name', 'varchar(64)')
    .addColumn('comment', 'varchar(2000)')
    .addColumn('start_time', 'timestamp', (c) => c.notNull())
    .addColumn('end_time', 'timestamp')
    .addColumn('duration_ms', 'bigint')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('idx_flow_history_instance')
    .on('flow_history')
    .columns(['tenant_id', 'instance_id', 'seq'])
    .execute();

  await withAudit(
    table('blade_process_leave')
      .addColumn('process_definition_id', 'bigint', (c) => c.notNull())
      .addColumn('process_instance_id', 'bigint')
      .addColumn('applicant_id', 'bigint', (c) => c.notNull())
      .addColumn('leave_type', 'integer', (c) => c.notNull())
      .addColumn('start_time', 'timestamp', (c) => c.notNull())
      .addColumn('end_time', 'timestamp', (c) => c.notNull())
      .addColumn('days', 'integer', (c) => c.notNull())
      .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
      .addColumn('approver_id', 'bigint', (c) => c.notNull())
      .addColumn('outcome', 'varchar(16)'),
  ).execute();
  await db.schema
    .createIndex('idx_process_leave_tenant_time')
    .on('blade_process_leave')
    .columns(['tenant_id', 'create_time'])
    .execute();
}
