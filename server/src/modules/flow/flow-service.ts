import { LEAVE_ADJUST_ACTIVITY, LEAVE_PROCESS_KEY } from '@blade/schema/rules';
import type { Kysely, Transaction } from 'kysely';
import type { FlowTimerLimits } from '../../config.js';
import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { translate } from '../../core/messages.js';
import { utcNow } from '../../core/time.js';
import { created } from '../../db/audit.js';
import type { DataAccess } from '../../db/database.js';
import type { Database } from '../../db/tables.js';
import { type ParsedProcess, parseBpmn } from './bpmn.js';
import { isCandidate } from './candidates.js';
import { cancelOpenTasks, recordStep } from './flow-steps.js';
import {
  fireTimers,
  type StepLimits,
  signalProcess,
  startProcess,
  timerDue,
  timerFiringsOf,
} from './runner.js';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

export interface DeployFile {
  name: string;
  xml: string;
}

interface Who {
  tenantId: string;
  userId: number;
  account: string;
}

/** Engine rows record who acted, not their department. */
const audit = (who: Who) => created({ userId: who.userId, deptId: null });

/**
 * The workflow: deployments and versions of process definitions, instances whose engine state
 * is stored after every step (so a restart loses nothing), user tasks with assignees and
 * candidates, and the history the follow-up screens show. Work lists are queries on these rows.
 */
export class FlowService {
  private readonly limits: StepLimits;

  constructor(
    private readonly data: DataAccess,
    private readonly timers: FlowTimerLimits,
  ) {
    this.limits = { minTimerMs: timers.minSeconds * 1000 };
  }

  // ----- deployments -------------------------------------------------------------------------

  /** Deploys BPMN files: each executable process becomes the next version of its key. */
  async deploy(
    auth: AuthContext,
    input: { name: string; category?: string | undefined; files: DeployFile[] },
  ) {
    const parsed: Array<{ file: DeployFile; processes: ParsedProcess[] }> = [];
    for (const file of input.files)
      parsed.push({ file, processes: await parseBpmn(file.xml, file.name, this.timers) });
    return auth.db.transaction().execute(async (trx) => {
      const deploymentId = nextId();
      await trx
        .insertInto('flow_deployment')
        .values({
          id: deploymentId,
          tenant_id: auth.tenantId,
          name: input.name,
          category: input.category ?? null,
          deploy_time: utcNow(),
          ...audit(auth),
        })
        .execute();
      const definitions = [];
      for (const { file, processes } of parsed) {
        for (const process of processes) {
          const latest = await trx
            .selectFrom('flow_definition')
            .select((eb) => eb.fn.max<number>('version').as('version'))
            .where('process_key', '=', process.key)
            .executeTakeFirst();
          const version = Number(latest?.version ?? 0) + 1;
          const id = nextId();
          await trx
            .insertInto('flow_definition')
            .values({
              id,
              tenant_id: auth.tenantId,
              deployment_id: deploymentId,
              process_key: process.key,
              name: process.name,
              version,
              category: input.category ?? null,
              xml: file.xml,
              tasks: JSON.stringify(process.tasks),
              suspended: 0,
              ...audit(auth),
            })
            .execute();
          definitions.push({ id: String(id), key: process.key, name: process.name, version });
        }
      }
      return { deploymentId: String(deploymentId), definitions };
    });
  }

  async changeState(auth: AuthContext, definitionId: number, suspended: boolean): Promise<void> {
    const result = await auth.db
      .updateTable('flow_definition')
      .set({ suspended: suspended ? 1 : 0, update_user: auth.userId, update_time: utcNow() })
      .where('id', '=', definitionId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError(404, 'rowNotFound');
  }

  /** Removes deployments with their definitions; their running instances end as deleted. */
  async deleteDeployments(auth: AuthContext, deploymentIds: number[]): Promise<void> {
    if (deploymentIds.length === 0) throw new AppError(400, 'idsRequired');
    await auth.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom('flow_deployment')
        .select('id')
        .where('id', 'in', deploymentIds)
        .where('is_deleted', '=', 0)
        .execute();
      if (found.length === 0) throw new AppError(404, 'rowNotFound');
      const ids = found.map((d) => d.id);
      const definitions = (
        await trx.selectFrom('flow_definition').select('id').where('deployment_id', 'in', ids).execute()
      ).map((d) => d.id);
      const running = definitions.length
        ? await trx
            .selectFrom('flow_instance')
            .select('id')
            .where('definition_id', 'in', definitions)
            .where('state_name', '=', 'running')
            .execute()
        : [];
      for (const instance of running) await this.endInstance(trx, instance.id, 'deployment deleted');
      const stamp = { is_deleted: 1, update_user: auth.userId, update_time: utcNow() };
      await trx.updateTable('flow_deployment').set(stamp).where('id', 'in', ids).execute();
      if (definitions.length)
        await trx.updateTable('flow_definition').set(stamp).where('id', 'in', definitions).execute();
    });
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
      await this.endInstance(trx, instanceId, reason);
    });
  }

  private async endInstance(trx: Trx, instanceId: number, reason: string): Promise<void> {
    const now = utcNow();
    await trx
      .updateTable('flow_instance')
      .set({
        state_name: 'deleted',
        end_time: now,
        delete_reason: reason.slice(0, 500),
        timer_due: null,
        current_activities: null,
        update_time: now,
      })
      .where('id', '=', instanceId)
      .execute();
    await cancelOpenTasks(trx, instanceId, now);
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

  // ----- timers ------------------------------------------------------------------------------

  /**
   * One run of the flow.timers job: resumes processes whose timers are due, earliest first,
   * until none is left, the run has used RUN_BUDGET_MS, or `signal` aborts. A tenant fires at
   * most `tenantRunMax` timers a run, so one tenant's many timers wait for later runs instead of
   * delaying everyone's. Reads across tenants (a deliberate unscoped read); each step is stored
   * through its own tenant's scope.
   */
  async fireDueTimers(options: { signal?: AbortSignal } = {}): Promise<number> {
    const deadline = Date.now() + RUN_BUDGET_MS;
    const firedBy = new Map<string, number>();
    let fired = 0;
    for (;;) {
      const full = [...firedBy].filter(([, n]) => n >= this.timers.tenantRunMax).map(([tenant]) => tenant);
      let query = this.data
        .unscoped()
        .selectFrom('flow_instance')
        .select(['id', 'tenant_id'])
        .where('state_name', '=', 'running')
        .where('timer_due', '<=', utcNow())
        .orderBy('timer_due')
        .limit(TIMER_BATCH);
      if (full.length) query = query.where('tenant_id', 'not in', full);
      const due = await query.execute();
      for (const row of due) {
        if (options.signal?.aborted || Date.now() > deadline) return fired;
        const count = firedBy.get(row.tenant_id) ?? 0;
        if (count >= this.timers.tenantRunMax) continue;
        firedBy.set(row.tenant_id, count + 1);
        // Each firing in a turn of its own: requests are served between them (SQLite answers
        // without yielding, so a run would otherwise hold the event loop from start to end).
        await new Promise((resolve) => setImmediate(resolve));
        await this.fireTimer(row.tenant_id, row.id);
        fired++;
      }
      if (due.length < TIMER_BATCH) return fired;
    }
  }

  /**
   * Fires one instance's due timer and stores the step in one transaction: no reader sees the new
   * tasks beside those the timer interrupted, and a failure to store leaves the process as it
   * was, to be fired again. A step the engine fails, or a firing past `maxFirings`, ends the
   * instance as failed, saying why.
   */
  private async fireTimer(tenantId: string, instanceId: number): Promise<void> {
    const db = this.data.forTenant(tenantId);
    const instance = await db
      .selectFrom('flow_instance')
      .selectAll()
      .where('id', '=', instanceId)
      .executeTakeFirst();
    if (instance?.state_name !== 'running') return;
    const due = timerDue(instance.engine_state);
    const firings = timerFiringsOf(instance.engine_state);
    if (due && due.getTime() <= Date.now() && firings >= this.timers.maxFirings) {
      await this.failInstance(db, instance, new AppError(400, 'flowTimerCap', { count: firings }));
      return;
    }
    const definition = await db
      .selectFrom('flow_definition')
      .select(['tasks'])
      .where('id', '=', instance.definition_id)
      .executeTakeFirstOrThrow();
    let step: Awaited<ReturnType<typeof fireTimers>>;
    try {
      step = await fireTimers(instance.process_key, instance.engine_state, this.limits);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.failInstance(db, instance, error);
      return;
    }
    try {
      await db.transaction().execute(async (trx) => {
        await recordStep(
          trx,
          {
            tenantId,
            instanceId: instance.id,
            definitionId: instance.definition_id,
            tasks: JSON.parse(definition.tasks),
            revision: instance.revision,
          },
          step,
          [],
        );
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Another step stored meanwhile (instanceBusy): it stands, and this firing is dropped.
      if (error.key !== 'instanceBusy') await this.failInstance(db, instance, error);
    }
  }

  /** Ends an instance whose process failed: status failed, the reason kept, its open tasks cancelled. */
  private async failInstance(
    db: Db,
    instance: { id: number; revision: number },
    error: AppError,
  ): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const now = utcNow();
      const ended = await trx
        .updateTable('flow_instance')
        .set({
          state_name: 'failed',
          end_time: now,
          delete_reason: translate(error.key, 'en', error.params).slice(0, 500),
          timer_due: null,
          current_activities: null,
          revision: instance.revision + 1,
          update_time: now,
        })
        .where('id', '=', instance.id)
        .where('revision', '=', instance.revision)
        .executeTakeFirst();
      if (Number(ended.numUpdatedRows) === 1) await cancelOpenTasks(trx, instance.id, now);
    });
  }
}

/** Instances read per query of a timers run. */
const TIMER_BATCH = 50;

/** Longest a run of the timers job keeps firing; what is left waits for the next run. */
const RUN_BUDGET_MS = 1_500;

/**
 * Whether saying no at this task withdraws the caller's own request (the leave's 调整申请, whose
 * no is 撤销); every other no rejects someone else's and must say why.
 */
const isWithdrawal = (processKey: string, activityId: string): boolean =>
  processKey === LEAVE_PROCESS_KEY && activityId === LEAVE_ADJUST_ACTIVITY;
