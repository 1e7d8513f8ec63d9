import { LEAVE_ADJUST_ACTIVITY, LEAVE_PROCESS_KEY } from '@blade/schema/rules';
import type { Kysely, Transaction } from 'kysely';
import type { FlowTimerLimits } from '../../config.js';
import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import type { DataAccess } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { isCandidate } from './candidates.js';
import { audit, changeState, type DeployFile, deleteDeployments, deploy } from './flow-deployments.js';
import { recordStep } from './flow-steps.js';
import { FlowTimers } from './flow-timers.js';
import { endInstance } from './instance-ends.js';
import { type StepLimits, signalProcess, startProcess } from './runner.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/**
 * The workflow: deployments and versions of process definitions, instances whose engine state
 * is stored after every step (so a restart loses nothing), user tasks with assignees and
 * candidates, and the history the follow-up screens show. Work lists are queries on these rows.
 */
export class FlowService {
  private readonly limits: StepLimits;
  private readonly firing: FlowTimers;

  constructor(
    data: DataAccess,
    private readonly timers: FlowTimerLimits,
  ) {
    this.limits = { minTimerMs: timers.minSeconds * 1000 };
    this.firing = new FlowTimers(data, timers);
  }

  // ----- deployments (flow-deployments.ts) --------------------------------------------------

  /** Deploys BPMN files: each executable process becomes the next version of its key. */
  deploy(auth: AuthContext, input: { name: string; category?: string | undefined; files: DeployFile[] }) {
    return deploy(auth, input, this.timers);
  }

  /** Suspends or resumes a definition. */
  changeState(auth: AuthContext, definitionId: number, suspended: boolean): Promise<void> {
    return changeState(auth, definitionId, suspended);
  }

  /** Removes deployments with their definitions; their running instances end as deleted. */
  deleteDeployments(auth: AuthContext, deploymentIds: number[]): Promise<void> {
    return deleteDeployments(auth, deploymentIds);
  }

  // ----- instances ---------------------------------------------------------------------------

  /** Starts a new instance of a definition; answers the instance id. */
  async start(
    auth: AuthContext,
    definitionId: number,
    variables: Record<string, unknown>,
    businessKey?: string,
    db: Db = auth.db,
  ): Promise<number> {
    const definition = await db
      .selectFrom('flow_definition')
      .select(['id', 'process_key', 'name', 'xml', 'suspended', 'tasks'])
      .where('id', '=', definitionId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!definition) throw new AppError(404, 'rowNotFound');
    if (definition.suspended) throw new AppError(409, 'definitionSuspended');
    const starter = { starterId: String(auth.userId), starterAccount: auth.account };
    const step = await startProcess(
      definition.process_key,
      definition.xml,
      { ...variables, ...starter },
      this.limits,
    );
    const id = nextId();
    const now = utcNow();
    const write = async (trx: Trx | Db) => {
      await trx
        .insertInto('flow_instance')
        .values({
          id,
          tenant_id: auth.tenantId,
          definition_id: definition.id,
          process_key: definition.process_key,
          name: definition.name,
          business_key: businessKey ?? null,
          starter_id: auth.userId,
          starter_name: auth.account,
          start_time: now,
          end_time: null,
          state_name: 'running',
          current_activities: null,
          delete_reason: null,
          engine_state: step.state,
          timer_due: null,
          revision: 0,
          ...audit(auth),
        })
        .execute();
      await recordStep(
        trx,
        {
          tenantId: auth.tenantId,
          instanceId: id,
          definitionId: definition.id,
          tasks: JSON.parse(definition.tasks),
          revision: 0,
        },
        step,
        [],
      );
    };
    if (db.isTransaction) await write(db);
    else await db.transaction().execute(write);
    return id;
  }

  /** Claims an unassigned task for the caller, who must be one of its candidates. */
  async claim(auth: AuthContext, taskId: number): Promise<void> {
    const task = await this.task(auth, taskId);
    if (task.state_name !== 'open' || task.assignee_id !== null) throw new AppError(409, 'taskDone');
    const candidate = await auth.db
      .selectFrom('flow_task')
      .select('id')
      .where('id', '=', taskId)
      .where(isCandidate(auth))
      .executeTakeFirst();
    if (!candidate) throw new AppError(403, 'taskNotYours');
    const claimed = await auth.db
      .updateTable('flow_task')
      .set({
        assignee_id: auth.userId,
        claim_time: utcNow(),
        update_user: auth.userId,
        update_time: utcNow(),
      })
      .where('id', '=', taskId)
      .where('assignee_id', 'is', null)
      .where('state_name', '=', 'open')
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) throw new AppError(409, 'taskDone');
  }

  /**
   * Completes the caller's task: the comment, the approval flag and variables go into the
   * process, which moves on to its next wait; the step is stored in one transaction.
   */
  async complete(
    auth: AuthContext,
    input: {
      taskId: number;
      comment?: string | undefined;
      approved?: boolean | undefined;
      variables?: Record<string, unknown> | undefined;
    },
  ): Promise<void> {
    const task = await this.task(auth, input.taskId);
    if (task.state_name !== 'open') throw new AppError(409, 'taskDone');
    if (task.assignee_id !== auth.userId) throw new AppError(403, 'taskNotYours');
    const instance = await this.instance(auth.db, task.instance_id);
    if (
      input.approved === false &&
      !input.comment?.trim() &&
      !isWithdrawal(instance.process_key, task.activity_id)
    )
      throw new AppError(400, 'requiredField', { field: 'comment' });
    const definition = await auth.db
      .selectFrom('flow_definition')
      .select(['tasks'])
      .where('id', '=', task.definition_id)
      .executeTakeFirstOrThrow();
    const variables = {
      ...(input.variables ?? {}),
      ...(input.approved !== undefined ? { approved: input.approved } : {}),
      ...(input.comment !== undefined ? { comment: input.comment } : {}),
    };
    const step = await signalProcess(
      instance.process_key,
      instance.engine_state,
      task.activity_id,
      variables,
      this.limits,
    );
    await auth.db.transaction().execute(async (trx) => {
      const done = await trx
        .updateTable('flow_task')
        .set({
          state_name: 'completed',
          end_time: utcNow(),
          comment: input.comment ?? null,
          approved: input.approved === undefined ? null : input.approved ? 1 : 0,
          update_user: auth.userId,
          update_time: utcNow(),
        })
        .where('id', '=', task.id)
        .where('state_name', '=', 'open')
        .executeTakeFirst();
      if (Number(done.numUpdatedRows) !== 1) throw new AppError(409, 'taskDone');
      await recordStep(
        trx,
        {
          tenantId: auth.tenantId,
          instanceId: instance.id,
          definitionId: instance.definition_id,
          tasks: JSON.parse(definition.tasks),
          revision: instance.revision,
        },
        step,
        [
          {
            activityId: task.activity_id,
            assigneeId: auth.userId,
            assigneeName: auth.account,
            comment: input.comment ?? null,
            startTime: String(task.create_time),
          },
        ],
      );
    });
  }

  /** Ends a running instance (follow-up screen), cancelling its open tasks. */
  async deleteInstance(auth: AuthContext, instanceId: number, reason: string): Promise<void> {
    await auth.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('flow_instance')
        .select(['state_name'])
        .where('id', '=', instanceId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw new AppError(404, 'rowNotFound');
      if (row.state_name !== 'running') throw new AppError(409, 'taskDone');
      await endInstance(trx, instanceId, reason);
    });
  }

  private async task(auth: AuthContext, taskId: number) {
    const task = await auth.db
      .selectFrom('flow_task')
      .selectAll()
      .where('id', '=', taskId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!task) throw new AppError(404, 'rowNotFound');
    return task;
  }

  private async instance(db: Db, instanceId: number) {
    const instance = await db
      .selectFrom('flow_instance')
      .selectAll()
      .where('id', '=', instanceId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!instance) throw new AppError(404, 'rowNotFound');
    if (instance.state_name !== 'running') throw new AppError(409, 'taskDone');
    return instance;
  }

  // ----- timers (flow-timers.ts) -----------------------------------------------------------

  /** One run of the flow.timers job (see FlowTimers.fireDueTimers). */
  fireDueTimers(options: { signal?: AbortSignal } = {}): Promise<number> {
    return this.firing.fireDueTimers(options);
  }
}

/**
 * Whether saying no at this task withdraws the caller's own request (the leave's 调整申请, whose
 * no is 撤销); every other no rejects someone else's and must say why.
 */
const isWithdrawal = (processKey: string, activityId: string): boolean =>
  processKey === LEAVE_PROCESS_KEY && activityId === LEAVE_ADJUST_ACTIVITY;
