import { leaveDays } from '@blade/schema';
import { AppError } from '../../core/errors.js';
import type { AuthContext } from '../../core/http.js';
import { nextId } from '../../core/ids.js';
import { utcNow } from '../../core/time.js';
import { created } from '../../db/audit.js';
import { liveRow } from '../../db/live-row.js';
import type { FlowService } from './flow-service.js';

/** A leave request as the applicant submits it (times already stored-form, checked by the route). */
export interface LeaveInput {
  processDefinitionId: number;
  leaveType: number;
  /** As the applicant wrote them (the days count from these). */
  wireStart: string;
  wireEnd: string;
  start: string;
  end: string;
  reason: string;
  approverId: number | undefined;
}

/**
 * Stores a leave request and starts its process in one transaction, the request naming its
 * instance and the instance its request (business key); answers both ids.
 */
export async function startLeave(flow: FlowService, auth: AuthContext, input: LeaveInput, hrDays: number) {
  const approver = input.approverId
    ? await auth.db
        .selectFrom('blade_user')
        .select(['id', 'status'])
        .where('id', '=', input.approverId)
        .where('is_deleted', '=', 0)
        .executeTakeFirst()
    : undefined;
  if (!approver) throw new AppError(404, 'rowNotFound');
  const days = leaveDays(input.wireStart, input.wireEnd) ?? 1;
  return auth.db.transaction().execute(async (trx) => {
    const leaveId = nextId();
    const now = utcNow();
    await trx
      .insertInto('blade_process_leave')
      .values({
        id: leaveId,
        tenant_id: auth.tenantId,
        process_definition_id: input.processDefinitionId,
        process_instance_id: null,
        applicant_id: auth.userId,
        leave_type: input.leaveType,
        start_time: input.start,
        end_time: input.end,
        days,
        reason: input.reason,
        approver_id: approver.id,
        outcome: null,
        ...created(auth, now),
      })
      .execute();
    const instanceId = await flow.start(
      { ...auth, db: trx },
      input.processDefinitionId,
      {
        applicantId: String(auth.userId),
        approverId: String(approver.id),
        days,
        hrDays,
        leaveId: String(leaveId),
      },
      String(leaveId),
      trx,
    );
    await trx
      .updateTable('blade_process_leave')
      .set({ process_instance_id: instanceId })
      .where('id', '=', leaveId)
      .execute();
    return { businessId: String(leaveId), processInstanceId: String(instanceId) };
  });
}

/** A leave request that is not removed (404 otherwise), with the state of its process. */
export async function leaveOf(auth: AuthContext, id: number) {
  const leave = await liveRow(auth.db, 'blade_process_leave', id);
  const instance = leave.process_instance_id
    ? await auth.db
        .selectFrom('flow_instance')
        .select(['state_name', 'current_activities'])
        .where('id', '=', leave.process_instance_id)
        .executeTakeFirst()
    : undefined;
  return { leave, instance };
}
