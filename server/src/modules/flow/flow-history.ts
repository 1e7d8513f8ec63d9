/** Reads of a process instance for the follow-up screens: who took part, and its history. */
import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { toWireTime } from '../../core/time.js';
import { isCandidate } from './candidates.js';

/**
 * Whether the caller took part in an instance: started it, holds or held one of its tasks (or
 * is a candidate for one), or handled one of its steps.
 */
export async function isParticipant(auth: AuthContext, instanceId: number): Promise<boolean> {
  const started = await auth.db
    .selectFrom('flow_instance')
    .select('id')
    .where('id', '=', instanceId)
    .where('starter_id', '=', auth.userId)
    .executeTakeFirst();
  if (started) return true;
  const task = await auth.db
    .selectFrom('flow_task')
    .select('id')
    .where('instance_id', '=', instanceId)
    .where((eb) => eb.or([eb('assignee_id', '=', auth.userId), isCandidate(auth)]))
    .limit(1)
    .executeTakeFirst();
  if (task) return true;
  const step = await auth.db
    .selectFrom('flow_history')
    .select('id')
    .where('instance_id', '=', instanceId)
    .where('assignee_id', '=', auth.userId)
    .limit(1)
    .executeTakeFirst();
  return Boolean(step);
}

/** The ordered history of an instance, and what the diagram highlights. */
export async function instanceHistory(auth: AuthContext, instanceId: number, timeZone: string) {
  const instance = await auth.db
    .selectFrom('flow_instance as i')
    .innerJoin('flow_definition as d', 'd.id', 'i.definition_id')
    .select([
      'i.id',
      'i.state_name',
      'i.engine_state',
      'd.xml',
      'i.name',
      'i.start_time',
      'i.end_time',
      'i.starter_id',
      'i.starter_name',
    ])
    .where('i.id', '=', instanceId)
    .where('i.is_deleted', '=', 0)
    .executeTakeFirst();
  if (!instance) throw new AppError(404, 'rowNotFound');
  const rows = await auth.db
    .selectFrom('flow_history')
    .selectAll()
    .where('instance_id', '=', instanceId)
    .orderBy('seq')
    .execute();
  const open = await auth.db
    .selectFrom('flow_task')
    .select(['activity_id', 'name', 'assignee_id', 'candidate_groups', 'create_time'])
    .where('instance_id', '=', instanceId)
    .where('state_name', '=', 'open')
    .execute();
  return {
    instance: {
      id: String(instance.id),
      name: instance.name,
      state: instance.state_name,
      starter: instance.starter_name,
      startTime: toWireTime(String(instance.start_time), timeZone),
      endTime: instance.end_time ? toWireTime(String(instance.end_time), timeZone) : null,
    },
    history: rows.map((h) => {
      // The start event is the applicant's own step: whoever started the instance handled it.
      const byStarter = h.assignee_id === null && /^startevent$/i.test(h.activity_type ?? '');
      const assigneeId = byStarter ? instance.starter_id : h.assignee_id;
      return {
        activityId: h.activity_id,
        activityName: h.activity_name,
        activityType: h.activity_type,
        assigneeId: assigneeId === null ? null : String(assigneeId),
        assignee: byStarter ? instance.starter_name : h.assignee_name,
        comment: h.comment,
        startTime: toWireTime(String(h.start_time), timeZone),
        endTime: h.end_time ? toWireTime(String(h.end_time), timeZone) : null,
        durationMs: h.duration_ms === null ? null : Number(h.duration_ms),
      };
    }),
    current: open.map((t) => ({
      activityId: t.activity_id,
      name: t.name,
      assigneeId: t.assignee_id === null ? null : String(t.assignee_id),
      candidateGroups: t.candidate_groups,
      since: toWireTime(String(t.create_time), timeZone),
    })),
    xml: instance.xml,
    finishedActivityIds: [...new Set(rows.map((h) => h.activity_id))],
    currentActivityIds: open.map((t) => t.activity_id),
  };
}
