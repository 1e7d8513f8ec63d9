import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.js';
import { caller } from '../../core/http.js';
import { parseId } from '../../core/ids.js';
import { answers, api } from '../../core/route-schema.js';
import { fromWireTime } from '../../core/time.js';
import { toWire } from '../../core/wire.js';
import { mayReadInstance } from './flow-access.js';
import { leaveDetail, leaveInput, leaveQuery, leaveStarted } from './flow-schemas.js';
import { leaveOf, startLeave } from './leave-requests.js';

/** The leave requests of /api/blade-desk/process/leave: a request starts the leave process. */
export async function leaveRoutes(app: FastifyInstance): Promise<void> {
  const { flow, config } = app.services;
  const tz = config.timeZone;
  const routes = api(app);

  routes.post(
    '/api/blade-desk/process/leave/start-process',
    {
      config: { access: 'user' },
      schema: {
        summary: 'Ask for leave: the request starts the leave process',
        body: leaveInput,
        response: answers(leaveStarted, 404, 409),
      },
    },
    async (request, reply) => {
      const input = request.body;
      const start = fromWireTime(input.startTime, tz);
      const end = fromWireTime(input.endTime, tz);
      if (!start || !end)
        throw new AppError(400, 'invalidField', {
          field: 'startTime',
          reason: 'must be a time like 2026-01-31 09:00:00',
        });
      if (end < start)
        throw new AppError(400, 'invalidField', { field: 'endTime', reason: 'must not be before the start' });
      const result = await startLeave(
        flow,
        caller(request),
        {
          processDefinitionId: input.processDefinitionId,
          leaveType: input.leaveType,
          wireStart: input.startTime,
          wireEnd: input.endTime,
          start,
          end,
          reason: input.reason,
          approverId: parseId(input.approverId),
        },
        config.leaveHrDays,
      );
      return reply.ok(result);
    },
  );

  routes.get(
    '/api/blade-desk/process/leave/detail',
    {
      config: { access: 'user' },
      schema: {
        summary: 'A leave request and the state of its process',
        querystring: leaveQuery,
        response: answers(leaveDetail, 404),
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { businessId } = request.query;
      const { leave, instance } = await leaveOf(auth, businessId);
      await mayReadInstance(
        request,
        leave.process_instance_id === null ? null : Number(leave.process_instance_id),
        leave.applicant_id === auth.userId || leave.approver_id === auth.userId,
      );
      return reply.ok({
        ...toWire(leave, tz, new Set(['startTime', 'endTime'])),
        processState: instance?.state_name ?? null,
        currentActivities: instance?.current_activities ?? null,
      });
    },
  );
}
