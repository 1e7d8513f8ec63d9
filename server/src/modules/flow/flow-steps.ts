import type { Kysely } from 'kysely';
import { AppError } from '../../core/errors.js';
import { nextId } from '../../core/ids.js';
import { dbTimeToDate, toDbTime, utcNow } from '../../core/time.js';
import { created, SERVER } from '../../db/audit.js';
import type { Database } from '../../db/tables.js';
import { resolveExpression, type TaskAssignment } from './bpmn.js';
import type { StepResult } from './runner.js';

/** Cancels an instance's open tasks: all of them, or only those of `ids`. */
export async function cancelOpenTasks(
  trx: Kysely<Database>,
  instanceId: number,
  now: string,
  ids?: number[],
): Promise<void> {
  let query = trx
    .updateTable('flow_task')
    .set({ state_name: 'cancelled', end_time: now, update_time: now })
    .where('instance_id', '=', instanceId)
    .where('state_name', '=', 'open');
  if (ids) query = query.where('id', 'in', ids);
  await query.execute();
}

/**
 * Stores one step: the instance's new state (only if nobody stored another step meanwhile),
 * history for what ended, the finished tasks, a task for every new wait, and the open tasks
 * whose activity no longer waits cancelled.
 */
export async function recordStep(
  trx: Kysely<Database>,
  at: {
    tenantId: string;
    instanceId: number;
    definitionId: number;
    tasks: Record<string, TaskAssignment>;
    revision: number;
  },
  step: StepResult,
  finishedTasks: Array<{
    activityId: string;
    assigneeId: number;
    assigneeName: string;
    comment: string | null;
    startTime: string;
  }>,
): Promise<void> {
  const now = utcNow();
  const updated = await trx
    .updateTable('flow_instance')
    .set({
      engine_state: step.state,
      state_name: step.completed ? 'completed' : 'running',
      end_time: step.completed ? now : null,
      current_activities:
        step.waiting
          .map((w) => w.name)
          .join(',')
          .slice(0, 1000) || null,
      timer_due: step.timerDue ? toDbTime(step.timerDue) : null,
      revision: at.revision + 1,
      update_time: now,
    })
    .where('id', '=', at.instanceId)
    .where('revision', '=', at.revision)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) throw new AppError(409, 'instanceBusy');

  const last = await trx
    .selectFrom('flow_history')
    .select((eb) => eb.fn.max<number>('seq').as('seq'))
    .where('instance_id', '=', at.instanceId)
    .executeTakeFirst();
  let seq = Number(last?.seq ?? 0);
  const finished = new Map(finishedTasks.map((t) => [t.activityId, t]));
  const history = step.ended
    .filter((a) => !a.type.endsWith('SequenceFlow'))
    .map((a) => {
      const task = finished.get(a.id);
      const start = task?.startTime ?? now;
      return {
        id: nextId(),
        tenant_id: at.tenantId,
        instance_id: at.instanceId,
        activity_id: a.id,
        activity_name: a.name,
        activity_type: a.type.replace('bpmn:', ''),
        assignee_id: task?.assigneeId ?? null,
        assignee_name: task?.assigneeName ?? null,
        comment: task?.comment ?? null,
        start_time: start,
        end_time: now,
        duration_ms: dbTimeToDate(now).getTime() - dbTimeToDate(start).getTime(),
        seq: ++seq,
      };
    });
  if (history.length) await trx.insertInto('flow_history').values(history).execute();

  if (step.completed) {
    await cancelOpenTasks(trx, at.instanceId, now);
    return;
  }
  const openTasks = await trx
    .selectFrom('flow_task')
    .select(['id', 'activity_id'])
    .where('instance_id', '=', at.instanceId)
    .where('state_name', '=', 'open')
    .execute();
  // A task whose activity no longer waits (a timer or another branch moved on) is cancelled.
  const waiting = new Set(step.waiting.map((w) => w.id));
  const stale = openTasks.filter((t) => !waiting.has(t.activity_id)).map((t) => t.id);
  if (stale.length) await cancelOpenTasks(trx, at.instanceId, now, stale);
  const open = new Set(openTasks.map((t) => t.activity_id));
  const variables = step.variables;
  const tasks = step.waiting
    .filter((w) => !open.has(w.id))
    .map((w) => {
      const assignment = at.tasks[w.id];
      const assignee = resolveExpression(assignment?.assignee, variables);
      return {
        id: nextId(),
        tenant_id: at.tenantId,
        instance_id: at.instanceId,
        definition_id: at.definitionId,
        activity_id: w.id,
        name: w.name,
        assignee_id: assignee && /^\d+$/.test(assignee) ? Number(assignee) : null,
        candidate_groups: resolveExpression(assignment?.candidateGroups, variables) ?? null,
        candidate_users: resolveExpression(assignment?.candidateUsers, variables) ?? null,
        claim_time: null,
        end_time: null,
        state_name: 'open',
        comment: null,
        approved: null,
        ...created(SERVER, now),
      };
    });
  if (tasks.length) await trx.insertInto('flow_task').values(tasks).execute();
}
